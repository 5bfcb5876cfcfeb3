import './media.css';
import { extensionOf, kindIcon, kindOf, type MediaSummary, thumbnailUrl } from './media-kind';

/**
 * A media item's small picture: an image's thumbnail variant with its alt text (empty when the
 * image is decorative — the file's name is always written beside it), or the type's icon and
 * extension for anything else.
 */
export function MediaThumbnail({ media, className }: { media: MediaSummary; className?: string }) {
  const src = thumbnailUrl(media);
  const thumbnail = media.variants?.thumbnail;
  return (
    <span className={`media-thumbnail ${className ?? ''}`}>
      {src ? (
        <img
          src={src}
          alt={media.alt ?? ''}
          loading="lazy"
          decoding="async"
          width={thumbnail?.width || media.width || undefined}
          height={thumbnail?.height || media.height || undefined}
        />
      ) : (
        <span className="media-thumbnail-type" aria-hidden="true">
          <i className={kindIcon(kindOf(media))} aria-hidden="true" />
          <span className="media-thumbnail-extension">{extensionOf(media)}</span>
        </span>
      )}
    </span>
  );
}
