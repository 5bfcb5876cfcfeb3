import type { Connection } from '../../db/client';
import { ValidationError } from '../../lib/http-errors';
import type { FieldSpec } from './declared-fields';

// Decision 026, a trash for every area (Laravel's soft delete): what is shared by the list, the
// look-ups, the restore and the purge of trashed records. The service (resource-service.ts) calls it.

/** Which records a read sees: the live ones (default), only the trashed, or both (`?trashed=`). */
export type TrashScope = 'without' | 'only' | 'with';

const first = (raw: unknown) => (Array.isArray(raw) ? raw[0] : raw);

export function parseTrashed(raw: unknown): TrashScope {
  const value = first(raw);
  if (value === undefined || value === '') return 'without';
  if (value === 'only' || value === 'with') return value;
  throw ValidationError.field(
    'trashed',
    'El parámetro trashed debe ser «only» (solo la papelera) o «with» (también la papelera).',
  );
}

/** `?force=1`: delete for good, from the trash. */
export function parseForce(raw: unknown): boolean {
  const value = first(raw);
  if (value === undefined || value === '' || value === '0' || value === 'false') return false;
  if (value === '1' || value === 'true') return true;
  throw ValidationError.field('force', 'El parámetro force debe ser 1 o 0.');
}

/** The SQL condition of a scope over the alias, or null when every row is seen. */
export function scopeSql(scope: TrashScope, alias = 't'): string | null {
  if (scope === 'without') return `${alias}.deleted_at IS NULL`;
  if (scope === 'only') return `${alias}.deleted_at IS NOT NULL`;
  return null;
}

/** One reference a trashed record held, as it was when it was trashed. */
interface KeptReference {
  field: string;
  table: string;
  id: number;
  noun: string;
  name: string;
}

/**
 * Images inside rich text are library items (media-links.ts); named "la imagen" as people see them.
 * The library's table is the one the media links read.
 */
const RICH_TEXT_IMAGE = { table: 'multimedia', noun: 'la imagen', titleColumn: 'original_name' } as const;

type RefSpec = Extract<FieldSpec, { kind: 'ref' | 'list' }>;

/**
 * Keeps, for each record about to be trashed, what it references now (ids and names), so that
 * restoring it later can say which of them was deleted for good meanwhile: the ids in its columns
 * and join tables do not outlive that purge (their foreign keys let it proceed, migration 0021).
 */
