import type { Dashboard } from '@gestor/shared/dashboard';
import { AREA_LABELS } from '@gestor/shared/permissions';
import { Link } from 'react-router';
import { areaIcon, type HomeArea } from './record-path';
import './area-counts.css';

/** Today's totals as one compact row, one per area the person may view (the API sends no others). */
export function AreaCounts({ counts, areas }: { counts: Dashboard['counts']; areas: readonly HomeArea[] }) {
  if (!counts.length) return null;
  return (
    <ul className="area-counts" aria-label="Resumen">
      {counts.map(({ area, total }) => (
        <li key={area}>
          <Link to={`/${area}`} className="area-count">
            <i className={`${areaIcon(areas, area)} area-count-icon`} aria-hidden="true" />
            <span className="area-count-value">{total.toLocaleString('es-ES')}</span>
            <span className="area-count-label">{AREA_LABELS[area]}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
