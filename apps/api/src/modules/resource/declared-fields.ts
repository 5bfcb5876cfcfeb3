import { slugify } from '@gestor/shared';
import type { Connection } from '../../db/client';
import { ValidationError } from '../../lib/http-errors';

// Decision 008: how an area's input is stored, declared instead of written. A field is a column, a
// reference to one record (written by id or natural key, read back as an object), or an ordered or
// unordered list of references kept in a join table. The machinery resolves references (a 422 on the
// field for what does not exist), writes the row and its lists, makes slugs, and records which media
// items the record uses.

/** The records a reference may point at, and how people write and read about them. */
export interface RefTarget {
  table: string;
  /** What the API accepts for it: the id, or a natural key column (`categories: ["deportes"]`). */
  key: 'id' | 'slug' | 'name';
  /** Spanish nouns with their article, for messages: { one: 'la categoría', many: 'las categorías' }. */
  noun: { one: string; many: string };
  /** References to it are usages the media library keeps (MediaLinks.syncUsages). */
  countsAsUsage?: boolean;
  /**
   * Only records whose `column` holds one of `values` may be referenced (a cover must be an image):
   * any other is a 422 with `refusal(name)`, the record named by `nameColumn`.
   */
  accept?: { column: string; values: readonly string[]; nameColumn: string; refusal(name: string): string };
  /** How a referenced record reads inside another (SQL over its row's `alias`): a small JSON object. */
  shape(alias: string): string;
  /** What the API returns for one value of `shape` (media turn file names into addresses). */
  readValue?(raw: unknown): unknown;
  /** Its records can be in the trash (decision 026): a trashed one cannot be referenced. */
  trashable?: boolean;
  /** The column that names one of its records (in messages about a reference that is gone). */
  titleColumn?: string;
}

export type FieldSpec =
  /** Stored as is in the column of the same name (or `column`). */
  | { kind: 'column'; column?: string }
  /** A reference to one record (or null), stored as its id in `column`. */
  | { kind: 'ref'; column: string; target: RefTarget }
  /** References kept in a join table (`own` → this record, `other` → the target), in order when `ordered`. */
  | { kind: 'list'; table: string; own: string; other: string; ordered?: boolean; target: RefTarget }
  /** Plain text values, one row each in a table of their own (a role's permissions). */
  | ValueListSpec
  /** Ordered child records written as a whole (a test's questions, each with its options). */
  | ChildrenSpec;

/**
 * Child rows of `table` (with `id`, `own` → the parent, `position` 1…n and the listed `columns`),
 * written as a whole ordered array: an item with the id of an existing child updates it (so the
 * audit shows what changed), one without an id is inserted, and children left out are deleted.
 * `children` nests one more level (a question's options).
 */
export interface ChildrenSpec {
  kind: 'children';
  table: string;
  own: string;
  columns: readonly string[];
  children?: { field: string; spec: ChildrenSpec };
}

/**
 * A set of plain text values kept one a row in `table` (`own` → this record, the value in `column`),
 * written as a whole and read back sorted: `role_permissions (role_id, permission)`.
 */
export interface ValueListSpec {
  kind: 'values';
  table: string;
  own: string;
  column: string;
}

export const column = (name?: string): FieldSpec => ({ kind: 'column', ...(name ? { column: name } : {}) });
export const reference = (columnName: string, target: RefTarget): FieldSpec => ({
  kind: 'ref',
  column: columnName,
  target,
});
export const childList = (spec: Omit<ChildrenSpec, 'kind'>): ChildrenSpec => ({ kind: 'children', ...spec });

export const referenceList = (
  spec: { table: string; own: string; other: string; ordered?: boolean },
  target: RefTarget,
): FieldSpec => ({ kind: 'list', ...spec, target });

const quoted = (keys: unknown[]) => keys.map((key) => `«${String(key)}»`).join(', ');

/**
 * Turns what was written (ids or natural keys) into ids, all or a 422 naming what does not exist.
 * The rows found are locked FOR KEY SHARE, so none can be deleted before this transaction ends.
 */
