import { DASHBOARD_MEDIA_LABELS, type DashboardMedia, type MediaSpace } from '@gestor/shared/dashboard';
import { formatFileSize } from '@gestor/shared/file-size';
import { Link } from 'react-router';
import { Widget } from './widget';

const files = (count: number) => `${count.toLocaleString('es-ES')} ${count === 1 ? 'archivo' : 'archivos'}`;
const usage = ({ count, bytes }: MediaSpace) => `${files(count)}, ${formatFileSize(bytes)}`;

/** "Multimedia": the library's space by kind, each kind's share drawn as a bar. */
export function MediaWidget({ media }: { media: DashboardMedia }) {
  const empty = media.total.count === 0 && media.trashed.count === 0;
  const largest = Math.max(1, ...media.kinds.map((kind) => kind.bytes));
  return (
    <Widget
      id="media"
      title="Multimedia"
      icon="pi pi-images"
      empty={empty ? 'La biblioteca está vacía.' : null}
    >
      <p className="media-total">
        <span className="media-total-size">{formatFileSize(media.total.bytes)}</span> en{' '}
        {files(media.total.count)}
      </p>
      <ul className="media-kinds" aria-label="Espacio por tipo">
        {media.kinds.map((kind) => (
          <li key={kind.kind} className="media-kind">
            <span className="media-kind-label">{DASHBOARD_MEDIA_LABELS[kind.kind]}</span>
            <span className="media-kind-usage">{usage(kind)}</span>
            <span className="media-kind-bar" aria-hidden="true">
              <span style={{ width: `${(kind.bytes / largest) * 100}%` }} />
            </span>
          </li>
        ))}
      </ul>
      {media.trashed.count > 0 && <p className="media-trashed">En la papelera: {usage(media.trashed)}.</p>}
      <Link to="/multimedia" className="widget-more">
        Ir a Multimedia
      </Link>
    </Widget>
  );
}
