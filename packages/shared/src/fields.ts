import { z } from 'zod';
import type { Area, Gender } from './permissions';

// Decision 018: each field of an area is stated once, in its contract's field table. The create and
// update inputs, the record type, the labels, the API's storage, reading, audit and CSV, and the
// SPA's form values are all derived from it (after Payload's collection `fields` and Filament's
// resources; our migrations and SQL stay written by hand).

/** What a reference points at: another area's records, by id or natural key, one or many. */
export interface RefSpec {
  area: Area;
  /** How the API accepts it: `cover: 12`, `categories: ["deportes"]`, `roles: ["editor"]`. */
  by: 'id' | 'slug' | 'name';
  many?: boolean;
  /** A list kept in the order given (a gallery, a news item's categories). */
  ordered?: boolean;
  /** The kinds of record it takes (a cover takes images only). */
  accept?: 'image';
  /**
   * An image whose text alternative belongs to this use (docs/accessibility.md): the table has
   * `<name>_alt` and `<name>_decorative` beside it (referenceAlternative), and the website reads the
   * image's `alt` from them, the library's alternative being only the default.
   */
  alternative?: true;
}

/**
 * The type a field reads back as, when it is not what the schema outputs (a reference reads as an
 * object): `read: reads<MediaRef | null>()`. A type only: the value is empty.
 */
export interface Reads<T> {
  readonly type?: T;
}
export const reads = <T>(): Reads<T> => ({});

interface FieldCommon {
  /** The Spanish name people read: form label, list header, history, CSV. */
  label: string;
  /** A shorter name for list headers and the CSV, when the label is long ("Publicación"). */
  header?: string;
  /** Spanish names of an enumerated field's values (exports, filters, tags). */
  options?: Readonly<Record<string, string>>;
  /** A moment (ISO 8601): the CSV writes it on Madrid's clock. */
  instant?: true;
  /** A calendar day (`YYYY-MM-DD`, no time): the form offers a day, not a moment. */
  day?: true;
  /** Not read by list pages (a 200 000-character body): only a record's own read carries it. */
  inList?: false;
  /** What it reads back as, when not the schema's output. */
  read?: Reads<unknown>;
  /**
   * Read by the organisation's website through the public API (public-fields.ts derives its answer's
   * schema, and the API its column and reading): `true`, or the description the document gives it.
   * Absent: never public. Whether a record is public at all is the area's condition, not a field's.
   */
  public?: true | PublicSpec;
}

/** How a public field is described where that differs from its label. */
export interface PublicSpec {
  /** The OpenAPI document's one line about it (default: the label). */
  description: string;
}

/** A field people write (and, unless `secret` or `createOnly`, read back). */
export interface InputField<S extends z.ZodType = z.ZodType> extends FieldCommon {
  schema: S;
  /** The value a create takes when the field is left out. Absent: required, unless `optional`. */
  default?: z.input<S>;
  /** May be left out on create with no default (a slug: the server makes it; a password). */
  optional?: true;
  ref?: RefSpec;
  /** Written, never read back; the history says it changed, never its value (a password). */
  secret?: true;
  /** Accepted by a create only and not stored as a field (send an invitation). */
  createOnly?: true;
  /**
   * Sent beside a write to confirm it, never stored or read back (a test's `rescore`: yes, score the
   * responses again). The area's own hooks read it.
   */
  instruction?: true;
  /**
   * An instruction the history keeps, as a change from nothing to what was sent (the reason a
   * publisher gives for publishing with accessibility errors). Only when the area's hooks leave it in
   * the input: they remove it when it was not needed.
   */
  audited?: true;
  /** HTML sanitized to docs/areas.md's allowlist on every write; its library images count as usages. */
  richText?: true;
  /**
   * Part of whether and when the record is public (a status, a publication date, a slide's display
   * window): restoring an earlier version leaves it as it is unless the person asks for it too.
   */
  publication?: true;
}

/** A field the server computes or sets (counts, the author, a computed state): read only. */
export interface ReadField extends FieldCommon {
  schema?: undefined;
  readOnly: true;
}

export type FieldDef = InputField | ReadField;
export type FieldTable = Record<string, FieldDef>;

