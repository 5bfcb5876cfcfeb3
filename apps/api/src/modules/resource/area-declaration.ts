import {
  type Area,
  createInputOf,
  type FieldDef,
  type InputField,
  isInput,
  type ResourceContract,
  timestampLabels,
  updateInputOf,
  withArticle,
} from '@gestor/shared';
import { csvDate } from './csv';
import {
  auditValue,
  type ChildrenSpec,
  type FieldSpec,
  type RefTarget,
  type ValueListSpec,
} from './declared-fields';
import type { CsvColumn, ResourceDefinition } from './resource-definition';
import { SPANISH_SEARCH } from './spanish-search';

// Decision 018: an area's module declares only what is its own (its table, computed SELECT
// expressions, hooks, custom routes); what its fields are, how they are stored, read, audited and
// exported comes from the field table of its shared contract.

type AnyRecord = { id: number; updated_at: string };

/** How a field is stored when not in the column of its name. */
export type Storage =
  /** A join table (`own` → this record, `other` → the referenced one); order and target from the contract. */
  | { kind: 'join'; table: string; own: string; other: string }
  /** Ordered child rows written as a whole (a test's questions). */
  | ChildrenSpec
  /** Plain text values in a table of their own (a role's permissions). */
  | ValueListSpec
  /** Another column (`author` in `author_id`); a reference's column is `<name>_id` unless said. */
  | { kind: 'column'; column: string }
  /** Not stored by the machinery: the area's hooks write it. */
  | { kind: 'none' };

export const joinTable = (table: string, own: string, other: string): Storage => ({
  kind: 'join',
  table,
  own,
  other,
});
export const storedIn = (column: string): Storage => ({ kind: 'column', column });
export const valueList = (table: string, own: string, column: string): Storage => ({
  kind: 'values',
  table,
  own,
  column,
});
export const notStored: Storage = { kind: 'none' };

/**
 * A CSV column: a field of the table (header and format from it), a field of the table written
 * otherwise (its header, the area's `value`), or one of the area's own.
 */
export type CsvEntry<R> = string | { field: string; value: CsvColumn<R>['value'] } | CsvColumn<R>;

/**
 * What an area declares. Everything of ResourceDefinition is accepted as an override; what the field
 * table gives (inputs, stored fields, SELECT list, record mapping, audit, CSV, search) may be left out.
 */
export interface AreaDeclaration<R extends AnyRecord, C, U>
  extends Omit<
    ResourceDefinition<R, C, U>,
    | 'columns'
    | 'listColumns'
    | 'toRecord'
    | 'createInput'
    | 'updateInput'
    | 'fields'
    | 'csv'
    | 'richText'
    | 'slug'
    | 'fullTextSearch'
    | 'secretFields'
    | 'auditedInstructions'
  > {
  /**
   * SELECT expressions (alias `t`) of fields the server computes or reads otherwise than stored; null
   * for one that `read` computes from the row's other fields (a file's address).
   */
  select?: Record<string, string | null>;
  /** How fields are stored when not in their own column (join tables, children, another column). */
  storage?: Record<string, Storage>;
  /** A field's value as the API returns it, when its row value needs more than the usual reading. */
  read?: Record<string, (row: Record<string, unknown>) => unknown>;
  /** The export's columns, in order: field names (and `id`, `created_at`, `updated_at`) or own columns. */
  csv: CsvEntry<R>[];
  /**
   * Read-only fields the history records as well: stored values the area's own hooks and routes set
   * on people's behalf (a slide's place in the order), so they show in its created and deleted entries.
   */
  audited?: readonly string[];
  /** What other areas see of this one's records when they reference them (see RefTarget). */
  asTarget?: Partial<Pick<RefTarget, 'countsAsUsage' | 'accept' | 'shape' | 'readValue'>>;
}

export function defineArea<R extends AnyRecord, C, U>(declaration: AreaDeclaration<R, C, U>) {
  return declaration;
}

type AnyDeclaration = AreaDeclaration<AnyRecord, unknown, unknown>;

/** What a reference to an area needs of its declaration. */
type TargetSource = Pick<AnyDeclaration, 'contract' | 'table' | 'titleColumn' | 'asTarget'>;

/** The fields of a contract, with their names. */
const entries = (contract: ResourceContract) => Object.entries(contract.fields) as Array<[string, FieldDef]>;

/** What a reference to an area's records is, from that area's declaration. */
export function targetOf(declaration: TargetSource, key: RefTarget['key']): RefTarget {
  const { contract, table } = declaration;
  const name = declaration.titleColumn ?? 'name';
  const withSlug = contract.lookup === 'slug';
  return {
    table,
    key,
    noun: withArticle(contract.label),
    shape: (alias) =>
      `json_build_object('id', ${alias}.id, 'name', ${alias}.${name}${withSlug ? `, 'slug', ${alias}.slug` : ''})`,
    trashable: contract.trash !== false,
    titleColumn: name,
    ...declaration.asTarget,
  };
}

/** The areas others may reference, by permission area: the registry targets come from. */
export type Targets = (area: Area, key: RefTarget['key'], accept?: string) => RefTarget;

