import type { MediaRecord } from '@gestor/shared';
import type { PickedImage } from './rich-text-types';

/**
 * A media item as an image of the body: the medium variant (WebP within 1280 px) when the original
 * is larger, else the original. Animated GIFs keep their original, which the variant would freeze.
 */
export function pickedImageOf(record: MediaRecord): PickedImage {
  const medium = record.variants.medium;
  const useMedium = medium !== null && record.mime_type !== 'image/gif' && (record.width ?? 0) > medium.width;
  return {
    id: record.id,
    url: useMedium ? medium.url : record.url,
    alt: record.alt ?? '',
    width: useMedium ? medium.width : record.width,
    height: useMedium ? medium.height : record.height,
  };
}
