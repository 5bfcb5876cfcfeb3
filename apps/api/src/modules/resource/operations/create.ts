import { type AuthUser, HIDDEN_VALUE } from '@gestor/shared';
import type { AreaContext, Rec } from './area-context';
import { auditedInstructions, diff } from './area-context';
import { storeDeclared, storeRichText } from './store';

/**
 * A new record:
 * 1. the area's slow work on the input, before the transaction (hashing a password);
 * 2. authorized on what the client sent (nobody gains what they do not hold);
 * 3. rich text sanitized and its images stored by id, then the area's own preparation;
 * 4. the values the server issues made (a webhook's secret);
 * 5. stored: the area's own insert or its declared fields;
 * 6. the `created` history entry (secrets and issued values as hidden);
 * 7. the area's check of the state after it (an administrator remains);
 * 8. told to the webhooks;
 * 9. answered with what was issued, which is in this answer alone.
 */
export async function create<R extends Rec, C, U>(
  area: AreaContext<R, C, U>,
  actor: AuthUser,
  input: C,
): Promise<R> {
  const { definition } = area;
  const given = input as Record<string, unknown>;
  await definition.beforeTransaction?.(input as Partial<C & U>);
  return area.write(actor, async (ctx) => {
    await definition.authorize?.(ctx, { action: 'create', input });
    await storeRichText(area, ctx.tx, given);
    await definition.prepare?.(ctx, input as Partial<C & U>, null);
    const issued = Object.fromEntries(
      Object.entries(definition.issuedOnCreate ?? {}).map(([column, make]) => [column, make()]),
    );
    const id = definition.create
      ? await definition.create(ctx, input)
      : await storeDeclared(area, ctx, given, null, issued);
    const [record] = await area.findRows(ctx.tx, [id]);
    const changes = {
      ...diff({}, area.snapshot(record!)),
      ...auditedInstructions(definition.auditedInstructions, given),
    };
    for (const field of [...(definition.secretFields ?? []), ...Object.keys(issued)]) {
      if (given[field] || issued[field]) changes[field] = { from: null, to: HIDDEN_VALUE };
    }
    await area.audit(ctx.tx, actor, id, 'created', changes);
    await definition.afterWrite?.(ctx, 'created');
    await area.announce(ctx, null, record!);
    return { ...record!, ...issued };
  });
}
