import type { AuthUser } from '@gestor/shared';
import { notFound, ValidationError } from '../../../lib/http-errors';
import { checkReferences, forgetReferences } from '../trash';
import type { AreaContext, Rec } from './area-context';
import { diff } from './area-context';
import { syncMediaUsages } from './store';

/**
 * Takes trashed records back out of the trash, all or none (decision 026):
 * 1. every id locked, trash included; a 404/422 for one missing or not in the trash;
 * 2. authorized as a deletion is;
 * 3. what each referenced must still exist (a 422 naming it), then the area's own work (a slide's
 *    place made free);
 * 4. `deleted_at` cleared and the references kept for this check forgotten;
 * 5. each record's library usages counted again, its `restored` entry, told to the webhooks.
 */
export async function restore<R extends Rec, C, U>(
  area: AreaContext<R, C, U>,
  actor: AuthUser,
  ids: number[],
  { single = false }: { single?: boolean } = {},
): Promise<R[]> {
  const { definition, table, path } = area;
  return area.write(actor, async (ctx) => {
    const unique = [...new Set(ids)];
    const records = await area.findRows(ctx.tx, unique, 'FOR UPDATE', 'with');
    refuseOutsideTrash(area, records, unique, single);
    await definition.authorize?.(ctx, { action: 'delete', records });
    await checkReferences(
      ctx.tx,
      path,
      records.map((record) => ({ id: record.id, title: area.titleOf(record) })),
    );
    await definition.onRestore?.(ctx, records);
    await ctx.tx.query(`UPDATE ${table} SET deleted_at = NULL WHERE id = ANY($1::int[])`, [unique]);
    await forgetReferences(ctx.tx, path, unique);
    const restored = await area.findRows(ctx.tx, unique);
    for (const record of restored) {
      await syncMediaUsages(area, ctx.tx, record.id);
      await area.audit(ctx.tx, actor, record.id, 'restored', diff({}, area.snapshot(record)));
      await area.announce(ctx, null, record);
    }
    return area.findRows(ctx.tx, unique);
  });
}

/** Only trashed records are restored or deleted for good: 404 for one that does not exist. */
export function refuseOutsideTrash<R extends Rec, C, U>(
  area: AreaContext<R, C, U>,
  records: R[],
  ids: number[],
  single: boolean,
) {
  const missing = ids.filter((id) => !records.some((r) => r.id === id));
  if (missing.length) {
    if (single) throw notFound();
    throw ValidationError.field('ids', `No existen los elementos con id ${missing.join(', ')}.`);
  }
  const live = records.filter((record) => !(record as { deleted_at?: string | null }).deleted_at);
  if (live.length) {
    throw ValidationError.field(
      single ? 'id' : 'ids',
      single
        ? 'Este elemento no está en la papelera.'
        : `No están en la papelera: ${live.map((record) => `«${area.titleOf(record)}»`).join(', ')}.`,
    );
  }
}
