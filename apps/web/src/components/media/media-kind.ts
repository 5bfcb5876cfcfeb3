import {
  ACCEPTED_MEDIA,
  MEDIA_KIND_LABELS,
  type MediaKind,
  type MediaRecord,
  type MediaRef,
} from '@gestor/shared';

// How a media item is named and drawn by its type: the server reads the type from the bytes
// (docs/areas.md#multimedia), so the mime type it answers decides, not the file's name.

const KIND_ICONS: Record<MediaKind, string> = {
  image: 'pi pi-image',
  document: 'pi pi-file',
  video: 'pi pi-video',
  audio: 'pi pi-volume-up',
};

/** What the pickers and previews need of a media item; the areas' records carry at least this. */
export type MediaSummary = Pick<MediaRecord, 'id' | 'url'> &
  Partial<
    Pick<
      MediaRecord,
      'alt' | 'title' | 'original_name' | 'mime_type' | 'kind' | 'variants' | 'width' | 'height' | 'size'
    >
  >;

export function kindOf(media: MediaSummary): MediaKind {
  if (media.kind) return media.kind;
  const mime = media.mime_type ?? '';
  if (mime.startsWith('image/')) return 'image';
  if (mime.startsWith('video/')) return 'video';
  if (mime.startsWith('audio/')) return 'audio';
  return 'document';
}

export function kindIcon(kind: MediaKind): string {
  return KIND_ICONS[kind];
}

export function kindLabel(kind: MediaKind): string {
  return MEDIA_KIND_LABELS[kind];
}

/** "PDF", "JPG": the stored type's usual extension, else the one in the original name. */
export function extensionOf(media: MediaSummary): string {
  const known = ACCEPTED_MEDIA.find((accepted) => accepted.mime === media.mime_type);
  if (known) return known.extension.toUpperCase();
  const match = /\.([a-z0-9]{1,8})$/i.exec(media.original_name ?? media.url);
  return match?.[1]?.toUpperCase() ?? '';
}

/** "Word (docx)", "JPEG": the type as people know it. */
export function typeLabel(media: MediaSummary): string {
  return ACCEPTED_MEDIA.find((accepted) => accepted.mime === media.mime_type)?.label ?? media.mime_type ?? '';
}

/** A media item's name for people: its title, else the name it was uploaded with. */
export function mediaName(media: MediaSummary): string {
  return media.title || media.original_name || `#${media.id}`;
}

/** The small picture of an image: the thumbnail variant, else the file itself. */
export function thumbnailUrl(media: MediaSummary): string | null {
  if (kindOf(media) !== 'image') return null;
  return media.variants?.thumbnail?.url ?? media.url;
}

/** A media item as another area's record carries it (`MediaRef`: a cover, a logo) or as the library lists it. */
export type MediaLike = MediaSummary | MediaRef;

/** A `MediaRef` (`{id, name, url, alt, thumbnail_url…}`) read as the library's shape. */
export function asSummary(media: MediaLike): MediaSummary {
  if (!('thumbnail_url' in media)) return media;
  const { id, name, url, alt, width, height, thumbnail_url } = media;
  const image = thumbnail_url !== null || /\.(jpe?g|png|webp|gif|avif)$/i.test(url);
  return {
    id,
    url,
    alt,
    width,
    height,
    original_name: name,
    kind: image ? 'image' : undefined,
    mime_type: undefined,
    variants: {
      thumbnail: thumbnail_url ? { url: thumbnail_url, width: width ?? 0, height: height ?? 0 } : null,
      medium: null,
    },
  };
}