export function targetRegistry(declarations: readonly TargetSource[]): Targets {
  const byArea = new Map(declarations.map((declaration) => [declaration.contract.area, declaration]));
  return (area, key, accept) => {
    const declaration = byArea.get(area);
    if (!declaration) throw new Error(`Ningún área declara «${area}».`);
    const target = targetOf(declaration, key);
    if (accept && !target.accept) throw new Error(`El área «${area}» no distingue clases («${accept}»).`);
    return target;
  };
}

function storageOf(
  name: string,
  def: InputField,
  storage: Storage | undefined,
  targets: Targets,
  contract: ResourceContract,
): FieldSpec | null {
  if (def.createOnly || def.instruction || storage?.kind === 'none') return null;
  if (storage?.kind === 'children' || storage?.kind === 'values') return storage;
  const ref = def.ref;
  if (!ref) return { kind: 'column', column: storage?.kind === 'column' ? storage.column : name };
  const target = targets(ref.area, ref.by, ref.accept);
  if (ref.many) {
    if (storage?.kind !== 'join') {
      throw new Error(`«${contract.path}.${name}»: una lista de referencias necesita su tabla (joinTable).`);
    }
    const { table, own, other } = storage;
    return { kind: 'list', table, own, other, ordered: ref.ordered === true, target };
  }
  return { kind: 'ref', column: storage?.kind === 'column' ? storage.column : `${name}_id`, target };
}

/** The SELECT expression of one stored input field. */
function selectOf(name: string, spec: FieldSpec | null, contract: ResourceContract): string {
  if (!spec) throw new Error(`«${contract.path}.${name}» no se guarda: declare su SELECT.`);
  switch (spec.kind) {
    case 'column':
      return `t.${spec.column ?? name}`;
    case 'ref':
      return `(SELECT ${spec.target.shape('r')} FROM ${spec.target.table} r WHERE r.id = t.${spec.column})`;
    case 'list':
      // Ties in position (rows written outside the machinery, a sign-up's role at the default 0)
      // read in id order.
      return `(SELECT coalesce(json_agg(${spec.target.shape('r')} ORDER BY ${spec.ordered ? 'j.position, r.id' : 'r.id'}), '[]'::json)
         FROM ${spec.table} j JOIN ${spec.target.table} r ON r.id = j.${spec.other}${spec.target.trashable ? ' AND r.deleted_at IS NULL' : ''}
        WHERE j.${spec.own} = t.id)`;
    case 'values':
      return `(SELECT coalesce(array_agg(v.${spec.column} ORDER BY v.${spec.column}), '{}') FROM ${spec.table} v WHERE v.${spec.own} = t.id)`;
    case 'children':
      throw new Error(`«${contract.path}.${name}»: declare su SELECT (childrenSql).`);
  }
}

const toIso = (value: unknown) => (value instanceof Date ? value.toISOString() : value);

/**
 * Ordered children as the history compares them: item by item with their ids, without positions (the
 * order says them), so "Pregunta 3: opción correcta cambiada" is what a change of one reads as.
 */
function childrenAudit(spec: ChildrenSpec): (value: unknown) => unknown {
  return (value) =>
    ((value as Array<Record<string, unknown>> | undefined) ?? []).map((item) =>
      Object.fromEntries(
        Object.entries(item)
          .filter(([key]) => key !== 'position')
          .map(([key, child]) => [
            key,
            key === spec.children?.field ? childrenAudit(spec.children.spec)(child) : child,
          ]),
      ),
    );
}

/** One value as an export cell: dates on Madrid's clock, values by their Spanish names, references by name. */
function csvValue(def: FieldDef | undefined, value: unknown): string | number | boolean | null {
  if (value === null || value === undefined) return null;
  if (def?.instant) return csvDate(value as string);
  if (Array.isArray(value)) return value.map((item) => csvValue(def, item)).join(', ');
  if (typeof value === 'object') {
    // What people read of a record: its label when it has one (a role's; its name is the machine's).
    const ref = value as { label?: unknown; name?: unknown; title?: unknown; id?: unknown };
    return String(ref.label ?? ref.name ?? ref.title ?? ref.id ?? '');
  }
  if (def?.options && typeof value === 'string') return def.options[value] ?? value;
  return value as string | number | boolean;
}

function csvColumns<R extends AnyRecord>(contract: ResourceContract, list: CsvEntry<R>[]): CsvColumn<R>[] {
  const stamps = timestampLabels(contract.label.gender);
  return list.map((entry) => {
    if (typeof entry !== 'string') {
      if (!('field' in entry)) return entry;
      const def = contract.fields[entry.field];
      if (!def) throw new Error(`«${contract.path}»: la columna CSV «${entry.field}» no es un campo.`);
      return { header: def.header ?? def.label, value: entry.value };
    }
    const def = contract.fields[entry];
    if (!def && !Object.hasOwn(stamps, entry)) {
      throw new Error(`«${contract.path}»: la columna CSV «${entry}» no es un campo.`);
    }
    const header = def ? (def.header ?? def.label) : stamps[entry as keyof typeof stamps];
    const format = def ?? (entry === 'id' ? undefined : ({ label: header, instant: true } as FieldDef));
    return { header, value: (record: R) => csvValue(format, (record as Record<string, unknown>)[entry]) };
  });
}

