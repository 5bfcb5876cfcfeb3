import {
  createInputOf,
  type FieldDef,
  type FieldTable,
  type InputField,
  isInput,
  isReviewed,
  labelsOf,
  type Permission,
  REVIEW_CHANGE_LABELS,
  type RefSpec,
  type ResourceContract,
  timestampLabels,
  updateInputOf,
} from '@gestor/shared';
import type { z } from 'zod';
import { can } from '../../lib/permissions';
import { EMPTY_VALUE, formatCalendarDay } from './format';

// Decision 018: a form's values, its empty state, how a record fills it and how it becomes the
// request body are derived from the area's field table; an area states only what differs.

type Output<D> = D extends InputField<infer S> ? z.output<S> : never;
type Chosen<D, T> = D extends { default: unknown } | { optional: true } ? T : T | null;

/**
 * What a control holds for a field: text as '' when empty, a reference as its key (id, slug or
 * name) or a list of them, a moment as an ISO string or null, a calendar day as `YYYY-MM-DD` or
 * null, anything else as the schema gives it (null until chosen when the field has no default).
 */
export type FormValueOf<D> = D extends { ref: { many: true; by: infer B } }
  ? B extends 'id'
    ? number[]
    : string[]
  : D extends { ref: { by: infer B } }
    ? (B extends 'id' ? number : string) | null
    : D extends { instant: true } | { day: true }
      ? string | null
      : string extends Output<D>
        ? string
        : Chosen<D, Output<D>>;

type InputKeys<F extends FieldTable> = { [K in keyof F]: F[K] extends InputField ? K : never }[keyof F];

export type FormValuesOf<F extends FieldTable> = { [K in InputKeys<F>]: FormValueOf<F[K]> };

type AnyRecord = { id: number; updated_at: string };

export interface FormOptions<R, V> {
  /** Fields in the form whose value the area's `toBody` writes itself (publishing's status and date). */
  manual?: readonly (keyof V & string)[];
  /** Fields with no control of their own: their messages show above the form. */
  hidden?: readonly (keyof V & string)[];
  /** How a record fills these fields, when not the usual way. */
  fromRecord?: { [K in keyof V]?: (record: R) => V[K] };
  /** The request body, given the one derived from the values (an area adds or adjusts). */
  toBody?: (values: V, record: R | undefined, body: Record<string, unknown>) => object;
}

const emptyText = (def: InputField) => {
  const probe = def.schema.safeParse('');
  // A text field: '' is text (even when the schema then refuses it as too short).
  return (
    probe.success ||
    probe.error.issues.every((issue) => issue.code !== 'invalid_type' && issue.code !== 'invalid_value')
  );
};

/** A list field: `[]` is a list to its schema (even when it then asks for at least one item). */
const emptyList = (def: InputField) => {
  const probe = def.schema.safeParse([]);
  return (
    probe.success ||
    probe.error.issues.every(
      (issue) =>
        issue.code !== 'invalid_type' && issue.code !== 'invalid_value' && issue.code !== 'invalid_union',
    )
  );
};

function emptyValue(def: InputField): unknown {
  if (def.ref) return def.ref.many ? [] : null;
  // A moment, or a calendar day (`revise_by`): null when none, never '' (which no date schema takes).
  if (def.instant || def.day) return def.default ?? null;
  if (def.default !== undefined) return def.default === null && emptyText(def) ? '' : def.default;
  if (emptyText(def)) return '';
  // A list with no default starts empty, so its first message is "choose at least one".
  if (emptyList(def)) return [];
  return null;
}

function recordValue(def: InputField, value: unknown): unknown {
  if (def.secret || def.createOnly || def.instruction) return emptyValue(def);
  const ref = def.ref;
  if (ref) {
    const key = (item: unknown) => (item as Record<string, unknown> | null)?.[ref.by] ?? null;
    return ref.many ? ((value as unknown[] | undefined) ?? []).map(key) : key(value);
  }
  if (value === null || value === undefined) return emptyValue(def);
  return value;
}

/**
 * Decision 014: without `multimedia.view` a media control (components/media) cannot choose another
 * file, but still offers "Quitar" (a gallery also "Subir" and "Bajar"): what it holds may be the
 * person's change, so it is sent (left out, a removal would be silently lost).
 */
const keptWithoutView = (ref: RefSpec) => ref.area === 'multimedia';

/**
 * The form part of an area's screens, from its contract: `form: { ...formOf(NEWS, {...}), Fields }`.
 * A reference to an area the person may not view is left out of the body (the form could not list
 * its records: it stays as it is), except a media library one (see `keptWithoutView`); a secret is
 * sent only when typed; a create-only field only on create; an optional one (a slug) only when not
 * blank.
 */
export function formOf<F extends FieldTable, R extends AnyRecord, V = FormValuesOf<F>>(
  contract: ResourceContract<string, string, F>,
  options: FormOptions<R, V> = {},
) {
  const inputs = (Object.entries(contract.fields) as Array<[string, FieldDef]>).filter(
    (entry): entry is [string, InputField] => isInput(entry[1]),
  );
  const manual = new Set<string>(options.manual ?? []);
  const overrides = (options.fromRecord ?? {}) as Record<string, (record: R) => unknown>;

  return {
    empty: () => Object.fromEntries(inputs.map(([name, def]) => [name, emptyValue(def)])) as V,
    fromRecord: (record: R) =>
      Object.fromEntries(
        inputs.map(([name, def]) => [
          name,
          overrides[name]
            ? overrides[name](record)
            : recordValue(def, (record as Record<string, unknown>)[name]),
        ]),
      ) as V,
    toBody: (values: V, record: R | undefined) => {
      const body: Record<string, unknown> = {};
      for (const [name, def] of inputs) {
        const value = (values as Record<string, unknown>)[name];
        if (manual.has(name)) continue;
        if (def.createOnly && record) continue;
        // Sent only when the person said yes to it (confirmed in a dialog).
        if (def.instruction) {
          if (value) body[name] = value;
          continue;
        }
        if (def.ref && !keptWithoutView(def.ref) && !can(`${def.ref.area}.view` as Permission)) continue;
        if (def.secret) {
          // A password goes as typed, never trimmed (its spaces are part of it), and only when typed.
          if (value) body[name] = value;
          continue;
        }
        if (def.optional && typeof value === 'string') {
          if (value.trim()) body[name] = value.trim();
          continue;
        }
        body[name] = value;
      }
      return options.toBody ? options.toBody(values, record, body) : body;
    },
    createInput: createInputOf(contract),
    updateInput: updateInputOf(contract),
    /** Where a 422 message may land: every field with a control. */
    fields: inputs
      .map(([name]) => name)
      .filter((name) => !options.hidden?.includes(name as keyof V & string)) as unknown as readonly (keyof V &
      string)[],
    /**
     * How a value of a field with named values reads in the history ("Publicada", "Asociación"), and
     * a calendar day's (`revise_by`) as the form shows it (`15/03/2027`).
     */
    auditItemLabel: (field: string, item: string) => {
      const def = contract.fields[field];
      const day = def?.day ? formatCalendarDay(item) : EMPTY_VALUE;
      if (day !== EMPTY_VALUE) return day;
      const options = def?.options;
      return options && Object.hasOwn(options, item) ? options[item]! : item;
    },
    /** The history's names: every field, the timestamps' too, and a review's note and reviewer. */
    fieldLabels: {
      ...labelsOf(contract.fields),
      ...timestampLabels(contract.label.gender),
      ...(isReviewed(contract.area) ? REVIEW_CHANGE_LABELS : {}),
    } as Record<string, string>,
  };
}