/**
 * A field of the table, typed by its schema (and its read type when it differs). The options are
 * checked against the schema (a default it accepts) and kept as written, so derived types see which
 * fields have a default, are optional, secret or references.
 */
export function field<
  S extends z.ZodType,
  O extends Omit<InputField, 'schema' | 'default'> & { default?: unknown },
>(schema: S, options: O & Omit<InputField<S>, 'schema'>): InputField<S> & O {
  return { ...options, schema };
}

/** A field the server fills: `readOnly(reads<number>(), { label: 'Usuarios' })`. */
export function readOnly<T, O extends Omit<FieldCommon, 'read'>>(
  read: Reads<T>,
  options: O,
): ReadField & O & { read: Reads<T> } {
  return { ...options, read, readOnly: true };
}

type InputKeys<F extends FieldTable> = { [K in keyof F]: F[K] extends InputField ? K : never }[keyof F];
type UpdateKeys<F extends FieldTable> = {
  [K in keyof F]: F[K] extends InputField ? (F[K] extends { createOnly: true } ? never : K) : never;
}[keyof F];
type RequiredOnCreate<F extends FieldTable> = {
  [K in InputKeys<F>]: F[K] extends { optional: true } ? never : K;
}[InputKeys<F>];
type SchemaOf<D> = D extends InputField<infer S> ? S : never;

/** The body a create accepts, once parsed: defaults applied. */
export type CreateInputOf<F extends FieldTable> = {
  [K in RequiredOnCreate<F>]: z.output<SchemaOf<F[K]>>;
} & { [K in Exclude<InputKeys<F>, RequiredOnCreate<F>>]?: z.output<SchemaOf<F[K]>> };

/** The body an update accepts, once parsed: any stored field, and the `updated_at` it started from. */
export type UpdateInputOf<F extends FieldTable> = {
  [K in UpdateKeys<F>]?: z.output<SchemaOf<F[K]>>;
} & { updated_at: string };

type ReadOf<D> = D extends { read: Reads<infer T> } ? T : D extends InputField<infer S> ? z.output<S> : never;
type Readable<F extends FieldTable> = {
  [K in keyof F]: F[K] extends { secret: true } | { createOnly: true } | { instruction: true } ? never : K;
}[keyof F];
type ListedKeys<F extends FieldTable> = {
  [K in Readable<F>]: F[K] extends { inList: false } ? never : K;
}[Readable<F>];

/** A record as the API returns it: every readable field, `id` and the timestamps. */
export type RecordOf<F extends FieldTable> = {
  [K in ListedKeys<F>]: ReadOf<F[K]>;
} & { [K in Exclude<Readable<F>, ListedKeys<F>>]?: ReadOf<F[K]> } & {
  id: number;
  created_at: string;
  updated_at: string;
};

/** The `updated_at` an edit started from (optimistic concurrency: a stale one gets 409). */
export const updatedAtField = z.iso.datetime({
  offset: true,
  error: 'El campo updated_at es obligatorio y debe ser una fecha ISO 8601.',
});

export const isInput = (def: FieldDef): def is InputField => def.schema !== undefined;

/** The fields of a table that say whether and when its records are public (`publication: true`). */
export const publicationFieldsOf = (fields: FieldTable): string[] =>
  Object.entries(fields)
    .filter(([, def]) => isInput(def) && def.publication === true)
    .map(([name]) => name);

/** Rules between fields, run on create and update bodies alike (on what the body carries). */
// Method syntax: an area's rule may type the few fields it reads (bivariant parameters).
export type CrossFieldRule = {
  rule(value: Record<string, unknown>, ctx: z.RefinementCtx): void;
}['rule'];

/** Where the derived schemas of a table are kept: built once per table, the same object everywhere. */
const built = new WeakMap<FieldTable, { create?: z.ZodType; update?: z.ZodType }>();

function cached(fields: FieldTable) {
  const entry = built.get(fields) ?? {};
  built.set(fields, entry);
  return entry;
}

