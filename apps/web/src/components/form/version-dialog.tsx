import { type AuditEntry, type FieldDef, isInput, type ResourceContract } from '@gestor/shared';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { ProgressSpinner } from 'primereact/progressspinner';
import { type ReactNode, useId } from 'react';
import { errorMessage } from '../../lib/form-errors';
import { EMPTY_VALUE, formatBoolean, formatDateTime } from '../resource/format';
import { useResourceVersion } from '../resource/resource-api';
import { Notice } from '../ui/notice';

// "Ver esta versión" (issue 19, decision 025): the whole record as it was after one change, field by
// field beside the record as it is now — two columns where they fit, one above the other at 375 px —
// each field that differs marked in words ("Distinto"), not by colour alone.

/** What the dialog needs of a history entry (a review's step is one too: docs/review.md). */
export type VersionEntry = Pick<AuditEntry, 'id' | 'created_at' | 'user'>;

interface VersionDialogProps<E extends VersionEntry> {
  contract: ResourceContract;
  recordId: number;
  /** The entry whose version is shown; null hides the dialog. */
  entry: E | null;
  /** The record as it is now (the form's). */
  current: Record<string, unknown> | undefined;
  onHide: () => void;
  /** "Restaurar esta versión", when the person may restore it. */
  onRestore?: (entry: E) => void;
  /** The dialog's title, when it says more than the version's moment («Cambios desde el envío a revisión»). */
  header?: string;
}

/** The fields a version holds, in the field table's order, with their definitions. */
function versionFields(contract: ResourceContract, version: Record<string, unknown>) {
  return Object.entries(contract.fields).filter(
    ([name, def]) =>
      isInput(def) && !def.secret && !def.createOnly && !def.instruction && Object.hasOwn(version, name),
  ) as Array<[string, FieldDef]>;
}

const plainText = (html: string) =>
  html
    .replace(/<\/(p|h2|h3|h4|li|blockquote|pre|tr|figcaption)>/gi, '\n')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<img\b[^>]*\balt="([^"]*)"[^>]*>/gi, (_tag, alt: string) =>
      alt ? `[imagen: ${alt}]` : '[imagen]',
    )
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/[ \t]+/g, ' ')
    .replace(/\n\s*\n+/g, '\n')
    .trim();

/** What people read of a referenced record or a child: its name, label, title or question. */
function itemName(item: Record<string, unknown>): string {
  const name =
    item.label ?? item.name ?? item.title ?? item.prompt ?? item.text ?? item.original_name ?? item.id;
  const state = item.deleted ? ' (ya no existe)' : item.trashed ? ' (en la papelera)' : '';
  return `${String(name)}${state}`;
}

function childText(item: Record<string, unknown>): string {
  const options = Array.isArray(item.options)
    ? (item.options as Array<Record<string, unknown>>)
        .map((option) => `${String(option.text)}${option.correct ? ' (correcta)' : ''}`)
        .join(', ')
    : '';
  return options ? `${itemName(item)} — ${options}` : itemName(item);
}

/** A value as the version view shows it. */
function VersionValue({ def, value, column }: { def: FieldDef; value: unknown; column: string }): ReactNode {
  if (value === null || value === undefined || value === '') return EMPTY_VALUE;
  if (typeof value === 'boolean') return formatBoolean(value);
  if (Array.isArray(value)) {
    if (!value.length) return EMPTY_VALUE;
    return (
      <ol className="version-items">
        {value.map((item, index) => (
          // Items have no other stable key here: the list is read only.
          // biome-ignore lint/suspicious/noArrayIndexKey: a read-only list in its order
          <li key={index}>
            {typeof item === 'object' && item !== null
              ? childText(item as Record<string, unknown>)
              : (def.options?.[String(item)] ?? String(item))}
          </li>
        ))}
      </ol>
    );
  }
  if (typeof value === 'object') return itemName(value as Record<string, unknown>);
  if (def.instant && typeof value === 'string') return formatDateTime(value);
  if (typeof value === 'string' && 'richText' in def && def.richText) {
    // Scrolls when long: focusable, so it scrolls by keyboard too (WCAG 2.1.1).
    return (
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take the focus
      <section className="version-text" tabIndex={0} aria-label={`${def.label} (${column})`}>
        {plainText(value) || EMPTY_VALUE}
      </section>
    );
  }
  if (def.options && typeof value === 'string') return def.options[value] ?? value;
  return String(value);
}

