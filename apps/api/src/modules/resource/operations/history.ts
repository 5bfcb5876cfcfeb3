import { type AuditEntry, type AuthUser, type Paginated, permissionsOf } from '@gestor/shared';
import { forbidden, notFound } from '../../../lib/http-errors';
import { validate } from '../../../lib/validate';
import type { ListQuery } from '../list-query';
import { paginate } from '../pagination';
import type { AreaContext, Rec } from './area-context';
import type { PageRequest } from './find';
import { update } from './update';

// A record's history and its earlier versions (decision 025).

/** A history entry as the database reads it (the review's thread reads the same rows). */
export interface HistoryRow {
  id: number;
  action: AuditEntry['action'];
  user_id: number | null;
  user_name: string | null;
  changes: AuditEntry['changes'];
  created_at: Date;
  has_version: boolean;
  reverted_from: AuditEntry['reverted_from'];
}

/** One page of a record's history, newest first, with its total. */
export async function history<R extends Rec, C, U>(
  area: AreaContext<R, C, U>,
  id: number,
  query: ListQuery,
  page: PageRequest,
): Promise<Paginated<AuditEntry>> {
  const offset = (query.page - 1) * query.perPage;
  const [rows, totals] = await Promise.all([
    area.database.query<HistoryRow>(
      `SELECT id, action, user_id, user_name, changes, created_at, version IS NOT NULL AS has_version,
              reverted_from FROM audits
        WHERE resource = $1 AND record_id = $2 ORDER BY id DESC LIMIT ${query.perPage} OFFSET ${offset}`,
      [area.path, id],
    ),
    area.database.query<{ total: number }>(
      'SELECT count(*)::int AS total FROM audits WHERE resource = $1 AND record_id = $2',
      [area.path, id],
    ),
  ]);
  const entries: AuditEntry[] = rows.map((row) => ({
    id: Number(row.id),
    action: row.action,
    user: row.user_name === null ? null : { id: row.user_id, name: row.user_name },
    changes: row.changes,
    created_at: row.created_at.toISOString(),
    has_version: row.has_version,
    reverted_from: row.reverted_from,
  }));
  return paginate(entries, {
    page: query.page,
    perPage: query.perPage,
    total: totals[0]?.total ?? 0,
    ...page,
  });
}

/** `GET /{id}/versions/{audit id}`: that version as the record's own read shows it. */
export async function version<R extends Rec, C, U>(
  area: AreaContext<R, C, U>,
  id: number,
  auditId: number,
): Promise<Record<string, unknown>> {
  const { state, entry } = await area.versions.rebuild(area.database, id, auditId);
  const [current] = await area.findRows(area.database, [id]);
  return {
    id,
    ...(await area.versions.readable(area.database, state)),
    created_at: (current as { created_at?: string } | undefined)?.created_at ?? null,
    updated_at: entry.created_at,
  };
}

/**
 * `POST /{id}/versions/{audit id}/restore`: an ordinary update of what differs from that version
 * (same permissions, rules and 409 on a stale `updated_at`), audited as `reverted`.
 * 1. the publication state comes back only `withPublication`, and then only for a holder of the
 *    area's publish permission, where it has one (a 403 otherwise);
 * 2. the version rebuilt from the history (404 for an entry of another record, 422 for one that
 *    holds no version) and the record as it is now (404 when gone);
 * 3. the difference turned into the update's input and validated as a client's would be;
 * 4. run as an update naming the version: a version equal to the record changes nothing and writes
 *    no entry, like an update that changes nothing.
 */
export async function restoreVersion<R extends Rec, C, U>(
  area: AreaContext<R, C, U>,
  actor: AuthUser,
  id: number,
  auditId: number,
  updatedAt: string,
  { withPublication = false }: { withPublication?: boolean } = {},
): Promise<R> {
  const { definition, versions, database } = area;
  const publish = permissionsOf(definition.contract.area).find((name) => name.endsWith('.publish'));
  if (withPublication && publish && !actor.permissions.includes(publish)) throw forbidden();
  const { state, entry } = await versions.rebuild(database, id, auditId);
  const current = await versions.capture(database, id);
  if (!current) throw notFound();
  const input = await versions.toInput(database, id, state, current, { withPublication });
  const checked = validate(definition.updateInput, { ...input, updated_at: updatedAt });
  return update(area, actor, id, checked, { id: entry.id, created_at: entry.created_at });
}
