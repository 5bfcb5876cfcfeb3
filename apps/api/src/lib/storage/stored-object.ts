import { ACCEPTED_MEDIA } from '@gestor/shared';

// What both storage drivers and the public route agree on: which keys exist, and how a stored file is
// described to a browser (type, inline or attachment, the name offered on download).

/** A storage key: lower-case path segments, never absolute, never climbing out with "..". */
const STORAGE_KEY = /^[a-z0-9][a-z0-9/._-]*$/;

export function isStorageKey(key: string): boolean {
  return (
    key.length <= 1024 &&
    STORAGE_KEY.test(key) &&
    !key.split('/').some((segment) => segment === '' || segment === '.' || segment === '..') &&
    !key.includes('..')
  );
}

export class InvalidStorageKeyError extends Error {
  constructor(key: string) {
    super(`Invalid storage key: ${JSON.stringify(key.slice(0, 200))}`);
  }
}

export function assertStorageKey(key: string): void {
  if (!isStorageKey(key)) throw new InvalidStorageKeyError(key);
}

/** The server-made names under media/ the public route serves: `<uuid>.<ext>`, `<uuid>-thumb.webp`, … */
export const MEDIA_FILE_NAME =
  /^[a-z0-9-]{1,100}\.(jpg|png|webp|gif|avif|pdf|docx|xlsx|pptx|odt|ods|odp|txt|csv|mp4|webm|mp3)$/;

/** What a browser may show in place; anything else is offered as a download, so it never runs as a page. */
export function dispositionFor(mime: string): 'inline' | 'attachment' {
  return /^(image|audio|video)\//.test(mime) || mime === 'application/pdf' ? 'inline' : 'attachment';
}

const MIME_BY_EXTENSION = new Map(ACCEPTED_MEDIA.map((media) => [media.extension, media.mime]));

/** The Content-Type of a served media file, from its (server-made) extension; null for any other name. */
export function contentTypeOf(name: string): string | null {
  const match = MEDIA_FILE_NAME.exec(name);
  const mime = match ? MIME_BY_EXTENSION.get(match[1]!) : undefined;
  if (!mime) return null;
  // Without a charset a browser guesses one, and guesses wrong for Spanish text.
  return mime.startsWith('text/') ? `${mime}; charset=utf-8` : mime;
}

/**
 * A Content-Disposition value (RFC 6266): an ASCII `filename` every browser reads, plus `filename*`
 * (RFC 8187, UTF-8) when the name has characters that cannot travel in a plain header.
 */
export function contentDisposition(disposition: 'inline' | 'attachment', filename?: string): string {
  if (!filename) return disposition;
  const fallback = filename
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]|["\\%]/g, '_');
  if (fallback === filename) return `${disposition}; filename="${filename}"`;
  const encoded = encodeURIComponent(filename).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${disposition}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
