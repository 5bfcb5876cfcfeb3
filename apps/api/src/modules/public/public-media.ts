import type { PublicMedia } from '@gestor/shared';
import type { MediaUrls, StoredVariants } from '../multimedia/media-refs';

// docs/public-api.md#paths: `{url, width, height, alt, mime_type, variants: {thumbnail, medium}}`,
// with the file's current address (the storage driver's, so a replace or a new APP_URL / S3_PUBLIC_URL
// shows at once). Never the original name, the uploader or the checksum.

/**
 * The SQL of one media item (its row under `alias`), as publicMedia reads it; `alt` is the SQL of
 * its text alternative where the use has its own (referenceAltSql), else the library's.
 */
export const publicMediaSql = (alias: string, alt = `${alias}.alt`) =>
  `json_build_object('file', ${alias}.file, 'mime', ${alias}.mime_type, 'width', ${alias}.width,
     'height', ${alias}.height, 'alt', ${alt}, 'size', ${alias}.size, 'variants', ${alias}.variants)`;

/** The SQL of the media item with id `idColumn`, or null (its alternative as publicMediaSql's). */
export const publicMediaByIdSql = (idColumn: string, alt?: string) =>
  `(SELECT ${publicMediaSql('m', alt)} FROM multimedia m WHERE m.id = ${idColumn})`;

/**
 * docs/accessibility.md: the alternative of a reference that has its own (`<reference>_alt`,
 * `<reference>_decorative` of the record under `record`) over the library item `media`: empty when
 * it is decorative here, the one written for this use, else the library's.
 */
export const referenceAltSql = (record: string, reference: string, media: string) =>
  `(CASE WHEN ${record}.${reference}_decorative THEN '' ELSE coalesce(${record}.${reference}_alt, ${media}.alt) END)`;

export interface StoredMedia {
  file: string;
  mime: string;
  width: number | null;
  height: number | null;
  alt: string | null;
  size: number;
  variants: StoredVariants;
}

export function publicMedia(urls: MediaUrls, raw: unknown): PublicMedia | null {
  if (!raw) return null;
  const item = raw as StoredMedia;
  return {
    url: urls.url(item.file),
    width: item.width,
    height: item.height,
    alt: item.alt,
    mime_type: item.mime,
    variants: {
      thumbnail: urls.variant(item.variants?.thumbnail),
      medium: urls.variant(item.variants?.medium),
    },
  };
}
