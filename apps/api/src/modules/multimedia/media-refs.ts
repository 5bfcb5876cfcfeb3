import type { MediaRecord, MediaRef } from '@gestor/shared';
import type { Storage } from '../../lib/storage/storage';

// How media items read inside other records (a category's image, a news item's cover) and in the
// library itself: URLs come from the storage driver (local /storage/… or the S3 public address).

export interface StoredVariant {
  file: string;
  width: number;
  height: number;
}
export type StoredVariants = { thumbnail?: StoredVariant; medium?: StoredVariant };

/** Storage keys live under `media/`; the database keeps only the file names. */
export const mediaKey = (file: string) => `media/${file}`;

/** Every storage key of one item: the file and its variants. */
export function mediaKeys(item: { file: string; variants: StoredVariants }): string[] {
  return [item.file, item.variants.thumbnail?.file, item.variants.medium?.file]
    .filter((file): file is string => Boolean(file))
    .map(mediaKey);
}

/** The SQL (a JSON object, or null) of the media item whose id is in `column`, for an area's SELECT list. */
export const mediaRefSql = (column: string) =>
  `(SELECT json_build_object('id', m.id, 'name', m.original_name, 'file', m.file, 'alt', m.alt,
     'width', m.width, 'height', m.height, 'thumbnail', m.variants->'thumbnail'->>'file')
     FROM multimedia m WHERE m.id = ${column})`;

export interface MediaUrls {
  url(file: string): string;
  /**
   * Where this API's media files live, for the rich text allowlist: /storage/media on the API (which
   * serves them with either driver) and, with S3_PUBLIC_URL, the bucket's public address.
   */
  baseUrls: readonly string[];
  variant(variant: StoredVariant | undefined): MediaRecord['variants']['thumbnail'];
  /** A row of mediaRefSql as the API returns it. */
  ref(raw: unknown): MediaRef | null;
}

export function mediaUrls(storage: Storage, appUrl: string): MediaUrls {
  const url = (file: string) => storage.url(mediaKey(file));
  const own = `${appUrl}/storage/media`;
  // The storage's address of a file, without the file.
  const probe = url('probe.webp');
  const public_ = probe.slice(0, -'/probe.webp'.length);
  return {
    url,
    baseUrls: public_ === own ? [own] : [own, public_],
    variant: (variant) =>
      variant ? { url: url(variant.file), width: variant.width, height: variant.height } : null,
    ref(raw) {
      if (!raw) return null;
      const row = raw as {
        id: number;
        name: string;
        file: string;
        alt: string | null;
        width: number | null;
        height: number | null;
        thumbnail: string | null;
      };
      return {
        id: row.id,
        name: row.name,
        url: url(row.file),
        alt: row.alt,
        width: row.width,
        height: row.height,
        thumbnail_url: row.thumbnail ? url(row.thumbnail) : null,
      };
    },
  };
}
