import { Button } from 'primereact/button';
import { useState } from 'react';
import { errorMessage } from '../../lib/form-errors';
import { formatDateTime } from '../resource/format';
import { Avatar } from '../ui/avatar';
import { Notice } from '../ui/notice';
import type { Presence } from './use-presence';
import './presence.css';

// The bar above an edit form (issue 19): everyone else editing the record now, live; who holds the
// edit lock and "Tomar el control" for a tab without it; what happened when someone took it; and
// "Otra persona ha guardado cambios" with "Recargar" before a save would fail. Changes are announced
// politely (role="status" regions).

const pad = (n: number) => String(n).padStart(2, '0');

/** "las 10:32" today, "el 24/11/2026 10:32" another day. */
function when(iso: string): string {
  const date = new Date(iso);
  const now = new Date();
  if (date.toDateString() === now.toDateString())
    return `las ${pad(date.getHours())}:${pad(date.getMinutes())}`;
  return `el ${formatDateTime(iso)}`;
}

export function PresenceBar({
  presence,
  onReload,
}: {
  presence: Presence;
  /** "Recargar": the latest version in the form (its unsaved changes are dropped). */
  onReload: () => Promise<void>;
}) {
  const { state, locked, takenBy, savedElsewhere } = presence;
  const [busy, setBusy] = useState<'take' | 'reload' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const editors = state?.editors ?? [];

  const run = async (what: 'take' | 'reload', action: () => Promise<void>) => {
    setBusy(what);
    setFailure(null);
    try {
      await action();
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setBusy(null);
    }
  };

  const takeOverButton = presence.mayEdit && (
    <Button
      type="button"
      label="Tomar el control"
      icon="pi pi-lock-open"
      size="small"
      loading={busy === 'take'}
      onClick={() => void run('take', presence.takeOver)}
    />
  );

  return (
    <div className="presence-bar">
      <div aria-live="polite" className="presence-editors-region">
        {editors.length > 0 && (
          <ul className="presence-editors" aria-label="Quién está editando">
            {editors.map((editor) => (
              <li key={`${editor.user.id}-${editor.since}`} className="presence-editor">
                <Avatar name={editor.user.name} />
                <span>
                  {editor.same_user
                    ? `Usted también está editando en otra pestaña desde ${when(editor.since)}`
                    : `${editor.user.name} está editando desde ${when(editor.since)}`}
                  {editor.holds_lock ? ' y tiene el control.' : '.'}
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
      {locked && state?.lock && (
        <Notice severity="info">
          <p className="notice-line">
            {takenBy
              ? `${takenBy} ha tomado el control. Sus cambios sin guardar siguen en el formulario para que pueda copiarlos, pero no se pueden guardar sin volver a tomar el control.`
              : `${state.lock.user.name} tiene el control de este elemento desde ${when(state.lock.since)}: el formulario se muestra solo para consulta.`}
          </p>
          <div className="presence-actions">{takeOverButton}</div>
        </Notice>
      )}
      {savedElsewhere && (
        <Notice severity="info">
          <p className="notice-line">
            Otra persona ha guardado cambios
            {savedElsewhere.user
              ? ` (${savedElsewhere.user.name}, ${formatDateTime(savedElsewhere.updated_at)}).`
              : ` (${formatDateTime(savedElsewhere.updated_at)}).`}{' '}
            Recargue para ver la versión actual antes de guardar: sus cambios sin guardar se perderán.
          </p>
          <div className="presence-actions">
            <Button
              type="button"
              label="Recargar"
              icon="pi pi-refresh"
              size="small"
              outlined
              loading={busy === 'reload'}
              onClick={() =>
                void run('reload', async () => {
                  await onReload();
                  presence.reloaded();
                })
              }
            />
          </div>
        </Notice>
      )}
      {failure && <Notice severity="error">{failure}</Notice>}
    </div>
  );
}
