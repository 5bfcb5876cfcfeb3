import { AREA_LABELS, type ResourceContract, ROLES, USERS } from '@gestor/shared';
import { Link } from 'react-router';
import { useCan } from '../../../lib/permissions';
import { useAreaTotal } from '../api/get-area-total';
import './area-counts.css';

const COUNTED: ReadonlyArray<{ contract: ResourceContract; icon: string }> = [
  { contract: USERS, icon: 'pi pi-users' },
  { contract: ROLES, icon: 'pi pi-shield' },
];

/** The home screen's totals, each shown only to those who may view that area (no request otherwise). */
export function AreaCounts() {
  const can = useCan();
  const visible = COUNTED.filter(({ contract }) => can(`${contract.area}.view`));
  if (!visible.length) return null;
  return (
    <ul className="area-counts" aria-label="Resumen">
      {visible.map(({ contract, icon }) => (
        <AreaCount key={contract.path} contract={contract} icon={icon} />
      ))}
    </ul>
  );
}

function AreaCount({ contract, icon }: { contract: ResourceContract; icon: string }) {
  const total = useAreaTotal(contract);
  const value = total.isSuccess ? total.data.toLocaleString('es-ES') : total.isError ? '—' : '…';
  return (
    <li>
      <Link to={`/${contract.area}`} className="card area-count">
        <i className={`${icon} area-count-icon`} aria-hidden="true" />
        <span className="area-count-value">{value}</span>
        <span className="area-count-label">{AREA_LABELS[contract.area]}</span>
      </Link>
    </li>
  );
}
