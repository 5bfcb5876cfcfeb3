import {
  AREA_API_PATHS,
  AREA_LABELS,
  type Area,
  HIDDEN_USAGE,
  type MediaUsage,
  type Permission,
} from '@gestor/shared';
import { useId } from 'react';
import { Link } from 'react-router';
import { useMediaUsage } from '../../../components/media/media-api';
import { Notice } from '../../../components/ui/notice';
import { errorMessage } from '../../../lib/form-errors';
import { useCan } from '../../../lib/permissions';

// "Dónde se usa" (docs/areas.md#rules-shared-by-the-content-areas): each record referencing the item, linked to its screen.
// A usage names its area by API path ("categories"); the SPA's routes are named after the permission
// area (/category/{id}: docs/architecture.md#the-spa), and by-slug screens take the id as well.

const AREA_BY_PATH = new Map<string, Area>(
  Object.entries(AREA_API_PATHS).map(([area, path]) => [path, area as Area]),
);

/** The area a usage is in, by its SPA name and label ("Noticias"). */
export function usageArea(item: MediaUsage): { area: Area | undefined; label: string } {
  const area = AREA_BY_PATH.get(item.area);
  return { area, label: area ? AREA_LABELS[area] : item.area };
}

export function MediaUsages({ id }: { id: number }) {
  const headingId = useId();
  const usage = useMediaUsage(id);
  const can = useCan();
  return (
    <section className="media-panel-section" aria-labelledby={headingId}>
      <h3 id={headingId}>Dónde se usa</h3>
      {usage.isPending && <p className="resource-muted">Cargando…</p>}
      {usage.isError && (
        <Notice severity="error">No se ha podido saber dónde se usa: {errorMessage(usage.error)}</Notice>
      )}
      {usage.isSuccess && usage.data.length === 0 && (
        <p className="resource-muted">No se usa en ningún sitio: puede eliminarse.</p>
      )}
      {usage.isSuccess && usage.data.length > 0 && (
        <ul className="media-usages">
          {usage.data.map((item) => {
            const { area, label } = usageArea(item);
            return (
              <li key={`${item.area}:${item.id}`}>
                <span className="media-usage-area">{label}</span>
                {item.title === null ? (
                  <span className="resource-muted">
                    {HIDDEN_USAGE.charAt(0).toUpperCase() + HIDDEN_USAGE.slice(1)}
                  </span>
                ) : area && can(`${area}.view` as Permission) ? (
                  <Link to={`/${area}/${item.id}`}>{item.title}</Link>
                ) : (
                  <span>{item.title}</span>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
