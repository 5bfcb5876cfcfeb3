import { ACTION_LABELS, PERMISSION_GROUP_LABELS, PERMISSION_GROUPS, type Permission } from '@gestor/shared';
import { Checkbox } from 'primereact/checkbox';
import {
  cellPermission,
  columnPermissions,
  grantableOf,
  hasAll,
  MATRIX_ACTIONS,
  rowPermissions,
  setPermission,
  toggleGroup,
} from './permission-matrix-state';
import './permission-matrix.css';

interface PermissionMatrixProps {
  value: readonly Permission[];
  onChange: (value: Permission[]) => void;
  disabled: boolean;
  /** The matrix's caption, which names it for screen readers. */
  caption: string;
  /**
   * What the person may give: the permissions they hold (docs/http-api.md). The others are shown but
   * disabled, described by `hintId`, and the row and column checkboxes leave them alone.
   */
  grantable: readonly Permission[];
  hintId?: string;
}

/**
 * Areas × actions, one checkbox each ("Noticias: Crear"), plus a checkbox per row and per column
 * that turns the whole row or column on (or off when it is all on).
 */
export function PermissionMatrix({
  value,
  onChange,
  disabled,
  caption,
  grantable,
  hintId,
}: PermissionMatrixProps) {
  return (
    // Scrolls sideways on a phone: a named region that takes focus, so the keyboard can scroll it
    // even when every checkbox is disabled (axe: scrollable-region-focusable).
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (WCAG 2.1.1).
    <section className="permission-matrix-scroll" aria-label={caption} tabIndex={0}>
      <table className="permission-matrix">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Área</th>
            {MATRIX_ACTIONS.map((action) => {
              const column = grantableOf(columnPermissions(action), grantable);
              return (
                <th scope="col" key={action}>
                  <span className="permission-matrix-head">
                    {ACTION_LABELS[action]}
                    <Checkbox
                      checked={hasAll(value, column)}
                      onChange={() => onChange(toggleGroup(value, column))}
                      disabled={disabled || column.length === 0}
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
          {PERMISSION_GROUPS.map((area) => {
            const row = grantableOf(rowPermissions(area), grantable);
            return (
              <tr key={area}>
                <th scope="row">
                  <span className="permission-matrix-area">
                    <Checkbox
                      checked={hasAll(value, row)}
                      onChange={() => onChange(toggleGroup(value, row))}
                      disabled={disabled || row.length === 0}
                      aria-label={`${PERMISSION_GROUP_LABELS[area]}: todos los permisos`}
                      title="Marcar o desmarcar la fila"
                    />
                    {PERMISSION_GROUP_LABELS[area]}
                  </span>
                </th>
                {MATRIX_ACTIONS.map((action) => {
                  const name = cellPermission(area, action);
                  const withheld = name !== null && !grantable.includes(name);
                  return (
                    <td key={action}>
                      {name && (
                        <Checkbox
                          checked={value.includes(name)}
                          onChange={(event) => onChange(setPermission(value, name, Boolean(event.checked)))}
                          disabled={disabled || withheld}
                          aria-label={`${PERMISSION_GROUP_LABELS[area]}: ${ACTION_LABELS[action]}`}
                          aria-describedby={withheld && !disabled ? hintId : undefined}
                          className={withheld ? 'permission-withheld' : undefined}
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
    </section>
  );
}
