import { STATUS_CODES } from 'node:http';
import { MESSAGES, type ValidationErrors } from '@gestor/shared';

// Errors a handler throws on purpose; plugins/errors.ts turns each into its status and JSON body.

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** Laravel's 422: `{message: first error, errors: {field: [...]}}`. */
export class ValidationError extends HttpError {
  constructor(
    readonly errors: ValidationErrors,
    statusCode = 422,
    headers: Record<string, string> = {},
  ) {
    super(statusCode, Object.values(errors)[0]?.[0] ?? MESSAGES.validationFailed, headers);
  }

  static field(field: string, message: string, statusCode = 422, headers: Record<string, string> = {}) {
    return new ValidationError({ [field]: [message] }, statusCode, headers);
  }
}

export const unauthenticated = () => new HttpError(401, MESSAGES.unauthenticated);
export const forbidden = (message: string = MESSAGES.forbidden) => new HttpError(403, message);
export const notFound = () => new HttpError(404, MESSAGES.notFound);
export const conflict = () => new HttpError(409, MESSAGES.conflict);

/** A complete HTTP/1.1 answer written straight onto a socket whose request could not be parsed. */
export function rawJsonResponse(status: number, message: string): string {
  const body = JSON.stringify({ message });
  return [
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Cache-Control: no-store',
    'X-Content-Type-Options: nosniff',
    'Connection: close',
    '',
    body,
  ].join('\r\n');
}
