import { AUDIT_ACTION_LABELS, type AuditEntry, type ResourceContract } from '@gestor/shared';
import { Button } from 'primereact/button';
import { Tag } from 'primereact/tag';
import { useId } from 'react';
import { errorMessage } from '../../lib/form-errors';
import { formatAuditValue, formatDateTime, listChange } from '../resource/format';
import { useResourceAudit } from '../resource/resource-api';
import type { AuditChangeDescriber } from '../resource/resource-screens';
import { Notice } from '../ui/notice';

// The "Historial" beside a record's form: who changed what and when, newest first (DESIGN.md §3:
// GET /api/{r}/{id}/audit), ten at a time.

const ACTION_SEVERITY: Record<AuditEntry['action'], 'success' | 'info' | 'danger'> = {
  created: 'success',
  updated: 'info',
  deleted: 'danger',
  restored: 'success',
  force_deleted: 'danger',
  reverted: 'info',
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
}

export function AuditHistory({
  contract,
  recordId,
  fieldLabels,
  itemLabel,
  describeChange,
  hiddenFields = [],
  inSheet = false,
}: AuditHistoryProps) {
  const headingId = useId();
  const audit = useResourceAudit(contract, recordId);
  const entries = audit.data?.pages.flatMap((page) => page.data) ?? [];
  const total = audit.data?.pages[0]?.meta.total ?? 0;

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
          {entries.map((entry) => (
            <li key={entry.id} className="audit-entry">
              <div className="audit-entry-head">
                <Tag value={AUDIT_ACTION_LABELS[entry.action]} severity={ACTION_SEVERITY[entry.action]} />
                <span className="audit-entry-who">{entry.user?.name ?? 'Sistema'}</span>
                <time dateTime={entry.created_at} className="audit-entry-when">
                  {formatDateTime(entry.created_at)}
                </time>
              </div>
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
                      </dd>
                    </div>
                  );
                })}
              </dl>
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
  if (action !== 'updated') return formatAuditValue(action === 'deleted' ? from : to, item);
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
