import { z } from 'zod';
import type { FieldDef, FieldTable, InputField } from './fields';
import { isInput } from './fields';

// Decision 047: the public side is derived from the field table as the admin side is. A field says
// `public: true`; this file turns the public fields of a table into the answer's zod schema (from
// which the OpenAPI document is generated, decision 022), and the API turns the same list into its
// SQL columns and row reading (apps/api/src/modules/public/public-projection.ts). What is truly one
// area's own (a category's path, a space's gallery) is declared beside it as `own`.

export const PublicMediaVariant = z
  .strictObject({
    url: z.string().meta({ description: 'Dirección actual del archivo de la variante.' }),
    width: z.int(),
    height: z.int(),
  })
  .nullable()
  .meta({ id: 'PublicMediaVariant', description: 'Una variante reducida de la imagen, o null.' });

export const PublicMedia = z
  .strictObject({
    url: z.string().meta({ description: 'Dirección actual del archivo original.' }),
    width: z.int().nullable(),
    height: z.int().nullable(),
    alt: z.string().nullable().meta({
      description:
        'Texto alternativo de la imagen en este uso. Una cadena vacía dice que aquí es decorativa (alt=""); null, que no tiene.',
    }),
    mime_type: z.string(),
    variants: z.strictObject({ thumbnail: PublicMediaVariant, medium: PublicMediaVariant }),
  })
  .meta({ id: 'PublicMedia', description: 'Un archivo de la biblioteca multimedia.' });
export type PublicMedia = z.infer<typeof PublicMedia>;

/** How one public field is read: as stored, a moment, sanitized HTML with its images, or a media item. */
export type PublicKind = 'value' | 'instant' | 'html' | 'media';

export interface PublicField {
  name: string;
  kind: PublicKind;
  /** May be null in an answer. */
  nullable: boolean;
  /** In list answers too (false: only a record's own read carries it, as the admin's lists). */
  inList: boolean;
  /** Its schema in the answer. */
  schema: z.ZodType;
  /** A media reference with its own text alternative (`<name>_alt`, `<name>_decorative`). */
  alternative?: true;
}

export const PUBLIC_HTML_DESCRIPTION =
  'HTML saneado; cada imagen de la biblioteca apunta a la dirección actual de su archivo, con width, height y srcset.';

type JsonSchema = { type?: string; enum?: unknown[]; anyOf?: JsonSchema[]; format?: string };

/**
 * A stored value's schema in the answer, from what the field accepts (its input: what is written is
 * what is read, trimmed). Only plain values: text, numbers, true/false and enumerations.
 */
