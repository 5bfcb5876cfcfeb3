import { type AuditEntry, type AuthUser, HIDDEN_VALUE } from '@gestor/shared';
import { conflict, notFound } from '../../../lib/http-errors';
import type { AreaContext, Rec } from './area-context';
import { auditedInstructions, diff } from './area-context';
import { storeDeclared, storeRichText } from './store';

/**
 * An edit of one record. `updated_at` is the version the edit started from (409 when stale);
 * replacing a file may omit it, and then replaces whatever is stored, like a new upload.
 * 1. the area's slow work on the input, before the transaction;
 * 2. the record locked (404 when it is not there, or is in the trash);
 * 3. optimistic concurrency: a 409 when the edit did not start from the version stored now;
 * 4. authorized on the record as it is and on the change; whether the website shows it now noted;
 * 5. rich text sanitized, then the area's own preparation;
 * 6. stored: the area's own update or its declared fields; `updated_at` moved;
 * 7. the history entry (`updated`, or `reverted` naming the version restored), only when something
 *    changed, secrets as hidden;
 * 8. the area's check of the state after it;
 * 9. told to the webhooks (what the website saw before and sees now), and to the tabs that have the record open (decision 027).
 */
export async function update<R extends Rec, C, U>(
  area: AreaContext<R, C, U>,
  actor: AuthUser,
  id: number,
  input: U & { updated_at?: string },
  revertedFrom: AuditEntry['reverted_from'] = null,
): Promise<R> {
  const { definition, table } = area;
  await definition.beforeTransaction?.(input as Partial<C & U>);
  return area.write(actor, async (ctx) => {
    const [current] = await area.findRows(ctx.tx, [id], 'FOR NO KEY UPDATE');
    if (!current) throw notFound();
    if (
      input.updated_at !== undefined &&
      new Date(input.updated_at).getTime() !== new Date(current.updated_at).getTime()
    )
      throw conflict();
    const { updated_at: _startedFrom, ...changesOnly } = input;
    await definition.authorize?.(ctx, { action: 'update', current, input: changesOnly as U });
    const wasPublic = (await area.publicNow(ctx.tx, [id])).has(id);
    await storeRichText(area, ctx.tx, changesOnly);
    await definition.prepare?.(ctx, changesOnly as Partial<C & U>, current);
    if (definition.update) await definition.update(ctx, current, changesOnly as U);
    else await storeDeclared(area, ctx, changesOnly as Record<string, unknown>, current);
    await ctx.tx.query(`UPDATE ${table} SET updated_at = now() WHERE id = $1`, [id]);
    const [record] = await area.findRows(ctx.tx, [id]);
    const changes = {
      ...diff(area.snapshot(current), area.snapshot(record!)),
      ...auditedInstructions(definition.auditedInstructions, changesOnly as Record<string, unknown>),
    };
    for (const field of definition.secretFields ?? []) {
      if ((input as Record<string, unknown>)[field])
        changes[field] = { from: HIDDEN_VALUE, to: HIDDEN_VALUE };
    }
    const edited = Object.keys(changes).length > 0;
    if (edited)
      await area.audit(ctx.tx, actor, id, revertedFrom ? 'reverted' : 'updated', changes, revertedFrom);
    await definition.afterWrite?.(ctx, 'updated');
    await area.announce(ctx, current, record!, edited, wasPublic);
    await area.onSaved?.(ctx, area.path, record!);
    return record!;
  });
}