async function resolve(tx: Connection, field: string, target: RefTarget, keys: unknown[]): Promise<number[]> {
  if (!keys.length) return [];
  const cast = target.key === 'id' ? 'int' : 'text';
  const { accept } = target;
  const rows = await tx.query<{ id: number; key: unknown; accepted?: string; name?: string }>(
    // What is accepted by kind is locked FOR SHARE, which also waits for a change of that kind (a
    // file being replaced by a PDF) to commit or roll back, so the kind read here holds at commit.
    `SELECT id, ${target.key} AS key${accept ? `, ${accept.column}::text AS accepted, ${accept.nameColumn}::text AS name` : ''}
       FROM ${target.table} WHERE ${target.key} = ANY($1::${cast}[])${target.trashable ? ' AND deleted_at IS NULL' : ''}
        ${accept ? 'FOR SHARE' : 'FOR KEY SHARE'}`,
    [keys],
  );
  const byKey = new Map(rows.map((row) => [String(row.key), row.id]));
  const missing = keys.filter((key) => !byKey.has(String(key)));
  if (missing.length) {
    throw ValidationError.field(
      field,
      missing.length === 1
        ? `No existe ${target.noun.one} ${quoted(missing)}.`
        : `No existen ${target.noun.many} ${quoted(missing)}.`,
    );
  }
  const refused = accept && rows.find((row) => !accept.values.includes(row.accepted ?? ''));
  if (refused) throw ValidationError.field(field, accept.refusal(refused.name ?? String(refused.key)));
  return keys.map((key) => byKey.get(String(key))!);
}

/** What the declared fields of one write resolve to: column values and lists of ids. */
export interface ResolvedWrite {
  columns: Map<string, unknown>;
  lists: Array<{ spec: Extract<FieldSpec, { kind: 'list' }>; ids: number[] }>;
  values: Array<{ spec: ValueListSpec; values: string[] }>;
  children: Array<{ field: string; spec: ChildrenSpec; items: ChildItem[] }>;
}

export type ChildItem = { id?: number | null } & Record<string, unknown>;

/** Resolves the fields present in `input` (an update sends only what changes). */
export async function resolveFields(
  tx: Connection,
  fields: Record<string, FieldSpec>,
  input: Record<string, unknown>,
): Promise<ResolvedWrite> {
  const resolved: ResolvedWrite = { columns: new Map(), lists: [], values: [], children: [] };
  for (const [name, spec] of Object.entries(fields)) {
    if (!Object.hasOwn(input, name) || input[name] === undefined) continue;
    const value = input[name];
    if (spec.kind === 'column') resolved.columns.set(spec.column ?? name, value);
    else if (spec.kind === 'children')
      resolved.children.push({ field: name, spec, items: value as ChildItem[] });
    else if (spec.kind === 'values') resolved.values.push({ spec, values: [...new Set(value as string[])] });
    else if (spec.kind === 'ref') {
      resolved.columns.set(
        spec.column,
        value === null ? null : (await resolve(tx, name, spec.target, [value]))[0],
      );
    } else {
      const keys = [...new Set(value as unknown[])];
      resolved.lists.push({ spec, ids: await resolve(tx, name, spec.target, keys) });
    }
  }
  return resolved;
}

/** INSERT (no id) or UPDATE (id) of the resolved columns, then each list replaced as a whole. */
export async function writeResolved(
  tx: Connection,
  table: string,
  resolved: ResolvedWrite,
  id: number | null,
): Promise<number> {
  const names = [...resolved.columns.keys()];
  const values = [...resolved.columns.values()];
  let recordId = id;
  if (recordId === null) {
    const [row] = await tx.query<{ id: number }>(
      names.length
        ? `INSERT INTO ${table} (${names.join(', ')}) VALUES (${names.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING id`
        : `INSERT INTO ${table} DEFAULT VALUES RETURNING id`,
      values,
    );
    recordId = row!.id;
  } else if (names.length) {
    await tx.query(
      `UPDATE ${table} SET ${names.map((name, i) => `${name} = $${i + 2}`).join(', ')} WHERE id = $1`,
      [recordId, ...values],
    );
  }
  for (const { field, spec, items } of resolved.children) {
    await writeChildren(tx, field, spec, recordId, items);
  }
  for (const { spec, values: list } of resolved.values) {
    await tx.query(`DELETE FROM ${spec.table} WHERE ${spec.own} = $1`, [recordId]);
    if (list.length) {
      await tx.query(
        `INSERT INTO ${spec.table} (${spec.own}, ${spec.column}) SELECT $1, unnest($2::text[])`,
        [recordId, list],
      );
    }
  }
  for (const { spec, ids } of resolved.lists) {
    await tx.query(`DELETE FROM ${spec.table} WHERE ${spec.own} = $1`, [recordId]);
    if (!ids.length) continue;
    await tx.query(
      spec.ordered
        ? `INSERT INTO ${spec.table} (${spec.own}, ${spec.other}, position)
           SELECT $1, other, position FROM unnest($2::int[]) WITH ORDINALITY AS l (other, position)`
        : `INSERT INTO ${spec.table} (${spec.own}, ${spec.other}) SELECT $1, unnest($2::int[])`,
      [recordId, ids],
    );
  }
  return recordId;
}

