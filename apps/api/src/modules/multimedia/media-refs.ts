import type { MediaRecord, MediaRef } from '@gestor/shared';
import type { Storage } from '../../lib/storage/storage';
import type { RefTarget } from '../resource/declared-fields';

// How media items read inside other records (a category's image, a news item's cover) and in the
// library itself: URLs come from the storage driver (local /storage/… or the S3 public address).

export interface StoredVariant {
  file: string;
  width: number;
  height: number;
}
export type StoredVariants = { thumbnail?: StoredVariant; medium?: StoredVariant };

/**
 * What a reference that takes images accepts (a news cover, an entity logo, a category or slide
 * image, a space's gallery: `accept: 'image'` in the field table): anything else is a 422 naming the
 * file.
 */
export const IMAGES_ONLY: NonNullable<RefTarget['accept']> = {
  column: 'kind',
  values: ['image'],
  nameColumn: 'original_name',
  refusal: (name) => `«${name}» no es una imagen: elija una imagen.`,
};

/** Storage keys live under `media/`; the database keeps only the file names. */
export const mediaKey = (file: string) => `media/${file}`;

/** Every storage key of one item: the file and its variants. */
export function mediaKeys(item: { file: string; variants: StoredVariants }): string[] {
  return [item.file, item.variants.thumbnail?.file, item.variants.medium?.file]
    .filter((file): file is string => Boolean(file))
    .map(mediaKey);
}

/** How a media item reads inside another record (SQL over its row's `alias`); MediaUrls.ref reads it. */
export const mediaShape = (alias: string) =>
  `json_build_object('id', ${alias}.id, 'name', ${alias}.original_name, 'file', ${alias}.file, 'alt', ${alias}.alt,
     'width', ${alias}.width, 'height', ${alias}.height, 'thumbnail', ${alias}.variants->'thumbnail'->>'file')`;

export interface MediaUrls {
  url(file: string): string;
  /**
   * The file an address of this library names (`<APP_URL>/storage/media/<file>`, or under
   * S3_PUBLIC_URL), or null: how a body written with addresses finds its images' ids.
   */
  fileOf(src: string): string | null;
  variant(variant: StoredVariant | undefined): MediaRecord['variants']['thumbnail'];
  /** A value of mediaShape as the API returns it. */
  ref(raw: unknown): MediaRef | null;
}

/**
 * The file that an address under one of `bases` names, or null: media files have server-made names
 * (`<32 hex>.<ext>`, `<hex>-medium.webp`), a name and no path.
 */
export function libraryFileOf(bases: readonly string[]): (src: string) => string | null {
  const prefixes = [...new Set(bases.map((base) => `${base.replace(/\/+$/, '')}/`))];
  return (src) => {
    const prefix = prefixes.find((candidate) => src.startsWith(candidate));
    const file = prefix ? src.slice(prefix.length) : '';
    return /^[a-z0-9][a-z0-9._-]*$/i.test(file) ? file : null;
  };
}

export function mediaUrls(storage: Storage, appUrl: string): MediaUrls {
  const url = (file: string) => storage.url(mediaKey(file));
  // The storage's address of a file, without the file.
  const probe = url('probe.webp');
  return {
    url,
    fileOf: libraryFileOf([`${appUrl}/storage/media`, probe.slice(0, -'/probe.webp'.length)]),
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