/** The whole definition the machinery runs, from an area's declaration and its contract's fields. */
export function deriveDefinition<R extends AnyRecord, C, U>(
  declaration: AreaDeclaration<R, C, U>,
  targets: Targets,
): ResourceDefinition<R, C, U> {
  const { contract } = declaration;
  const fields: Record<string, FieldSpec> = {};
  const readable: Array<{ name: string; def: FieldDef; expression: string | null; spec: FieldSpec | null }> =
    [];
  for (const [name, def] of entries(contract)) {
    const storage = declaration.storage?.[name];
    const own = declaration.select?.[name];
    let spec: FieldSpec | null = null;
    let expression: string | null = own ?? null;
    const computed = own !== undefined;
    if (isInput(def)) {
      spec = storageOf(name, def, storage, targets, contract);
      if (spec) fields[name] = spec;
      if (def.secret || def.createOnly || def.instruction) continue;
      expression ??= selectOf(name, spec, contract);
    } else if (storage?.kind === 'column') {
      // Filled by the area's hooks in another column (news' author in author_id), read by `select`.
      fields[name] = storage;
    } else if (!computed) {
      // A column the server fills (a file's size, a user's last sign-in): read as stored, written
      // only by the area's hooks (the input schemas do not accept it).
      fields[name] = { kind: 'column' };
      expression = `t.${name}`;
    }
    readable.push({ name, def, expression, spec });
  }

  const select = (listed: boolean) =>
    [
      't.id',
      ...readable
        .filter(({ def, expression }) => expression && (!listed || def.inList !== false))
        .map(({ name, expression }) => `${expression} AS ${name}`),
      't.created_at',
      't.updated_at',
    ].join(', ');

  const readers = readable.map(({ name, spec }) => {
    const own = declaration.read?.[name];
    if (own) return [name, own] as const;
    const target = spec && (spec.kind === 'ref' || spec.kind === 'list') ? spec.target : undefined;
    const readValue = target?.readValue;
    const reader = (row: Record<string, unknown>) => {
      const value = row[name];
      if (readValue && value !== null && value !== undefined) {
        return Array.isArray(value) ? value.map(readValue) : readValue(value);
      }
      return toIso(value);
    };
    return [name, reader] as const;
  });
  // What lists leave out, and what is computed from other columns when those are left out.
  const optional = new Set(readable.filter(({ def }) => def.inList === false).map(({ name }) => name));

  const toRecord = (row: Record<string, unknown>) => {
    const record: Record<string, unknown> = { id: row.id };
    for (const [name, reader] of readers) {
      // A list page does not read what lists leave out: the record then has no such key.
      if (optional.has(name) && row[name] === undefined) continue;
      record[name] = reader(row);
    }
    record.created_at = toIso(row.created_at);
    record.updated_at = toIso(row.updated_at);
    return record as R;
  };

  for (const name of declaration.audited ?? []) {
    if (!Object.hasOwn(fields, name))
      throw new Error(`«${contract.path}.${name}»: solo se audita lo guardado.`);
  }
  const audited = entries(contract)
    .filter(
      ([name, def]) =>
        Object.hasOwn(fields, name) && (isInput(def) ? !def.secret : declaration.audited?.includes(name)),
    )
    .map(([name]) => {
      const spec = fields[name]!;
      return [name, spec.kind === 'children' ? childrenAudit(spec) : auditValue] as const;
    });
  const richFields = entries(contract)
    .filter(([, def]) => isInput(def) && def.richText)
    .map(([name]) => name);
  const titleColumn = declaration.titleColumn ?? 'name';

  return {
    ...declaration,
    columns: select(false),
    // A list reads no field that lists leave out (a 200 000-character body, a test's questions).
    listColumns: select(true),
    toRecord,
    createInput: createInputOf(contract) as ResourceDefinition<R, C, U>['createInput'],
    updateInput: updateInputOf(contract) as ResourceDefinition<R, C, U>['updateInput'],
    fields,
    // The history shows what people write: stored inputs, references by name, children by id, secrets
    // never; and what the area says its hooks set for people (`audited`).
    auditSnapshot:
      declaration.auditSnapshot ??
      ((record: R) =>
        Object.fromEntries(
          audited.map(([name, value]) => [name, value((record as Record<string, unknown>)[name])]),
        )),
    ...(richFields.length ? { richText: { fields: richFields } } : {}),
    ...(contract.fields.slug ? { slug: { from: titleColumn } } : {}),
    ...(contract.search === 'ranked' ? { fullTextSearch: SPANISH_SEARCH } : {}),
    secretFields: entries(contract)
      .filter(([, def]) => isInput(def) && def.secret)
      .map(([name]) => name),
    auditedInstructions: entries(contract)
      .filter(([, def]) => isInput(def) && def.instruction && def.audited)
      .map(([name]) => name),
    csv: csvColumns(contract, declaration.csv),
  };
}