/**
 * Writes `items` as the whole ordered set of children of `parentId`: ids kept when given (a 422 on
 * `<field>.N.id` for an id that is not one of this parent's children), new ones inserted, the rest
 * deleted (their own children first), positions 1…n.
 */
export async function writeChildren(
  tx: Connection,
  field: string,
  spec: ChildrenSpec,
  parentId: number,
  items: ChildItem[],
): Promise<void> {
  await writeChildLevel(tx, spec, [{ parentId, field, items }]);
}

/** The children of one parent as written, and where messages about them go (`questions.3.options`). */
interface ChildGroup {
  parentId: number;
  field: string;
  items: ChildItem[];
}

/**
 * One level of children for every parent at once, in a handful of statements whatever the number of
 * items (a test of 200 questions of 6 options each is two levels, not 1 400 round trips). Rows travel
 * as one JSON parameter, typed by the table's own row type (`jsonb_populate_recordset`).
 */
async function writeChildLevel(tx: Connection, spec: ChildrenSpec, groups: ChildGroup[]): Promise<void> {
  if (!groups.length) return;
  const existing = new Map(
    (
      await tx.query<{ id: number; parent: number }>(
        `SELECT id, ${spec.own} AS parent FROM ${spec.table} WHERE ${spec.own} = ANY($1::int[]) FOR UPDATE`,
        [groups.map((group) => group.parentId)],
      )
    ).map((row) => [row.id, row.parent]),
  );
  const kept = new Set<number>();
  for (const { parentId, field, items } of groups) {
    items.forEach((item, index) => {
      if (item.id === undefined || item.id === null) return;
      if (existing.get(item.id) !== parentId || kept.has(item.id)) {
        throw ValidationError.field(
          `${field}.${index}.id`,
          `El elemento ${index + 1} no pertenece a este elemento.`,
        );
      }
      kept.add(item.id);
    });
  }
  const gone = [...existing.keys()].filter((id) => !kept.has(id));
  if (gone.length) {
    if (spec.children) await deleteDescendants(tx, spec.children.spec, gone);
    await tx.query(`DELETE FROM ${spec.table} WHERE id = ANY($1::int[])`, [gone]);
  }
  // Positions are unique per parent: the kept ones step aside first.
  if (kept.size) {
    await tx.query(`UPDATE ${spec.table} SET position = -position WHERE id = ANY($1::int[])`, [[...kept]]);
  }

  const updates: Record<string, unknown>[] = [];
  const inserts: Record<string, unknown>[] = [];
  for (const { parentId, items } of groups) {
    items.forEach((item, index) => {
      const row: Record<string, unknown> = { [spec.own]: parentId, position: index + 1 };
      for (const name of spec.columns) row[name] = item[name] ?? null;
      if (item.id === undefined || item.id === null) inserts.push(row);
      else updates.push({ ...row, id: item.id });
    });
  }
  const rows = `jsonb_populate_recordset(NULL::${spec.table}, $1::jsonb) AS v`;
  if (updates.length) {
    await tx.query(
      `UPDATE ${spec.table} AS c SET ${['position', ...spec.columns].map((name) => `${name} = v.${name}`).join(', ')}
         FROM ${rows} WHERE c.id = v.id`,
      [JSON.stringify(updates)],
    );
  }
  // New rows are found again by their parent and position, unique among a parent's children.
  const insertedIds = new Map<string, number>();
  if (inserts.length) {
    const names = [spec.own, 'position', ...spec.columns];
    const inserted = await tx.query<{ id: number; parent: number; position: number }>(
      `INSERT INTO ${spec.table} (${names.join(', ')}) SELECT ${names.map((name) => `v.${name}`).join(', ')}
         FROM ${rows} RETURNING id, ${spec.own} AS parent, position`,
      [JSON.stringify(inserts)],
    );
    for (const row of inserted) insertedIds.set(`${row.parent}:${row.position}`, row.id);
  }

  if (!spec.children) return;
  const { field: childField, spec: childSpec } = spec.children;
  const next: ChildGroup[] = [];
  for (const { parentId, field, items } of groups) {
    items.forEach((item, index) => {
      next.push({
        parentId: item.id ?? insertedIds.get(`${parentId}:${index + 1}`)!,
        field: `${field}.${index}.${childField}`,
        items: (item[childField] as ChildItem[] | undefined) ?? [],
      });
    });
  }
  await writeChildLevel(tx, childSpec, next);
}

