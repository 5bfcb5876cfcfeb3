import { isApiError } from './api-client';

// What the person reads when the browser's passkey step does not finish (decision 036). The browser
// names its failures (DOMException names); the server's refusals arrive as API errors and keep their
// own Spanish message.

const BROWSER_FAILURES: Record<string, string> = {
  NotAllowedError:
    'No se ha usado ninguna llave de acceso: se ha cancelado o ha pasado el tiempo. Puede intentarlo de nuevo.',
  InvalidStateError: 'Esta llave de acceso ya está añadida a su cuenta.',
  SecurityError: 'El navegador no permite usar llaves de acceso en esta dirección.',
  NotSupportedError: 'Este dispositivo no admite el tipo de llave de acceso que se pide.',
  AbortError: 'Se ha cancelado la petición de la llave de acceso.',
};

export function passkeyFailure(error: unknown): string {
  if (isApiError(error)) return error.message;
  // @simplewebauthn/browser wraps the browser's DOMException: its cause keeps the original name.
  const cause = (error as { cause?: unknown } | null)?.cause;
  const name =
    (cause instanceof Error && cause.name) || (error instanceof Error ? error.name : undefined) || '';
  return BROWSER_FAILURES[name] ?? 'No se ha podido usar la llave de acceso. Inténtelo de nuevo.';
}