/** The create body's schema: each input field with its default, or required. */
export function createInputOf<F extends FieldTable>({
  fields,
  rule,
  createRule,
}: {
  fields: F;
  rule?: CrossFieldRule;
  createRule?: CrossFieldRule;
}): z.ZodType<CreateInputOf<F>, Record<string, unknown>> {
  const entry = cached(fields);
  if (!entry.create) {
    const shape: Record<string, z.ZodType> = {};
    for (const [name, def] of Object.entries(fields)) {
      if (!isInput(def)) continue;
      shape[name] =
        def.default !== undefined
          ? def.schema.default(def.default as never)
          : def.optional
            ? def.schema.optional()
            : def.schema;
    }
    let schema: z.ZodType<Record<string, unknown>> = z.strictObject(shape);
    if (rule) schema = schema.superRefine(rule);
    if (createRule) schema = schema.superRefine(createRule);
    entry.create = schema;
  }
  return entry.create as z.ZodType<CreateInputOf<F>, Record<string, unknown>>;
}

/** The update body's schema: every stored input field optional, plus `updated_at`. */
export function updateInputOf<F extends FieldTable>({
  fields,
  rule,
}: {
  fields: F;
  rule?: CrossFieldRule;
}): z.ZodType<UpdateInputOf<F>, Record<string, unknown>> {
  const entry = cached(fields);
  if (!entry.update) {
    const shape: Record<string, z.ZodType> = {};
    for (const [name, def] of Object.entries(fields)) {
      if (isInput(def) && !def.createOnly) shape[name] = def.schema.optional();
    }
    const schema = z.strictObject({ ...shape, updated_at: updatedAtField });
    entry.update = rule ? schema.superRefine(rule) : schema;
  }
  return entry.update as z.ZodType<UpdateInputOf<F>, Record<string, unknown>>;
}

/** Every field's Spanish name, for messages, the history and exports. */
export function labelsOf<F extends FieldTable>(fields: F): Record<keyof F & string, string> {
  return Object.fromEntries(Object.entries(fields).map(([name, def]) => [name, def.label])) as Record<
    keyof F & string,
    string
  >;
}

/** "Creada"/"Creado" and "Modificada"/"Modificado": the timestamps' headers, agreeing with the area. */
export function timestampLabels(gender: Gender) {
  const ending = gender === 'feminine' ? 'a' : 'o';
  return { id: 'ID', created_at: `Cread${ending}`, updated_at: `Modificad${ending}` } as const;
}

/** The noun with its article: "la categoría", "los archivos". */
export function withArticle(label: { one: string; many: string; gender: Gender }) {
  const feminine = label.gender === 'feminine';
  return { one: `${feminine ? 'la' : 'el'} ${label.one}`, many: `${feminine ? 'las' : 'los'} ${label.many}` };
}

/**
 * The most characters a text field takes, read from its schema (a control's `maxLength` and
 * counter say what the API will check, never a number copied from it).
 */
export function maxLengthOf(def: FieldDef): number | undefined {
  let schema: z.ZodType | undefined = def.schema;
  while (schema) {
    const inner = schema._zod.def as { type: string; in?: z.ZodType; innerType?: z.ZodType };
    if (inner.type === 'string') return (schema as z.ZodString).maxLength ?? undefined;
    schema = inner.type === 'pipe' ? inner.in : inner.innerType;
  }
  return undefined;
}

/**
 * The least and the most a number field takes, read from its schema (a number control's bounds say
 * what the API will check, never numbers copied from it). A bound the schema does not set is left out.
 */
export function rangeOf(def: FieldDef): { min?: number; max?: number } {
  let schema: z.ZodType | undefined = def.schema;
  while (schema) {
    const inner = schema._zod.def as { type: string; in?: z.ZodType; innerType?: z.ZodType };
    if (inner.type === 'number') {
      const { minValue, maxValue } = schema as z.ZodNumber;
      // `.int()` alone bounds a number to the safe integers: no bound a person would read.
      return {
        ...(minValue !== null && minValue > Number.MIN_SAFE_INTEGER ? { min: minValue } : {}),
        ...(maxValue !== null && maxValue < Number.MAX_SAFE_INTEGER ? { max: maxValue } : {}),
      };
    }
    schema = inner.type === 'pipe' ? inner.in : inner.innerType;
  }
  return {};
}
