import type { MediaRecord } from '@gestor/shared';
import { absoluteMediaUrl } from '../../../components/media/media-api';
import { extensionOf, kindIcon } from '../../../components/media/media-kind';

/**
 * The panel's preview: an image at its medium size, a player for video and audio, and for
 * documents their type with a link that opens them (PDF in the browser; the rest download).
 */
export function MediaPreview({ media }: { media: MediaRecord }) {
  const src = absoluteMediaUrl(media.url);
  switch (media.kind) {
    case 'image': {
      const medium = media.variants.medium;
      return (
        <figure className="media-preview media-preview-image">
          <img
            src={medium ? absoluteMediaUrl(medium.url) : src}
            alt={media.alt ?? ''}
            width={medium?.width ?? media.width ?? undefined}
            height={medium?.height ?? media.height ?? undefined}
          />
        </figure>
      );
    }
    case 'video':
      return (
        <figure className="media-preview">
          {/* biome-ignore lint/a11y/useMediaCaption: uploaded videos come without caption tracks; the library cannot add them. */}
          <video src={src} controls preload="metadata" aria-label={`Vídeo «${media.original_name}»`} />
        </figure>
      );
    case 'audio':
      return (
        <figure className="media-preview media-preview-audio">
          {/* biome-ignore lint/a11y/useMediaCaption: an uploaded MP3 has no caption track. */}
          <audio src={src} controls preload="metadata" aria-label={`Audio «${media.original_name}»`} />
        </figure>
      );
    default:
      return (
        <figure className="media-preview media-preview-document">
          <span className="media-preview-type" aria-hidden="true">
            <i className={kindIcon('document')} />
            <span>{extensionOf(media)}</span>
          </span>
          <a href={src} target="_blank" rel="noopener noreferrer" className="media-preview-link">
            {media.mime_type === 'application/pdf' ? 'Abrir el PDF' : 'Descargar el archivo'}
            <span className="sr-only"> (se abre en una pestaña nueva)</span>
          </a>
        </figure>
      );
  }
}
