import type { ValidationErrors } from '@gestor/shared';
import { readCookie } from './cookies';

// docs/http-api.md#what-the-spa-sends / docs/http-api.md: every call carries credentials, Accept: application/json, a Referer,
// ?lang=es and X-XSRF-TOKEN (from the XSRF-TOKEN cookie) when that cookie exists; responses are
// unwrapped from `data` unless raw output is asked for.

/** docs/architecture.md#the-spa: a GET is retried once on these statuses; other methods never are. */
export const RETRY_STATUSES: ReadonlySet<number> = new Set([408, 409, 425, 429, 500, 502, 503, 504]);

export const INTERFACE_LANGUAGE = 'es';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

type QueryValue = string | number | boolean | null | undefined;
export type QueryParams = Record<string, QueryValue | readonly QueryValue[]>;

export interface RequestOptions {
  params?: QueryParams;
  /** Return the whole body instead of its `data` field (paginated lists, `{status}` answers). */
  raw?: boolean;
  signal?: AbortSignal;
  /** Sent even if the page is going away (a tab saying it left a record while it closes). */
  keepalive?: boolean;
  headers?: Record<string, string>;
  /**
   * false: a 401/403 still clears the user, but the caller decides where to go. The route guard uses
   * it, because it knows the route being entered, which may be a guest or public one.
   */
  authRedirect?: boolean;
}

/** Every failed call throws one of these; `errors` holds a 422's field messages. */
export class ApiError extends Error {
  readonly status: number;
  readonly errors: ValidationErrors;
  /** A 403 because a role requires two-factor sign-in not yet set up (decision 035): not a sign-out. */
  readonly twoFactorRequired: boolean;

