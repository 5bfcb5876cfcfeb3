import { ACTION_LABELS, AREA_LABELS, AREAS, type Permission } from '@gestor/shared';
import { Checkbox } from 'primereact/checkbox';
import {
  cellPermission,
  columnPermissions,
  hasAll,
  MATRIX_ACTIONS,
  rowPermissions,
  setPermission,
  toggleGroup,
} from '../utils/permission-matrix';

interface PermissionMatrixProps {
  value: readonly Permission[];
  onChange: (value: Permission[]) => void;
  disabled: boolean;
  /** The matrix's caption, which names it for screen readers. */
  caption: string;
}

/**
 * Areas × actions, one checkbox each ("Noticias: Crear"), plus a checkbox per row and per column
 * that turns the whole row or column on (or off when it is all on).
 */
export function PermissionMatrix({ value, onChange, disabled, caption }: PermissionMatrixProps) {
  return (
    <div className="permission-matrix-scroll">
      <table className="permission-matrix">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Área</th>
            {MATRIX_ACTIONS.map((action) => {
              const column = columnPermissions(action);
              return (
                <th scope="col" key={action}>
                  <span className="permission-matrix-head">
                    {ACTION_LABELS[action]}
                    <Checkbox
                      checked={hasAll(value, column)}
                      onChange={() => onChange(toggleGroup(value, column))}
                      disabled={disabled}
                      aria-label={`${ACTION_LABELS[action]}: todas las áreas`}
                      title="Marcar o desmarcar la columna"
                    />
                  </span>
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {AREAS.map((area) => {
            const row = rowPermissions(area);
            return (
              <tr key={area}>
                <th scope="row">
                  <span className="permission-matrix-area">
                    <Checkbox
                      checked={hasAll(value, row)}
                      onChange={() => onChange(toggleGroup(value, row))}
                      disabled={disabled}
                      aria-label={`${AREA_LABELS[area]}: todos los permisos`}
                      title="Marcar o desmarcar la fila"
                    />
                    {AREA_LABELS[area]}
                  </span>
                </th>
                {MATRIX_ACTIONS.map((action) => {
                  const name = cellPermission(area, action);
                  return (
                    <td key={action}>
                      {name && (
                        <Checkbox
                          checked={value.includes(name)}
                          onChange={(event) => onChange(setPermission(value, name, Boolean(event.checked)))}
                          disabled={disabled}
                          aria-label={`${AREA_LABELS[area]}: ${ACTION_LABELS[action]}`}
                        />
                      )}
                    </td>
                  );
                })}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
