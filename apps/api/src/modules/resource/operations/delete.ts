import type { AuthUser } from '@gestor/shared';
import { notFound, ValidationError } from '../../../lib/http-errors';
import type { WriteContext } from '../resource-definition';
import { keepReferences } from '../trash';
import type { AreaContext, Rec } from './area-context';
import { diff } from './area-context';

/**
 * Deletes every id or none: a missing or refused one is a 422 (a 404 for one record's route) and
 * nothing is deleted. In an area with a trash (decision 026) the records go to the trash:
 * 1. every id locked, the area's authorization and its refusals, each record's `deleted` entry;
 *    which of them the website shows noted;
 * 2. with a trash: what each record referenced kept, so restoring it can check it is still there;
 *    without: the row deleted;
 * 3. a trashed record uses nothing in the library: what it used may be deleted (restoring checks it);
 * 4. the area's own work (a user's sessions end), the row marked `deleted_at`;
 * 5. the area's check of the state after it, then each record told to the webhooks as gone.
 */
export async function deleteRecords<R extends Rec, C, U>(
  area: AreaContext<R, C, U>,
  actor: AuthUser,
  ids: number[],
  { single = false }: { single?: boolean } = {},
): Promise<void> {
  const { definition, table, path, media } = area;
  await area.write(actor, async (ctx) => {
    const { unique, records } = await lockedForDeletion(area, ctx, ids, single);
    const shown = await area.publicNow(ctx.tx, unique);
    if (area.trashable) {
      await keepReferences(
        ctx.tx,
        {
          resource: path,
          table,
          fields: area.fields,
          richText: definition.richText?.fields ?? [],
          imagesIn: media.idsInRichText,
        },
        unique,
      );
    }
    if (area.tracksMedia) await media.forgetUsages(ctx.tx, path, unique);
    if (area.trashable) {
      await definition.onTrash?.(ctx, records);
      await ctx.tx.query(`UPDATE ${table} SET deleted_at = now() WHERE id = ANY($1::int[])`, [unique]);
    } else {
      await ctx.tx.query(`DELETE FROM ${table} WHERE id = ANY($1::int[])`, [unique]);
    }
    await definition.afterWrite?.(ctx, 'deleted');
    for (const record of records) await area.announce(ctx, record, null, true, shown.has(record.id));
  });
}

/**
 * What every deletion does first: every id locked or a 404/422 naming the missing ones, the area's
 * checks and refusals, each record's `deleted` entry (its last version).
 */
async function lockedForDeletion<R extends Rec, C, U>(
  area: AreaContext<R, C, U>,
  ctx: WriteContext,
  ids: number[],
  single: boolean,
) {
  const unique = [...new Set(ids)];
  const records = await area.findRows(ctx.tx, unique, 'FOR UPDATE');
  if (records.length !== unique.length) {
    if (single) throw notFound();
    const missing = unique.filter((id) => !records.some((r) => r.id === id));
    throw ValidationError.field('ids', `No existen los elementos con id ${missing.join(', ')}.`);
  }
  await area.definition.authorize?.(ctx, { action: 'delete', records });
  await area.definition.beforeDelete?.(ctx, records);
  for (const record of records) {
    await area.audit(ctx.tx, ctx.actor, record.id, 'deleted', diff(area.snapshot(record), {}));
  }
  return { unique, records };
}