async function deleteDescendants(tx: Connection, spec: ChildrenSpec, parentIds: number[]) {
  if (spec.children) {
    const ids = (
      await tx.query<{ id: number }>(`SELECT id FROM ${spec.table} WHERE ${spec.own} = ANY($1::int[])`, [
        parentIds,
      ])
    ).map((row) => row.id);
    if (ids.length) await deleteDescendants(tx, spec.children.spec, ids);
  }
  await tx.query(`DELETE FROM ${spec.table} WHERE ${spec.own} = ANY($1::int[])`, [parentIds]);
}

/**
 * The SQL (a JSON array ordered by position) of a record's children and theirs, for an area's
 * SELECT list: `childrenSql(spec, 't.id')`.
 */
export function childrenSql(spec: ChildrenSpec, parent: string, depth = 0): string {
  const alias = `c${depth}`;
  const fields = ['id', 'position', ...spec.columns].map((name) => `'${name}', ${alias}.${name}`);
  if (spec.children) {
    fields.push(`'${spec.children.field}', ${childrenSql(spec.children.spec, `${alias}.id`, depth + 1)}`);
  }
  return `(SELECT coalesce(json_agg(json_build_object(${fields.join(', ')}) ORDER BY ${alias}.position), '[]'::json)
     FROM ${spec.table} ${alias} WHERE ${alias}.${spec.own} = ${parent})`;
}

/** A stable 31-bit hash, for advisory lock keys. */
export function lockHash(text: string): number {
  let hash = 7_310_043;
  for (const char of text) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0;
  return hash & 0x7fffffff;
}

/**
 * A free slug made from `source` (docs/areas.md: `ano-nuevo-en-avila`, then `-2`, `-3`…). Two writers making
 * the same slug at once take turns on a lock named after it, so both never pick the same suffix.
 */
export async function uniqueSlug(
  tx: Connection,
  table: string,
  source: string,
  fallback: string,
  exceptId: number | null,
): Promise<string> {
  let base = slugify(source, 190) || slugify(fallback);
  // A slug of digits alone would read as an id in /{slug} (shared slugField refuses it as input).
  if (/^\d+$/.test(base)) base = `${slugify(fallback)}-${base}`;
  await tx.query('SELECT pg_advisory_xact_lock($1, $2)', [lockHash(`${table}:slug`), lockHash(base)]);
  const rows = await tx.query<{ slug: string }>(
    `SELECT slug FROM ${table} WHERE (slug = $1 OR slug LIKE $2) AND id IS DISTINCT FROM $3`,
    [base, `${base}-%`, exceptId],
  );
  const taken = new Set(rows.map((row) => row.slug));
  if (!taken.has(base)) return base;
  let suffix = 2;
  while (taken.has(`${base}-${suffix}`)) suffix++;
  return `${base}-${suffix}`;
}

/** The reference fields whose target counts references as usages (the media library's). */
export const usageFields = (fields: Record<string, FieldSpec> | undefined) =>
  Object.values(fields ?? {}).filter(
    (spec): spec is Extract<FieldSpec, { kind: 'ref' | 'list' }> =>
      (spec.kind === 'ref' || spec.kind === 'list') && spec.target.countsAsUsage === true,
  );

/** The ids that a stored record's `specs` reference now. */
export async function referencedIds(
  tx: Connection,
  table: string,
  specs: Array<Extract<FieldSpec, { kind: 'ref' | 'list' }>>,
  recordId: number,
): Promise<number[]> {
  if (!specs.length) return [];
  const sources = specs.map((spec) =>
    spec.kind === 'ref'
      ? `SELECT ${spec.column} FROM ${table} WHERE id = $1 AND ${spec.column} IS NOT NULL`
      : `SELECT ${spec.other} FROM ${spec.table} WHERE ${spec.own} = $1`,
  );
  const rows = await tx.query<{ id: number }>(`SELECT id FROM (${sources.join(' UNION ')}) AS used (id)`, [
    recordId,
  ]);
  return rows.map((row) => row.id);
}

/** How a referenced record reads in an audit diff: its name, title or slug rather than an object. */
export function auditValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(auditValue);
  if (value && typeof value === 'object') {
    const ref = value as { name?: unknown; title?: unknown; slug?: unknown; id?: unknown };
    return ref.name ?? ref.title ?? ref.slug ?? ref.id ?? null;
  }
  return value;
}
