import { formatFileSize, type MediaRecord } from '@gestor/shared';
import type { ListViewContext } from '../../../components/list/resource-list-screen';
import { extensionOf } from '../../../components/media/media-kind';
import { MediaThumbnail } from '../../../components/media/media-thumbnail';

/**
 * The library's page as a grid of thumbnails (the list's default view). Each tile's name is the
 * button that opens the side panel, stretched over the tile; the image keeps its own alt text, or
 * none when decorative, since the name is written beside it.
 */
export function MediaGrid({
  rows,
  selectable,
  isSelected,
  setSelected,
  open,
  nameOf,
  labelledBy,
}: ListViewContext<MediaRecord>) {
  return (
    <ul className="media-grid" aria-labelledby={labelledBy}>
      {rows.map((media) => {
        const name = nameOf(media);
        const selected = isSelected(media);
        return (
          <li key={media.id} className={selected ? 'media-tile media-tile-selected' : 'media-tile'}>
            {/* First in the tab order, as it sits first on screen (the top left corner). */}
            {selectable(media) && (
              <input
                type="checkbox"
                className="media-tile-check"
                checked={selected}
                aria-label={selected ? `Quitar de la selección «${name}»` : `Seleccionar «${name}»`}
                onChange={(event) => setSelected(media, event.target.checked)}
              />
            )}
            <MediaThumbnail media={media} className="media-tile-preview" />
            <div className="media-tile-body">
              <button type="button" className="media-tile-open" title={name} onClick={() => open(media)}>
                {name}
              </button>
              <span className="media-tile-meta">
                {extensionOf(media)} · {formatFileSize(media.size)}
                {media.width && media.height ? ` · ${media.width}×${media.height}` : ''}
              </span>
            </div>
            {media.usage_count > 0 && (
              <span className="media-tile-badge">
                {media.usage_count === 1 ? 'En uso' : `En uso (${media.usage_count})`}
              </span>
            )}
          </li>
        );
      })}
    </ul>
  );
}