/** Values compared as what they are: references by what they point at. */
function comparable(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(comparable);
  if (value && typeof value === 'object') {
    const { id, ...rest } = value as Record<string, unknown>;
    if (id !== undefined && !('prompt' in rest) && !('text' in rest)) return { id };
    return Object.fromEntries(
      Object.entries(rest)
        .filter(([key]) => key !== 'position')
        .map(([key, inner]) => [key, comparable(inner)]),
    );
  }
  return value ?? null;
}

const differs = (a: unknown, b: unknown) => JSON.stringify(comparable(a)) !== JSON.stringify(comparable(b));

export function VersionDialog<E extends VersionEntry>({
  contract,
  recordId,
  entry,
  current,
  onHide,
  onRestore,
  header,
}: VersionDialogProps<E>) {
  const version = useResourceVersion(contract, recordId, entry?.id ?? null);
  const summaryId = useId();
  const data = version.data?.data;
  // What differs first (at 375 px it is what the person sees without scrolling), then the rest, each
  // group in the field table's order.
  const all = data ? versionFields(contract, data) : [];
  const isDifferent = ([name]: [string, FieldDef]) => differs(data?.[name], current?.[name]);
  const fields = [...all.filter(isDifferent), ...all.filter((field) => !isDifferent(field))];
  const changed = all.filter(isDifferent).length;
  const notRestored = (version.data?.not_restored ?? []).map((name) => contract.fields[name]?.label ?? name);
  // To the second and by whom: two versions of one minute must not read alike (issue 30).
  const when = entry
    ? `${formatDateTime(entry.created_at, { seconds: true })} (${entry.user?.name ?? 'Sistema'})`
    : '';

  return (
    <Dialog
      visible={entry !== null}
      onHide={onHide}
      header={header ?? `Versión del ${when}`}
      className="resource-dialog version-dialog"
      draggable={false}
      resizable={false}
      blockScroll
      pt={{ root: { 'aria-describedby': data ? summaryId : undefined } }}
      footer={
        <>
          <Button type="button" label="Cerrar" text onClick={onHide} />
          {onRestore && entry && data && changed > 0 && (
            <Button
              type="button"
              label="Restaurar esta versión"
              icon="pi pi-replay"
              onClick={() => onRestore(entry)}
            />
          )}
        </>
      }
    >
      {version.isPending && (
        <output className="resource-loading">
          <ProgressSpinner style={{ width: '2rem', height: '2rem' }} strokeWidth="4" aria-hidden="true" />
          <span>Cargando la versión…</span>
        </output>
      )}
      {version.isError && <Notice severity="error">{errorMessage(version.error)}</Notice>}
      {data && (
        <>
          <p id={summaryId}>
            {changed === 0
              ? 'Esta versión es igual a la actual.'
              : changed === 1
                ? 'Un campo es distinto de la versión actual: está marcado «Distinto».'
                : `${changed} campos son distintos de la versión actual: están marcados «Distinto».`}
          </p>
          {notRestored.length > 0 && (
            <Notice severity="info">
              {`${notRestored.join(', ')}: no se guarda en las versiones ni se restaura; solo se restauran los textos.`}
            </Notice>
          )}
          <div className="version-fields">
            {fields.map(([name, def]) => {
              const isChanged = differs(data[name], current?.[name]);
              return (
                <section
                  key={name}
                  className={isChanged ? 'version-field version-field-changed' : 'version-field'}
                  aria-label={isChanged ? `${def.label}: distinto` : def.label}
                >
                  <h3 className="version-field-label">
                    {def.label}
                    {isChanged && (
                      <span className="version-badge">
                        <i className="pi pi-exclamation-circle" aria-hidden="true" /> Distinto
                      </span>
                    )}
                  </h3>
                  <div className="version-columns">
                    <div className="version-column">
                      <span className="version-column-label">Esta versión</span>
                      <div className="version-value">
                        <VersionValue def={def} value={data[name]} column="esta versión" />
                      </div>
                    </div>
                    <div className="version-column">
                      <span className="version-column-label">Actual</span>
                      <div className="version-value">
                        <VersionValue def={def} value={current?.[name]} column="actual" />
                      </div>
                    </div>
                  </div>
                </section>
              );
            })}
          </div>
        </>
      )}
    </Dialog>
  );
}
