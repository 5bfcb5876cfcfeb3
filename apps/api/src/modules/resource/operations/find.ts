import { type Paginated, SLUG_PATTERN } from '@gestor/shared';
import { notFound } from '../../../lib/http-errors';
import type { ListQuery } from '../list-query';
import { listStatements } from '../list-sql';
import { paginate } from '../pagination';
import type { TrashScope } from '../trash';
import type { AreaContext, Rec } from './area-context';

// The reads of an area: a route's key, one record, a page of the list, every record for an export.

const EXPORT_BATCH = 1000;

export interface PageRequest {
  path: string;
  query: URLSearchParams;
}

/** A route's `:id`, or a 404 when it is not one. */
export function parseId(raw: string): number {
  if (!/^\d{1,9}$/.test(raw)) throw notFound();
  return Number(raw);
}

/** `/{id}`, or `/{slug}` in areas addressed by slug (docs/areas.md: news, categories). */
export async function resolveKey<R extends Rec, C, U>(
  area: AreaContext<R, C, U>,
  raw: string,
): Promise<number> {
  if (/^\d{1,9}$/.test(raw) || area.definition.contract.lookup !== 'slug') return parseId(raw);
  if (raw.length > 200 || !SLUG_PATTERN.test(raw)) throw notFound();
  const [row] = await area.database.query<{ id: number }>(`SELECT id FROM ${area.table} WHERE slug = $1`, [
    raw,
  ]);
  if (!row) throw notFound();
  return row.id;
}

export async function show<R extends Rec, C, U>(area: AreaContext<R, C, U>, id: number, scope: TrashScope) {
  const [record] = await area.findRows(area.database, [id], null, scope);
  if (!record) throw notFound();
  return record;
}

/** One page: its rows and the total, two statements run side by side. */
export async function list<R extends Rec, C, U>(
  area: AreaContext<R, C, U>,
  query: ListQuery,
  page: PageRequest,
  scope: TrashScope,
): Promise<Paginated<R>> {
  const reader = area.readerOf(scope);
  const statements = listStatements(reader, query, undefined, area.scoped(scope), scope === 'without');
  const [rows, totals] = await Promise.all([
    area.database.query(statements.rows.text, statements.rows.values),
    area.database.query<{ total: number }>(statements.count.text, statements.count.values),
  ]);
  return paginate(rows.map(reader.toRecord), {
    page: query.page,
    perPage: query.perPage,
    total: totals[0]?.total ?? 0,
    ...page,
  });
}

/**
 * Every matching record from one consistent snapshot, handed over in batches (CSV export) while the
 * snapshot's connection is held: `onRecords` must not wait on a client (decision 012).
 */
export async function each<R extends Rec, C, U>(
  area: AreaContext<R, C, U>,
  query: ListQuery,
  onRecords: (records: R[]) => Promise<void>,
  scope: TrashScope,
): Promise<void> {
  // The live rows of an export are picked here rather than in SQL: a planner without statistics
  // (PGlite has no autovacuum) takes `deleted_at IS NULL` for 0.5 % of the rows and sorts the whole
  // table instead of walking the sort's index. Trashed rows are few (TRASH_RETENTION_DAYS).
  const liveByHand = area.trashable && scope === 'without';
  const reader = liveByHand ? area.withTrash : area.readerOf(scope);
  const { rows: statement } = listStatements(reader, query, null, liveByHand ? null : area.scoped(scope));
  await area.database.snapshot(statement.text, statement.values, EXPORT_BATCH, (rows) =>
    onRecords(
      liveByHand
        ? rows.filter((row) => row.gestor_deleted_at === null).map(area.definition.toRecord)
        : rows.map(reader.toRecord),
    ),
  );
}
