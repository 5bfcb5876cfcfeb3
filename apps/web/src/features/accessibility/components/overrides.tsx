import type { AccessibilityOverride } from '@gestor/shared';
import { formatDateTime } from '../../../components/resource/format';
import { areaNoun, ItemLink } from './item-link';

// The items still public that were published with errors and a reason (the history's
// `accessibility_reason`): a table where it fits, one card per item on a phone, as the activity log
// shows its rows (nothing scrolls sideways at 375 px).

const who = (override: AccessibilityOverride) => override.user_name ?? 'Sin identificar';

/** «Sigue con 3 errores» / «Corregido»: whether its body still has errors. */
const state = (override: AccessibilityOverride) =>
  override.errors > 0
    ? `Sigue con ${override.errors} ${override.errors === 1 ? 'error' : 'errores'}`
    : 'Corregido';

interface OverridesProps {
  overrides: readonly AccessibilityOverride[];
  labelledBy: string;
}

export function OverridesTable({ overrides, labelledBy }: OverridesProps) {
  return (
    <table className="a11y-overrides-table" aria-labelledby={labelledBy}>
      <thead>
        <tr>
          <th scope="col">Contenido</th>
          <th scope="col">Motivo</th>
          <th scope="col">Persona</th>
          <th scope="col">Fecha</th>
          <th scope="col">Estado</th>
        </tr>
      </thead>
      <tbody>
        {overrides.map((override) => (
          <tr key={`${override.area}-${override.id}`}>
            <td className="a11y-overrides-item">
              <ItemLink item={override} />
              <span className="a11y-overrides-area resource-muted">{areaNoun(override.area)}</span>
            </td>
            <td className="a11y-overrides-reason">{override.reason}</td>
            <td>{who(override)}</td>
            <td className="a11y-overrides-date">{formatDateTime(override.created_at)}</td>
            <td>{state(override)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function OverridesCards({ overrides, labelledBy }: OverridesProps) {
  return (
    <ul className="record-cards" aria-labelledby={labelledBy}>
      {overrides.map((override) => (
        <li key={`${override.area}-${override.id}`} className="record-card">
          <h3 className="record-card-title">
            <ItemLink item={override} />
          </h3>
          <div className="record-card-meta">
            <span>{areaNoun(override.area)}</span>
            <span className="resource-muted">{formatDateTime(override.created_at)}</span>
          </div>
          <dl className="record-card-details">
            <div>
              <dt>Motivo</dt>
              <dd>{override.reason}</dd>
            </div>
            <div>
              <dt>Persona</dt>
              <dd>{who(override)}</dd>
            </div>
            <div>
              <dt>Estado</dt>
              <dd>{state(override)}</dd>
            </div>
          </dl>
        </li>
      ))}
    </ul>
  );
}
