import { AREA_API_PATHS, AREA_LABELS, type Area } from '@gestor/shared/permissions';
import { Link } from 'react-router';
import { useCan } from '../../../lib/permissions';
import { useAreaTotal } from '../api/get-area-total';
import './area-counts.css';

/** An area as the home screen counts it; the app hands in its registry (app/areas.ts). */
export interface CountedArea {
  area: Area;
  icon: string;
}

/** The home screen's totals, one per area, each shown only to those who may view it (no request otherwise). */
export function AreaCounts({ areas }: { areas: readonly CountedArea[] }) {
  const can = useCan();
  const visible = areas.filter(({ area }) => can(`${area}.view`));
  if (!visible.length) return null;
  return (
    <ul className="area-counts" aria-label="Resumen">
      {visible.map(({ area, icon }) => (
        <AreaCount key={area} area={area} icon={icon} />
      ))}
    </ul>
  );
}

function AreaCount({ area, icon }: { area: Area; icon: string }) {
  const total = useAreaTotal(AREA_API_PATHS[area]);
  const value = total.isSuccess ? total.data.toLocaleString('es-ES') : total.isError ? '—' : '…';
  return (
    <li>
      <Link to={`/${area}`} className="card area-count">
        <i className={`${icon} area-count-icon`} aria-hidden="true" />
        <span className="area-count-value">{value}</span>
        <span className="area-count-label">{AREA_LABELS[area]}</span>
      </Link>
    </li>
  );
}
