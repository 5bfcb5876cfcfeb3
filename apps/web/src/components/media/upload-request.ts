import type { MediaRecord } from '@gestor/shared';
import { ApiError, api, apiBaseUrl, buildUrl } from '../../lib/api-client';
import { readCookie } from '../../lib/cookies';

// Uploads go through XMLHttpRequest because fetch reports no upload progress. Everything else is as
// the API client does it (docs/http-api.md#what-the-spa-sends): credentials, Accept: application/json, ?lang=es, X-XSRF-TOKEN
// from its cookie, the body's `data` unwrapped, and a 401/403 signing the person out (docs/http-api.md#sign-in-lifecycle).

/**
 * UPLOAD_MAX_MB's default on the server (docs/areas.md#multimedia), used until GET /api/multimedia/limits
 * answers with the server's own. The client only uses it to spare sending a file certain to be
 * refused; the server's 413 remains the authority.
 */
export const UPLOAD_MAX_MB = 20;
export const UPLOAD_MAX_BYTES = UPLOAD_MAX_MB * 1024 * 1024;

export const tooLargeMessage = (maxBytes: number) =>
  `El archivo supera el tamaño máximo permitido (${Math.round(maxBytes / 1024 / 1024)} MB).`;
export const TOO_LARGE_MESSAGE = tooLargeMessage(UPLOAD_MAX_BYTES);

export interface UploadOptions {
  /** From 0 to 1, as the bytes leave the browser. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

function parse(xhr: XMLHttpRequest): unknown {
  const text = xhr.responseText;
  if (!text) return null;
  if (!(xhr.getResponseHeader('Content-Type') ?? '').includes('json')) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** POST or PUT a multipart body; resolves with the answer's `data`, rejects with an ApiError. */
export function sendMultipart<T>(
  method: 'POST' | 'PUT',
  path: string,
  body: FormData,
  { onProgress, signal }: UploadOptions = {},
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('Subida cancelada', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open(method, buildUrl(apiBaseUrl(), path));
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    const token = readCookie('XSRF-TOKEN');
    if (token) xhr.setRequestHeader('X-XSRF-TOKEN', token);

    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    });
    const abort = () => xhr.abort();
    signal?.addEventListener('abort', abort, { once: true });
    const settle = () => signal?.removeEventListener('abort', abort);

    xhr.addEventListener('load', () => {
      settle();
      const parsed = parse(xhr);
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(1);
        resolve((parsed as { data?: T } | null)?.data as T);
        return;
      }
      const error = api.errorFrom(xhr.status, parsed);
      // A proxy's 413 page carries no Spanish message.
      reject(
        xhr.status === 413 && !(parsed as { message?: unknown } | null)?.message
          ? new ApiError(413, TOO_LARGE_MESSAGE)
          : error,
      );
    });
    xhr.addEventListener('error', () => {
      settle();
      reject(api.errorFrom(0, null));
    });
    xhr.addEventListener('abort', () => {
      settle();
      reject(new DOMException('Subida cancelada', 'AbortError'));
    });
    xhr.send(body);
  });
}

function fileForm(file: File, fields: Record<string, string | null | undefined> = {}): FormData {
  const form = new FormData();
  // Text parts first: the server reads the parts in order as they stream in.
  for (const [name, value] of Object.entries(fields)) {
    if (value) form.append(name, value);
  }
  form.append('file', file, file.name);
  return form;
}

/** POST /api/multimedia: one file (and optionally its alt and title) → the new media item. */
export function uploadMedia(
  file: File,
  fields: { alt?: string | null; title?: string | null } = {},
  options?: UploadOptions,
): Promise<MediaRecord> {
  return sendMultipart<MediaRecord>('POST', '/api/multimedia', fileForm(file, fields), options);
}

/** PUT /api/multimedia/{id}/file: same id and usages, a new file and new URLs. */
export function replaceMediaFile(id: number, file: File, options?: UploadOptions): Promise<MediaRecord> {
  return sendMultipart<MediaRecord>('PUT', `/api/multimedia/${id}/file`, fileForm(file), options);
}

export function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/** Why an upload failed, in the server's Spanish words: the file's own message when there is one. */
export function uploadErrorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.fieldError('file') ?? error.message;
  return 'Se ha producido un error inesperado. Inténtelo de nuevo.';
}