export async function keepReferences(
  tx: Connection,
  {
    resource,
    table,
    fields,
    richText,
    imagesIn,
  }: {
    resource: string;
    table: string;
    fields: Record<string, FieldSpec> | undefined;
    richText: readonly string[];
    /** The library items a stored body shows (MediaLinks.idsInRichText). */
    imagesIn: (html: string) => number[];
  },
  ids: number[],
): Promise<void> {
  const kept = new Map<number, KeptReference[]>(ids.map((id) => [id, []]));
  const add = (record: number, reference: KeptReference) => kept.get(record)?.push(reference);
  for (const [field, spec] of Object.entries(fields ?? {})) {
    if (spec.kind !== 'ref' && spec.kind !== 'list') continue;
    const { target } = spec as RefSpec;
    if (!target.trashable) continue;
    const title = target.titleColumn ?? 'name';
    const rows = await tx.query<{ record: number; id: number; name: string | null }>(
      spec.kind === 'ref'
        ? `SELECT t.id AS record, r.id, r.${title}::text AS name
             FROM ${table} t JOIN ${target.table} r ON r.id = t.${spec.column} WHERE t.id = ANY($1::int[])`
        : `SELECT j.${spec.own} AS record, r.id, r.${title}::text AS name
             FROM ${spec.table} j JOIN ${target.table} r ON r.id = j.${spec.other} WHERE j.${spec.own} = ANY($1::int[])`,
      [ids],
    );
    for (const row of rows) {
      add(row.record, {
        field,
        table: target.table,
        id: row.id,
        noun: target.noun.one,
        name: row.name ?? `#${row.id}`,
      });
    }
  }
  for (const field of richText) {
    const bodies = await tx.query<{ id: number; html: string | null }>(
      `SELECT id, ${field} AS html FROM ${table} WHERE id = ANY($1::int[])`,
      [ids],
    );
    const used = bodies.map((row) => ({ record: row.id, media: imagesIn(row.html ?? '') }));
    const all = [...new Set(used.flatMap((row) => row.media))];
    if (!all.length) continue;
    const names = new Map(
      (
        await tx.query<{ id: number; name: string }>(
          `SELECT id, ${RICH_TEXT_IMAGE.titleColumn}::text AS name FROM ${RICH_TEXT_IMAGE.table} WHERE id = ANY($1::int[])`,
          [all],
        )
      ).map((row) => [row.id, row.name]),
    );
    for (const { record, media } of used) {
      for (const id of media) {
        if (!names.has(id)) continue;
        add(record, {
          field,
          table: RICH_TEXT_IMAGE.table,
          id,
          noun: RICH_TEXT_IMAGE.noun,
          name: names.get(id)!,
        });
      }
    }
  }
  await tx.query(
    `INSERT INTO trash_references (resource, record_id, refs)
     SELECT $1, r.id, r.refs FROM jsonb_to_recordset($2::jsonb) AS r (id int, refs jsonb)
     ON CONFLICT (resource, record_id) DO UPDATE SET refs = EXCLUDED.refs`,
    [resource, JSON.stringify([...kept].map(([id, refs]) => ({ id, refs })))],
  );
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * Before trashed records come back: everything they referenced must still be there and live, else a
 * 422 on the field that referenced it, naming it. What is found is locked FOR KEY SHARE, so a purge
 * running meanwhile waits for this restore (and then cannot delete what a live record references).
 */
export async function checkReferences(
  tx: Connection,
  resource: string,
  records: Array<{ id: number; title: string }>,
): Promise<void> {
  const rows = await tx.query<{ record_id: number; refs: KeptReference[] }>(
    'SELECT record_id, refs FROM trash_references WHERE resource = $1 AND record_id = ANY($2::int[])',
    [resource, records.map((record) => record.id)],
  );
  const byTable = new Map<string, Set<number>>();
  for (const row of rows) {
    for (const ref of row.refs) {
      // Table names come from the declarations that wrote them; never anything else into SQL.
      if (!/^[a-z_]+$/.test(ref.table)) continue;
      if (!byTable.has(ref.table)) byTable.set(ref.table, new Set());
      byTable.get(ref.table)!.add(ref.id);
    }
  }
  const state = new Map<string, boolean>();
  for (const [table, ids] of byTable) {
    const found = await tx.query<{ id: number; trashed: boolean }>(
      `SELECT id, deleted_at IS NOT NULL AS trashed FROM ${table} WHERE id = ANY($1::int[]) ORDER BY id FOR KEY SHARE`,
      [[...ids]],
    );
    for (const row of found) state.set(`${table}:${row.id}`, row.trashed);
  }
  const prefix = (recordId: number) =>
    records.length > 1
      ? `No se puede restaurar «${records.find((r) => r.id === recordId)?.title ?? recordId}»: `
      : '';
  for (const row of rows) {
    for (const ref of row.refs) {
      const trashed = state.get(`${ref.table}:${ref.id}`);
      if (trashed === false) continue;
      const noun = capitalized(ref.noun);
      const feminine = ref.noun.startsWith('la ');
      throw ValidationError.field(
        ref.field,
        trashed === undefined
          ? `${prefix(row.record_id)}${noun} «${ref.name}» ya no existe: se eliminó definitivamente.`
          : `${prefix(row.record_id)}${noun} «${ref.name}» está en la papelera: restáure${feminine ? 'la' : 'lo'} antes.`,
      );
    }
  }
}

export async function forgetReferences(tx: Connection, resource: string, ids: number[]): Promise<void> {
  await tx.query('DELETE FROM trash_references WHERE resource = $1 AND record_id = ANY($2::int[])', [
    resource,
    ids,
  ]);
}

type Readable = {
  columns: string;
  listColumns?: string;
  toRecord(row: Record<string, unknown>): unknown;
  sortColumns: Record<string, string>;
};

/**
 * The definition as reads of the trash use it: each record also says when it was trashed
 * (`deleted_at`, null for a live one in `?trashed=with`), and lists sort by it too.
 */
export function withDeletedAt<D extends Readable>(definition: D): D {
  const more = (list: string) => `${list}, t.deleted_at AS gestor_deleted_at`;
  return {
    ...definition,
    columns: more(definition.columns),
    listColumns: more(definition.listColumns ?? definition.columns),
    toRecord(row: Record<string, unknown>) {
      const deleted = row.gestor_deleted_at;
      return {
        ...(definition.toRecord(row) as object),
        deleted_at: deleted instanceof Date ? deleted.toISOString() : null,
      };
    },
    sortColumns: { ...definition.sortColumns, deleted_at: 't.deleted_at' },
  };
}

/**
 * A trashed record keeps its slug (a user's email, a role's name…) reserved: a write that takes one
 * from the trash is told so, rather than the usual "already in use" that shows no such record.
 */
export async function refuseTrashedHolder(
  tx: Connection,
  {
    table,
    noun,
    titleColumn,
    current,
  }: { table: string; noun: string; titleColumn: string; current: number | null },
  values: Array<{ field: string; value: unknown }>,
): Promise<void> {
  for (const { field, value } of values) {
    if (typeof value !== 'string' || !value || !/^[a-z_]+$/.test(field)) continue;
    const [holder] = await tx.query<{ name: string }>(
      `SELECT ${titleColumn}::text AS name FROM ${table}
        WHERE deleted_at IS NOT NULL AND lower(${field}::text) = lower($1) AND id IS DISTINCT FROM $2 LIMIT 1`,
      [value, current],
    );
    if (!holder) continue;
    const feminine = noun.startsWith('la ');
    const pronoun = feminine ? 'la' : 'lo';
    throw ValidationError.field(
      field,
      `Ya lo usa ${noun} «${holder.name}», que está en la papelera: restáure${pronoun} o elimíne${pronoun} definitivamente antes.`,
    );
  }
}