  constructor(status: number, message: string, errors: ValidationErrors = {}, twoFactorRequired = false) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.errors = errors;
    this.twoFactorRequired = twoFactorRequired;
  }

  /** The first message for one field, if the server sent any. */
  fieldError(field: string): string | undefined {
    return this.errors[field]?.[0];
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export type AuthErrorHandler = (error: ApiError, context: { redirect: boolean }) => void;

export interface ApiClientDependencies {
  /** The API's base address (docs/architecture.md#the-spa: the page's origin unless VITE_API_BASE_URL is set). */
  baseUrl: () => string;
  fetch: (url: string, init: RequestInit) => Promise<Response>;
  cookies: () => string;
  referrer: () => string;
}

const FALLBACK_MESSAGES: Record<number, string> = {
  0: 'No se ha podido conectar con el servidor. Compruebe su conexión e inténtelo de nuevo.',
  401: 'No autenticado.',
  403: 'Esta acción no está autorizada.',
  404: 'El recurso solicitado no existe.',
  419: 'La sesión ha caducado. Recargue la página e inténtelo de nuevo.',
  422: 'Los datos enviados no son válidos.',
  429: 'Demasiadas peticiones. Inténtelo de nuevo más tarde.',
};
const SERVER_FAULT = 'Se ha producido un error en el servidor. Inténtelo de nuevo más tarde.';

export function buildUrl(baseUrl: string, path: string, params: QueryParams = {}): string {
  // Relative to the base, so a base with a path (https://example.org/gestor) keeps it.
  const url = new URL(path.replace(/^\/+/, ''), baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`);
  for (const [key, value] of Object.entries(params)) {
    const values = Array.isArray(value) ? value : [value];
    for (const item of values) {
      if (item === undefined || item === null) continue;
      url.searchParams.append(key, String(item));
    }
  }
  url.searchParams.set('lang', INTERFACE_LANGUAGE);
  return url.toString();
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204 || response.status === 205) return null;
  const text = await response.text();
  if (!text) return null;
  const type = response.headers.get('Content-Type') ?? '';
  if (!type.includes('json')) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function toApiError(status: number, body: unknown): ApiError {
  const fields = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const message =
    typeof fields.message === 'string' && fields.message
      ? fields.message
      : (FALLBACK_MESSAGES[status] ?? SERVER_FAULT);
  const errors =
    typeof fields.errors === 'object' && fields.errors !== null ? (fields.errors as ValidationErrors) : {};
  return new ApiError(status, message, errors, status === 403 && fields.two_factor_required === true);
}

export function createApiClient(dependencies: ApiClientDependencies) {
  let onAuthError: AuthErrorHandler = () => {};

  async function send(url: string, init: RequestInit): Promise<Response> {
    try {
      return await dependencies.fetch(url, init);
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      throw new ApiError(0, FALLBACK_MESSAGES[0]!);
    }
  }

  async function request<T>(
    method: HttpMethod,
    path: string,
    body: unknown,
    options: RequestOptions = {},
  ): Promise<T> {
    const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
    const xsrfToken = readCookie('XSRF-TOKEN', dependencies.cookies());
    if (xsrfToken) headers['X-XSRF-TOKEN'] = xsrfToken;

    let payload: BodyInit | undefined;
    if (body !== undefined) {
      if (body instanceof FormData) {
        payload = body; // the browser sets multipart/form-data with its boundary
      } else {
        headers['Content-Type'] = 'application/json';
        payload = JSON.stringify(body);
      }
    }

    const url = buildUrl(dependencies.baseUrl(), path, options.params);
    const init: RequestInit = {
      method,
      headers,
      body: payload,
      credentials: 'include',
      referrer: dependencies.referrer(),
      signal: options.signal,
      ...(options.keepalive ? { keepalive: true } : {}),
    };

    let response = await send(url, init);
    if (method === 'GET' && RETRY_STATUSES.has(response.status)) {
      response = await send(url, init);
    }

    const parsed = await readBody(response);
    if (!response.ok) {
      const error = toApiError(response.status, parsed);
      // docs/http-api.md#sign-in-lifecycle: any 401 or 403 signs the user out locally, without calling the server.
      if (error.status === 401 || error.status === 403) {
        onAuthError(error, { redirect: options.authRedirect !== false });
      }
      throw error;
    }
    if (options.raw) return parsed as T;
    return (typeof parsed === 'object' && parsed !== null ? (parsed as { data?: T }).data : undefined) as T;
  }

  return {
    get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, undefined, options),
    post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
      request<T>('POST', path, body, options),
    put: <T>(path: string, body?: unknown, options?: RequestOptions) =>
      request<T>('PUT', path, body, options),
    patch: <T>(path: string, body?: unknown, options?: RequestOptions) =>
      request<T>('PATCH', path, body, options),
    delete: <T>(path: string, body?: unknown, options?: RequestOptions) =>
      request<T>('DELETE', path, body, options),
    /**
     * The ApiError for an answer received outside this client (uploads go through XMLHttpRequest for
     * their progress events), with the same 401/403 handling as every other call (docs/http-api.md#sign-in-lifecycle).
     */
    errorFrom(status: number, body: unknown, options: Pick<RequestOptions, 'authRedirect'> = {}): ApiError {
      const error = toApiError(status, body);
      if (error.status === 401 || error.status === 403) {
        onAuthError(error, { redirect: options.authRedirect !== false });
      }
      return error;
    },
    /** Installed once by the auth store: what a 401/403 does. */
    setAuthErrorHandler(handler: AuthErrorHandler) {
      onAuthError = handler;
    },
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** docs/architecture.md#the-spa: the page's own origin unless the build sets VITE_API_BASE_URL. */
export function apiBaseUrl(): string {
  return import.meta.env.VITE_API_BASE_URL || window.location.origin;
}

/** The client the application uses: browser globals are read at call time, never at import. */
export const api: ApiClient = createApiClient({
  baseUrl: apiBaseUrl,
  fetch: (url, init) => window.fetch(url, init),
  cookies: () => document.cookie,
  referrer: () => window.location.href,
});