function valueSchema(name: string, def: InputField): { schema: z.ZodType; nullable: boolean } {
  const json = z.toJSONSchema(def.schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  const variants = json.anyOf ?? [json];
  const nullable = variants.some((variant) => variant.type === 'null');
  const [value, ...more] = variants.filter((variant) => variant.type !== 'null');
  let schema: z.ZodType | undefined;
  if (value && more.length === 0) {
    if (Array.isArray(value.enum)) schema = z.enum(value.enum.map(String) as [string, ...string[]]);
    else if (value.type === 'string') schema = z.string();
    else if (value.type === 'integer') schema = z.int();
    else if (value.type === 'number') schema = z.number();
    else if (value.type === 'boolean') schema = z.boolean();
  }
  if (!schema) {
    throw new Error(
      `El campo público «${name}» no es un valor simple: declare su forma pública como propia del área.`,
    );
  }
  return { schema: nullable ? schema.nullable() : schema, nullable };
}

function publicFieldOf(name: string, def: FieldDef): PublicField {
  if (!isInput(def)) {
    throw new Error(`El campo «${name}» lo calcula el servidor: su valor público es propio del área (own).`);
  }
  const description =
    def.public === true || def.public === undefined ? `${def.label}.` : def.public.description;
  const inList = def.inList !== false;
  const nullable = def.schema.safeParse(null).success;
  if (def.richText) {
    return {
      name,
      kind: 'html',
      nullable: false,
      inList,
      schema: z.string().meta({ description: PUBLIC_HTML_DESCRIPTION }),
    };
  }
  if (def.ref) {
    if (def.ref.accept !== 'image' || def.ref.many) {
      throw new Error(
        `La referencia «${name}» se lee en público de otra forma: declárela como propia del área (own).`,
      );
    }
    // Not null: the component itself (a described copy would lose its id, and its $ref with it).
    const said = def.public === true ? `${def.label}, o null.` : description;
    const schema = nullable ? PublicMedia.nullable().meta({ description: said }) : PublicMedia;
    return {
      name,
      kind: 'media',
      nullable,
      inList,
      schema,
      ...(def.ref.alternative && { alternative: true }),
    };
  }
  if (def.instant) {
    const schema = nullable ? z.iso.datetime().nullable() : z.iso.datetime();
    return {
      name,
      kind: 'instant',
      nullable,
      inList,
      schema: schema.meta({ description: `${description.replace(/\.$/, '')} (ISO 8601, UTC).` }),
    };
  }
  const { schema, nullable: valueNullable } = valueSchema(name, def);
  return { name, kind: 'value', nullable: valueNullable, inList, schema: schema.meta({ description }) };
}

const derived = new WeakMap<FieldTable, PublicField[]>();

/** The public fields of a table, in its order. */
export function publicFieldsOf(fields: FieldTable): PublicField[] {
  let list = derived.get(fields);
  if (!list) {
    list = Object.entries(fields)
      .filter(([, def]) => def.public !== undefined)
      .map(([name, def]) => publicFieldOf(name, def));
    derived.set(fields, list);
  }
  return list;
}

// ---------------------------------------------------------------------------------------------
// The answer's types, derived as the schemas are.

type IsPublic<D> = D extends { public: true | { description: string } } ? true : false;
type PublicKeys<F extends FieldTable> = { [K in keyof F]: IsPublic<F[K]> extends true ? K : never }[keyof F];
type ListedKeys<F extends FieldTable> = {
  [K in PublicKeys<F>]: F[K] extends { inList: false } ? never : K;
}[PublicKeys<F>];
type PublicValueOf<D> = D extends { richText: true }
  ? string
  : D extends { ref: { accept: 'image' } } & InputField<infer S>
    ? null extends z.input<S>
      ? PublicMedia | null
      : PublicMedia
    : D extends InputField<infer S>
      ? z.output<S>
      : never;

type Own = Record<string, z.ZodType>;
type OwnOf<Options> = Options extends { own: infer O extends Own }
  ? { [K in keyof O]: z.output<O[K]> }
  : object;
type Always<Options> = (Options extends { updatedAt: false } ? object : { updated_at: string }) &
  (Options extends { url: false } ? object : { url: string | null });

export type PublicListItemOf<F extends FieldTable, Options> = {
  [K in ListedKeys<F>]: PublicValueOf<F[K]>;
} & OwnOf<Options> &
  Always<Options>;

export type PublicRecordOf<F extends FieldTable, Options> = {
  [K in PublicKeys<F>]: PublicValueOf<F[K]>;
} & OwnOf<Options> &
  Always<Options>;

const websiteUrl = z.string().nullable().meta({
  description: 'Dirección en el sitio web (plantilla PUBLIC_*_URL), o null si no está configurada.',
});
const updatedAt = z.iso.datetime().meta({ description: 'Última modificación (ISO 8601, UTC).' });

export interface PublicSchemasOptions {
  /** The area's own public values, computed by its SQL: a category's path, a space's gallery. */
  own?: Own;
  /** The answer carries `updated_at` (default true). */
  updatedAt?: false;
  /** The answer carries `url`, the record's address on the website (default true). */
  url?: false;
  /** The list item's component in the document. */
  list: { id: string; description: string };
  /** The whole record's component, where it carries more than the list item (a body). */
  one?: { id: string; description: string };
}

/**
 * The answer's schemas of an area: the list item (public fields in lists, the area's own values,
 * `updated_at`, `url`) and the whole record (with the fields lists leave out). Strict objects
 * without transforms: the document says exactly which keys an answer holds.
 */
export function publicSchemasOf<F extends FieldTable, const Options extends PublicSchemasOptions>(
  fields: F,
  options: Options,
) {
  const shape = (all: boolean) => {
    const entries: Array<[string, z.ZodType]> = publicFieldsOf(fields)
      .filter((one) => all || one.inList)
      .map((one) => [one.name, one.schema]);
    for (const [name, schema] of Object.entries(options.own ?? {})) entries.push([name, schema]);
    if (options.updatedAt !== false) entries.push(['updated_at', updatedAt]);
    if (options.url !== false) entries.push(['url', websiteUrl]);
    return Object.fromEntries(entries);
  };
  const list = z.strictObject(shape(false)).meta(options.list);
  const one = options.one ? z.strictObject(shape(true)).meta(options.one) : list;
  return {
    list: list as unknown as z.ZodType<PublicListItemOf<F, Options>>,
    one: one as unknown as z.ZodType<PublicRecordOf<F, Options>>,
  };
}
