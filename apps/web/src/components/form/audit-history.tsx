import {
  AUDIT_ACTION_LABELS,
  type AuditEntry,
  type Permission,
  permissionsOf,
  type ResourceContract,
} from '@gestor/shared';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { ConfirmDialog } from 'primereact/confirmdialog';
import { Tag } from 'primereact/tag';
import { useId, useState } from 'react';
import { isApiError } from '../../lib/api-client';
import { errorMessage } from '../../lib/form-errors';
import { useCan } from '../../lib/permissions';
import { formatAuditValue, formatDateTime, listChange } from '../resource/format';
import { CONFLICT_MESSAGE } from '../resource/messages';
import { useResourceAudit, useResourceVersion, useRestoreVersion } from '../resource/resource-api';
import type { AuditChangeDescriber, ResourceRecord, ScreenNotifier } from '../resource/resource-screens';
import { Notice } from '../ui/notice';
import { ConflictDialog } from './conflict-dialog';
import { VersionDialog } from './version-dialog';
import { entryMoments, publicationChanges, versionName } from './version-restore';

// The "Historial" beside a record's form: who changed what and when, newest first (docs/http-api.md:
// GET /api/{r}/{id}/audit), ten at a time.

const ACTION_SEVERITY: Record<AuditEntry['action'], 'success' | 'info' | 'danger'> = {
  created: 'success',
  updated: 'info',
  deleted: 'danger',
  restored: 'success',
  force_deleted: 'danger',
  reverted: 'info',
  // docs/review.md: sent to review, and back to draft with comments.
  submitted: 'info',
  returned: 'info',
};

interface AuditHistoryProps {
  contract: ResourceContract;
  recordId: number;
  fieldLabels: Record<string, string>;
  itemLabel?: (field: string, item: string) => string;
  describeChange?: AuditChangeDescriber;
  /** Fields older entries recorded that say nothing to a person (a media item's checksum). */
  hiddenFields?: readonly string[];
  /** Shown in a side sheet whose own title says "Historial": the heading is for screen readers only. */
  inSheet?: boolean;
  /** The record as it is now: "Ver esta versión" shows each version beside it. */
  current?: ResourceRecord;
  /** "Restaurar" (decision 025), where the person may change the record. */
  restore?: {
    notify: ScreenNotifier;
    /** The restored record is in the cache: the form shows it. */
    onRestored: (record: ResourceRecord) => void;
    /** "Cargar la última versión" after a 409. */
    onReload: () => Promise<unknown>;
  };
}

/** The `reverted` entry's line: which version came back. */
export const revertedLine = (entry: AuditEntry) =>
  entry.reverted_from
    ? `Restaurada la versión del ${formatDateTime(entry.reverted_from.created_at, { seconds: true })}`
    : null;

/** docs/areas.md#rules-shared-by-the-content-areas: without `<area>.publish`, only drafts change. */
const PUBLISH_REFUSED =
  'Restaurar esta versión cambiaría un elemento publicado o programado: necesita el permiso de publicar.';

