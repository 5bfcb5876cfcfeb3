import { Button } from 'primereact/button';
import { useState } from 'react';
import { useFormContext } from 'react-hook-form';
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

/** A form value as a person would paste it back: rich text as its words, lists one per line. */
function asText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') {
    if (!/<[a-z][^>]*>/i.test(value)) return value;
    const body = new DOMParser().parseFromString(value, 'text/html').body;
    for (const block of body.querySelectorAll('p, h2, h3, h4, li, blockquote, pre, tr, br'))
      block.append('\n');
    return (body.textContent ?? '').replace(/\n{3,}/g, '\n\n').trim();
  }
  if (typeof value === 'boolean') return value ? 'Sí' : 'No';
  if (Array.isArray(value)) return value.map(asText).join('\n');
  if (typeof value === 'object') return JSON.stringify(value, null, 2);
  return String(value);
}

/**
 * "Copiar mis cambios": after a take-over the form is read-only (disabled controls cannot be
 * selected), so the fields this person changed go to the clipboard as "Label: value" text.
 */
function CopyChanges({ fieldLabels }: { fieldLabels: Record<string, string> }) {
  const { formState, getValues } = useFormContext();
  const [copied, setCopied] = useState<string | null>(null);
  const changed = Object.keys(formState.dirtyFields);
  if (!changed.length) return null;
  const copy = async () => {
    const values = getValues() as Record<string, unknown>;
    const text = changed
      .map((field) => `${fieldLabels[field] ?? field}:\n${asText(values[field])}`)
      .join('\n\n');
    try {
      await navigator.clipboard.writeText(text);
      setCopied('Sus cambios se han copiado al portapapeles.');
    } catch {
      setCopied('No se han podido copiar: el navegador no lo ha permitido.');
    }
  };
  return (
    <>
      <Button
        type="button"
        label="Copiar mis cambios"
        icon="pi pi-copy"
        size="small"
        outlined
        onClick={() => void copy()}
      />
      {copied && <span className="presence-copied">{copied}</span>}
    </>
  );
}

export function PresenceBar({
  presence,
  onReload,
  fieldLabels,
}: {
  presence: Presence;
  /** "Recargar": the latest version in the form (its unsaved changes are dropped). */
  onReload: () => Promise<void>;
  /** The form's field names in Spanish (for "Copiar mis cambios"). */
  fieldLabels: Record<string, string>;
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
          <div className="presence-actions">
            {takeOverButton}
            {takenBy && <CopyChanges fieldLabels={fieldLabels} />}
          </div>
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
