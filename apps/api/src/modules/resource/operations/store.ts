import { withArticle } from '@gestor/shared';
import type { Connection } from '../../../db/client';
import { referencedIds, resolveFields, uniqueSlug, usageFields, writeResolved } from '../declared-fields';
import type { WriteContext } from '../resource-definition';
import { refuseTrashedHolder } from '../trash';
import type { AreaContext, Rec } from './area-context';

// The steps of a create or an update that write the record itself (decision 008).

/**
 * docs/areas.md#rules-shared-by-the-content-areas: the allowlist applies to every write, whatever the
 * client sends; library images are stored by id (MediaLinks), a 422 on the field for one that is not
 * in the library.
 */
export async function storeRichText<R extends Rec, C, U>(
  area: AreaContext<R, C, U>,
  tx: Connection,
  input: Record<string, unknown>,
) {
  for (const field of area.definition.richText?.fields ?? []) {
    if (typeof input[field] === 'string')
      input[field] = (await area.media.storeRichText(tx, field, input[field])).html;
  }
}

/** The library items a record uses now: its media references and the images of its rich text. */
async function mediaUsedBy<R extends Rec, C, U>(area: AreaContext<R, C, U>, tx: Connection, id: number) {
  const { table, definition, media } = area;
  const ids = await referencedIds(tx, table, usageFields(area.fields), id);
  const richText = definition.richText;
  if (richText) {
    const [row] = await tx.query<Record<string, string | null>>(
      `SELECT ${richText.fields.join(', ')} FROM ${table} WHERE id = $1`,
      [id],
    );
    for (const field of richText.fields) ids.push(...media.idsInRichText(row?.[field] ?? ''));
  }
  return ids;
}

/** Counts what the record uses in the library now (after a write or a restore). */
export async function syncMediaUsages<R extends Rec, C, U>(
  area: AreaContext<R, C, U>,
  tx: Connection,
  id: number,
) {
  if (area.tracksMedia) await area.media.syncUsages(tx, area.path, id, await mediaUsedBy(area, tx, id));
}

/**
 * The record from its declared fields:
 * 1. the fields resolved to columns (references checked), with what the server issued;
 * 2. the slug, made from its source field when none is given;
 * 3. the area's own check of the values against other records;
 * 4. a value a trashed record holds refused, naming it (decision 026);
 * 5. the row and its relations written;
 * 6. the library items it uses counted.
 */
export async function storeDeclared<R extends Rec, C, U>(
  area: AreaContext<R, C, U>,
  ctx: WriteContext,
  input: Record<string, unknown>,
  current: R | null,
  issued: Record<string, string> = {},
): Promise<number> {
  const { definition, table } = area;
  const { contract } = definition;
  const resolved = await resolveFields(ctx.tx, area.fields!, input);
  for (const [column, value] of Object.entries(issued)) resolved.columns.set(column, value);
  if (definition.slug && (current === null || input.slug !== undefined)) {
    const given = input.slug as string | undefined;
    const source = String(
      input[definition.slug.from] ??
        (current as Record<string, unknown> | null)?.[definition.slug.from] ??
        '',
    );
    resolved.columns.set(
      'slug',
      given || (await uniqueSlug(ctx.tx, table, source, contract.label.one, current?.id ?? null)),
    );
  }
  await definition.check?.(ctx, { current, columns: resolved.columns });
  if (area.trashable) {
    await refuseTrashedHolder(
      ctx.tx,
      {
        table,
        noun: withArticle(contract.label).one,
        titleColumn: definition.titleColumn ?? 'name',
        current: current?.id ?? null,
      },
      area.uniqueFields.map((field) => ({ field, value: resolved.columns.get(field) })),
    );
  }
  const id = await writeResolved(ctx.tx, table, resolved, current?.id ?? null);
  await syncMediaUsages(area, ctx.tx, id);
  return id;
}