export function AuditHistory({
  contract,
  recordId,
  fieldLabels,
  itemLabel,
  describeChange,
  hiddenFields = [],
  inSheet = false,
  current,
  restore,
}: AuditHistoryProps) {
  const headingId = useId();
  const audit = useResourceAudit(contract, recordId);
  const entries = audit.data?.pages.flatMap((page) => page.data) ?? [];
  const total = audit.data?.pages[0]?.meta.total ?? 0;
  const [viewing, setViewing] = useState<AuditEntry | null>(null);
  const [confirming, setConfirming] = useState<AuditEntry | null>(null);
  const [withPublication, setWithPublication] = useState(false);
  const [conflict, setConflict] = useState<string | null>(null);
  const moments = entryMoments(entries);
  const named = (entry: AuditEntry) =>
    versionName(moments.get(entry.id) ?? formatDateTime(entry.created_at, { seconds: true }), entry);
  const confirmingVersion = useResourceVersion(contract, recordId, confirming?.id ?? null);
  const changesPublication =
    confirming && current && confirmingVersion.data
      ? publicationChanges(
          contract,
          current as unknown as Record<string, unknown>,
          confirmingVersion.data.data,
        )
      : [];
  const restoring = useRestoreVersion(contract, recordId);
  const can = useCan();
  const publish = permissionsOf(contract.area).find((p): p is Permission => p.endsWith('.publish'));
  const mayPublish = !publish || can(publish);
  const restorable = (entry: AuditEntry, index: number) =>
    Boolean(restore && current) &&
    entry.has_version &&
    entry.action !== 'deleted' &&
    entry.action !== 'force_deleted' &&
    // The newest entry is the record as it is.
    index > 0;

  const askRestore = (entry: AuditEntry) => {
    setWithPublication(false);
    setConfirming(entry);
  };

  const runRestore = async (entry: AuditEntry) => {
    setConfirming(null);
    if (!restore || !current) return;
    const publication = withPublication && mayPublish;
    try {
      // The API would answer 403, which signs the person out (docs/http-api.md#sign-in-lifecycle): said here instead. The
      // publication state stays as it is, so only the record's own state matters.
      const status = (current as unknown as Record<string, unknown>).status ?? 'draft';
      // An item in review is anyone's to change, as a draft is (docs/review.md).
      if (!mayPublish && status !== 'draft' && status !== 'review') {
        restore.notify.error(PUBLISH_REFUSED);
        return;
      }
      const saved = await restoring.mutateAsync({
        auditId: entry.id,
        updatedAt: current.updated_at,
        publication,
      });
      setViewing(null);
      restore.onRestored(saved as ResourceRecord);
      restore.notify.success(`Restaurada ${named(entry)}.`);
    } catch (error) {
      if (isApiError(error) && error.status === 409) setConflict(CONFLICT_MESSAGE);
      else restore.notify.error(errorMessage(error));
    }
  };

  return (
    <aside className={inSheet ? 'resource-history' : 'card resource-history'} aria-labelledby={headingId}>
      <h2 id={headingId} className={inSheet ? 'sr-only' : undefined}>
        Historial
      </h2>
      {audit.isPending && <p className="resource-muted">Cargando el historial…</p>}
      {audit.isError && (
        <Notice severity="error">No se ha podido cargar el historial: {errorMessage(audit.error)}</Notice>
      )}
      {audit.isSuccess && entries.length === 0 && <p className="resource-muted">Sin cambios registrados.</p>}
      {entries.length > 0 && (
        <ol className="audit-list">
          {entries.map((entry, index) => (
            <li key={entry.id} className="audit-entry">
              <div className="audit-entry-head">
                <Tag value={AUDIT_ACTION_LABELS[entry.action]} severity={ACTION_SEVERITY[entry.action]} />
                <span className="audit-entry-who">{entry.user?.name ?? 'Sistema'}</span>
                <time dateTime={entry.created_at} className="audit-entry-when">
                  {moments.get(entry.id)}
                </time>
              </div>
              {revertedLine(entry) && <p className="audit-reverted">{revertedLine(entry)}</p>}
              <dl className="audit-changes">
                {Object.entries(entry.changes).map(([field, change]) => {
                  if (hiddenFields.includes(field)) return null;
                  const sentences = describeChange?.(field, change, entry.action);
                  return (
                    <div key={field} className="audit-change">
                      <dt>{fieldLabels[field] ?? field}</dt>
                      <dd>
                        {sentences ? (
                          sentences.map((sentence) => (
                            <span key={sentence} className="audit-list-change">
                              {sentence}
                            </span>
                          ))
                        ) : (
                          <ChangeValue
                            action={entry.action}
                            from={change.from}
                            to={change.to}
                            item={(value) => itemLabel?.(field, value) ?? value}
                          />
                        )}
                        {change.excerpt && <span className="audit-excerpt">Fragmento del cambio</span>}
                      </dd>
                    </div>
                  );
                })}
              </dl>
              {entry.has_version && (
                <div className="audit-entry-actions">
                  <Button
                    type="button"
                    label="Ver esta versión"
                    icon="pi pi-eye"
                    text
                    size="small"
                    aria-label={`Ver ${named(entry)}`}
                    aria-haspopup="dialog"
                    onClick={() => setViewing(entry)}
                  />
                  {restorable(entry, index) && (
                    <Button
                      type="button"
                      label="Restaurar"
                      icon="pi pi-replay"
                      text
                      size="small"
                      aria-label={`Restaurar ${named(entry)}`}
                      loading={restoring.isPending && restoring.variables?.auditId === entry.id}
                      onClick={() => askRestore(entry)}
                    />
                  )}
                </div>
              )}
            </li>
          ))}
        </ol>
      )}
      {audit.hasNextPage && (
        <Button
          type="button"
          label={`Ver más (${total - entries.length})`}
          icon="pi pi-chevron-down"
          text
          loading={audit.isFetchingNextPage}
          onClick={() => void audit.fetchNextPage()}
        />
      )}
      <VersionDialog
        contract={contract}
        recordId={recordId}
        entry={viewing}
        current={current as unknown as Record<string, unknown> | undefined}
        onHide={() => setViewing(null)}
        onRestore={
          viewing && restorable(viewing, entries.indexOf(viewing)) ? (entry) => askRestore(entry) : undefined
        }
      />
      <ConfirmDialog
        visible={confirming !== null}
        onHide={() => setConfirming(null)}
        header="Restaurar versión"
        message={
          confirming ? (
            <div className="version-restore-confirm">
              <p>
                ¿Restaurar {named(confirming)}? Se guardará como un cambio más del historial; los cambios sin
                guardar del formulario se perderán.
              </p>
              {changesPublication.length > 0 && (
                <>
                  <p>
                    {withPublication
                      ? 'También se restaurará su estado de publicación:'
                      : 'Su estado de publicación no cambia.'}
                  </p>
                  {withPublication && (
                    <ul>
                      {changesPublication.map((sentence) => (
                        <li key={sentence}>{sentence}</li>
                      ))}
                    </ul>
                  )}
                  {mayPublish && (
                    <div className="version-restore-option">
                      <Checkbox
                        inputId={`${headingId}-publication`}
                        checked={withPublication}
                        onChange={(event) => setWithPublication(Boolean(event.checked))}
                      />
                      <label htmlFor={`${headingId}-publication`}>
                        Restaurar también el estado de publicación de esa versión
                      </label>
                    </div>
                  )}
                </>
              )}
            </div>
          ) : null
        }
        icon="pi pi-replay"
        acceptLabel="Restaurar"
        rejectLabel="Cancelar"
        defaultFocus="accept"
        accept={() => confirming && void runRestore(confirming)}
      />
      <ConflictDialog
        message={conflict}
        onCancel={() => setConflict(null)}
        onLoadLatest={() => {
          setConflict(null);
          setViewing(null);
          void restore?.onReload();
        }}
      />
    </aside>
  );
}

interface ChangeValueProps {
  action: AuditEntry['action'];
  from: unknown;
  to: unknown;
  item: (value: string) => string;
}

function ChangeValue({ action, from, to, item }: ChangeValueProps) {
  if (action !== 'updated' && action !== 'reverted')
    return formatAuditValue(action === 'deleted' ? from : to, item);
  const list = listChange(from, to);
  if (list) {
    return (
      <>
        {list.added.length > 0 && (
          <span className="audit-list-change">Añadidos: {list.added.map(item).join(', ')}</span>
        )}
        {list.removed.length > 0 && (
          <span className="audit-list-change">Quitados: {list.removed.map(item).join(', ')}</span>
        )}
      </>
    );
  }
  return (
    <>
      <span className="audit-from">{formatAuditValue(from, item)}</span>
      <span aria-hidden="true"> → </span>
      <span className="sr-only"> pasa a </span>
      <span className="audit-to">{formatAuditValue(to, item)}</span>
    </>
  );
}
