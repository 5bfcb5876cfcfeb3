import type { AuthUser } from '@gestor/shared';
import { writeAudit } from '../audit-log';
import { forgetReferences } from '../trash';
import type { AreaContext, Rec } from './area-context';
import { diff } from './area-context';
import { refuseOutsideTrash } from './restore';

/** Records deleted for good per transaction by the trash's retention. */
const PURGE_BATCH = 200;
/** Who the history names for what the server does by itself (the trash's retention). */
const SYSTEM_ACTOR = { id: null, name: 'Sistema' };
const SYSTEM = { ...SYSTEM_ACTOR, permissions: [], roles: [] } as unknown as AuthUser;

/**
 * Deletes trashed records for good, all or none; `all` empties the area's trash, `olderThanDays`
 * takes what the retention has expired (then the actor is the server itself):
 * 1. the records picked and locked: the given ids (404/422 for one missing or not in the trash), or
 *    up to a batch of the trash that no other process holds (several may purge at once);
 * 2. authorized as a deletion is, when a person asked;
 * 3. each record's `force_deleted` entry, naming the person or «Sistema»;
 * 4. the area's own work (a file's storage removed after commit), the references kept for a
 *    restore forgotten, the rows deleted.
 */
export async function forceDelete<R extends Rec, C, U>(
  area: AreaContext<R, C, U>,
  actor: AuthUser | null,
  ids: number[] | 'all',
  { single = false, olderThanDays }: { single?: boolean; olderThanDays?: number } = {},
): Promise<number> {
  const { definition, table, path } = area;
  return area.write(actor ?? SYSTEM, async (ctx) => {
    let records: R[];
    if (ids === 'all' || olderThanDays !== undefined) {
      const rows = await ctx.tx.query<{ id: number }>(
        `SELECT id FROM ${table} WHERE deleted_at IS NOT NULL
           ${olderThanDays !== undefined ? `AND deleted_at < now() - make_interval(days => $1)` : ''}
          ORDER BY deleted_at, id LIMIT ${PURGE_BATCH} FOR UPDATE SKIP LOCKED`,
        olderThanDays !== undefined ? [olderThanDays] : [],
      );
      records = await area.findRows(
        ctx.tx,
        rows.map((row) => row.id),
        'FOR UPDATE',
        'only',
      );
    } else {
      const unique = [...new Set(ids)];
      records = await area.findRows(ctx.tx, unique, 'FOR UPDATE', 'with');
      refuseOutsideTrash(area, records, unique, single);
    }
    if (!records.length) return 0;
    if (actor) await definition.authorize?.(ctx, { action: 'delete', records });
    const gone = records.map((record) => record.id);
    for (const record of records) {
      await writeAudit(
        ctx.tx,
        { resource: path, recordId: record.id, action: 'force_deleted', actor: actor ?? SYSTEM_ACTOR },
        diff(area.snapshot(record), {}),
      );
    }
    await definition.onPurge?.(ctx, records);
    await forgetReferences(ctx.tx, path, gone);
    await ctx.tx.query(`DELETE FROM ${table} WHERE id = ANY($1::int[])`, [gone]);
    return records.length;
  });
}

/**
 * Deletes for good what has been in the trash longer than `days` (TRASH_RETENTION_DAYS), batch after
 * batch, so one purge never holds thousands of rows in one transaction.
 */
export async function purgeExpired<R extends Rec, C, U>(
  area: AreaContext<R, C, U>,
  days: number,
): Promise<number> {
  let total = 0;
  for (;;) {
    const purged = await forceDelete(area, null, 'all', { olderThanDays: days });
    total += purged;
    if (purged < PURGE_BATCH) return total;
  }
}
