import type { PublicMedia } from '@gestor/shared';
import type { MediaUrls, StoredVariants } from '../multimedia/media-refs';

// docs/public-api.md#paths: `{url, width, height, alt, mime_type, variants: {thumbnail, medium}}`,
// with the file's current address (the storage driver's, so a replace or a new APP_URL / S3_PUBLIC_URL
// shows at once). Never the original name, the uploader or the checksum.

/** The SQL of one media item (its row under `alias`), as publicMedia reads it. */
export const publicMediaSql = (alias: string) =>
  `json_build_object('file', ${alias}.file, 'mime', ${alias}.mime_type, 'width', ${alias}.width,
     'height', ${alias}.height, 'alt', ${alias}.alt, 'size', ${alias}.size, 'variants', ${alias}.variants)`;

/** The SQL of the media item with id `idColumn`, or null. */
export const publicMediaByIdSql = (idColumn: string) =>
  `(SELECT ${publicMediaSql('m')} FROM multimedia m WHERE m.id = ${idColumn})`;

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
