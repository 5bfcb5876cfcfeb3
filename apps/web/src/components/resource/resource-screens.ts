import { AREA_LABELS, type AuditEntry, type ResourceContract, timestampLabels } from '@gestor/shared';
import type { ComponentType, ReactNode } from 'react';
import type { FieldPath, FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import type { AnyRecordOptions } from '../options/record-options';

// What one management area declares to get its list and form screens (decision 004: ten areas are
// ten declarations on one machinery). Everything else — paging, sorting, search, filters in the URL,
// bulk delete, CSV, permissions, 422/409 handling, unsaved changes, history — lives in the machinery.

/** Every record the resource endpoints return has these. */
export interface ResourceRecord {
  id: number;
  updated_at: string;
}

export interface ResourceColumn<R> {
  /** The record's field; the column sorts on the server when the contract lists it as sortable. */
  field: string;
  header: string;
  /** How a cell shows its value; the raw field when absent. */
  body?: (record: R) => ReactNode;
  /** Numbers read better right-aligned. */
  align?: 'left' | 'right' | 'center';
  /** The column whose text links to the record's screen (the first one when none says so). */
  link?: boolean;
  /**
   * How much the column matters when the list is short of room (issue 16: a list fits its card
   * without scrolling sideways). 1, the default: always shown. 2: hidden when the list is narrower
   * than a laptop's content area (below 56rem). 3: the first to go (below 72rem; a 1280 px screen's
   * list is about 60rem wide). The record's link, its status and its key date should stay 1.
   */
  priority?: ColumnPriority;
  /**
   * What the column is on a phone, where each record is a card instead of a row: its `title` (the
   * link column when none says so), its `status`, its key `date`, or a `detail` line ("Usuarios: 3").
   * Columns without a role are left out of the card.
   */
  card?: CardRole;
}

export type ColumnPriority = 1 | 2 | 3;
export type CardRole = 'title' | 'status' | 'date' | 'detail';

/**
 * Whether the records about to be deleted may be (`useDeleteCheck`): still being checked, clear, or
 * blocked with the reason. A deletion the server would refuse is said in the confirmation, with no
 * button to confirm it; the server's refusal stays the guard for whatever changes in between.
 */
export type DeleteCheck =
  | { state: 'clear' }
  | { state: 'checking' }
  | { state: 'blocked'; reason: ReactNode };

export interface FilterOption {
  label: string;
  value: string;
}

export interface ListFilter {
  /** `filter[name]` in the URL and the API. */
  name: string;
  label: string;
  /** The choices: known in advance (a status) or a small area loaded whole (`useRecordOptions`). */
  options: readonly FilterOption[];
  /**
   * A large area searched on the server as the person types (components/options), its matches
   * offered after `options`: the news list's authors among every user.
   */
  search?: AnyRecordOptions<string>;
}

/** A link a success toast offers beside its message: the published item on the website. */
export interface NoticeLink {
  href: string;
  label: string;
}

/** What the machinery lends an area's extra actions: a way to tell the person what happened. */
export interface ScreenNotifier {
  success: (message: string, link?: NoticeLink) => void;
  error: (message: string) => void;
}

export interface FormFieldsProps<R> {
  /** The record being edited; undefined on the create screen. */
  record: R | undefined;
  /** Without `<area>.update` (or `.create`) every control is shown but disabled. */
  readOnly: boolean;
}

/** What the machinery lends an area's own save buttons (`form.SubmitActions`). */
export interface SubmitActionsProps<R, V extends FieldValues> {
  /** The record being edited; undefined on the create screen. */
  record: R | undefined;
  /**
   * Saves the form as Guardar does (validation by the shared schema, 422 under the fields, 409,
   * navigation after a create), with `values` laid over the form's for this one request: `toBody`
   * sees them, the form does not keep them. "Publicar ahora" is `submitWith({ status: 'published' })`;
   * if the save is refused, the form is as the person left it.
   */
  submitWith: (values: Partial<V>) => Promise<void>;
  /** A save is on its way: show it, and do not offer another. */
  saving: boolean;
}

/**
 * A question a save must have answered before it is sent (`form.confirmSave`): shown in a dialog;
 * its yes saves with `confirmed` laid over the form's values, as `submitWith` does.
 */
export interface SaveQuestion<V> {
  header: string;
  message: ReactNode;
  acceptLabel: string;
  /** What the yes adds to the save (a test's `rescore: true`). */
  confirmed: Partial<V>;
}

export interface ResourceFormDeclaration<R extends ResourceRecord, V extends FieldValues> {
  /** The form's values for a new record. */
  empty: () => V;
  /** The form's values for an existing record. */
  fromRecord: (record: R) => V;
  /**
   * The request body for the form's values (`record` is undefined when creating). The machinery
   * adds the `updated_at` the edit started from, then validates the body with the shared schema —
   * the very rules the API applies — so the form shows the API's messages before sending.
   */
  toBody: (values: V, record: R | undefined) => object;
  /** The shared zod schemas of POST and PUT (e.g. UserInput, UserUpdateInput). */
  createInput: z.ZodType<unknown, object>;
  updateInput: z.ZodType<unknown, object>;
  /** Where a 422 message may land; messages for other keys are shown above the form. */
  fields: readonly FieldPath<V>[];
  /** The controls, reading the form through react-hook-form's context. */
  Fields: ComponentType<FormFieldsProps<R>>;
  /** Buttons beside Guardar on the edit screen (e.g. send a password reset link). */
  Actions?: ComponentType<{ record: R; notify: ScreenNotifier }>;
  /**
   * Buttons on the edit screen for anyone who may see the record, even read-only (news' "Vista
   * previa"). Rendered inside the form's context, so they may read its state (unsaved changes).
   */
  ViewActions?: ComponentType<{ record: R; notify: ScreenNotifier }>;
  /**
   * Sections under the form on the edit screen, outside it (a webhook's deliveries): their buttons
   * do not save the form, and their requests are their own.
   */
  Related?: ComponentType<{ record: R; notify: ScreenNotifier; readOnly: boolean }>;
  /**
   * Called with the create's answer before the screen moves to the new record: what the answer
   * carries once and the record never again (a webhook's secret) is taken here.
   */
  onCreated?: (saved: R) => void;
  /**
   * Replaces Guardar, on the create and edit screens, for an area that saves in more than one way
   * (news: "Guardar borrador", "Publicar ahora", "Programar"), each a `submitWith(values)`. Shown only
   * when the form is editable, before Cancelar. A `type="submit"` button among them is what the Enter
   * key presses; it saves the form's values as they are.
   */
  SubmitActions?: ComponentType<SubmitActionsProps<R, V>>;
  /**
   * Asked once the body has passed the shared schema, before it is sent: null saves at once; a
   * `SaveQuestion` is put to the person first (a test edit that scores its responses again). Whatever
   * way the save began (Guardar, Enter, Ctrl+S, `submitWith`), the yes saves it with the same values.
   */
  confirmSave?: (body: object, record: R | undefined) => SaveQuestion<V> | null;
  /** Spanish names of the audited fields, for the Historial panel. */
  fieldLabels: Record<string, string>;
  /** How one item of an audited list reads in the Historial (a permission name as "Noticias: Crear"). */
  auditItemLabel?: (field: string, item: string) => string;
  /**
   * A field's change told in sentences for the Historial, when from → to would not read well (a
   * test's questions: "Pregunta 3: opción correcta cambiada"); undefined keeps the usual rendering.
   */
  auditChange?: AuditChangeDescriber;
}

export type AuditChangeDescriber = (
  field: string,
  change: { from: unknown; to: unknown },
  action: AuditEntry['action'],
) => string[] | undefined;

export interface ResourceScreens<R extends ResourceRecord, V extends FieldValues = FieldValues> {
  /** The shared contract: API path, permission area, sortable keys, filters, Spanish names. */
  contract: ResourceContract;
  /** How a record is named in confirmations ("¿Eliminar «Editor»?"); default: its name or title. */
  recordName?: (record: R) => string;
  columns: readonly ResourceColumn<R>[];
  /** The list's dropdown filters. A hook, because options may come from the API. */
  useFilters?: () => readonly ListFilter[];
  /**
   * What stops the records about to be deleted from being deleted, said in the confirmation itself
   * (issue 16: a media item in use). A hook, because it may ask the API.
   */
  useDeleteCheck?: (records: readonly R[]) => DeleteCheck;
  searchPlaceholder: string;
  /**
   * What the area is for, in one Spanish sentence: an empty list without search or filters says it,
   * beside the create button ("Aquí se redactan las noticias y se deciden sus fechas de publicación.").
   */
  purpose: string;
  /**
   * The API orders a search by relevance when no sort is given (docs/areas.md: the content areas'
   * full-text search): until the person picks a sort, the list sends none and marks no column while
   * searching (`ListOptions` in list-state.ts).
   */
  rankedSearch?: boolean;
  /** Records the area never lets go (the admin role, one's own account): no delete, no selection. */
  canDelete?: (record: R) => boolean;
  /**
   * Records the person may see but not change (docs/http-api.md: a user holding permissions the person
   * lacks): no edit or delete action, no selection, and a read-only screen with a notice.
   */
  canManage?: (record: R) => boolean;
  /** The read-only screen's notice for a record `canManage` refuses. */
  unmanageableNotice?: string;
  form: ResourceFormDeclaration<R, V>;
}

/** Where an area's screens live: docs/architecture.md#the-spa names them after the permission area (/role, /user…). */
export function screensRoute(contract: ResourceContract): string {
  return `/${contract.area}`;
}

/**
 * How a record is addressed in the SPA's edit route: its slug in areas addressed by slug (news,
 * categories: docs/architecture.md#the-spa `/category/{slug}`), else its id.
 */
export function recordKey(contract: ResourceContract, record: ResourceRecord): string {
  const { slug } = record as { slug?: unknown };
  return contract.lookup === 'slug' && typeof slug === 'string' ? slug : String(record.id);
}

/**
 * Headings and document titles: the area's Spanish name, "Nuevo rol", "Editar rol", and "Ver rol"
 * for a record the person may read but not change (issue 30: not "Editar" over a read-only form).
 */
export function screensTitles({ contract }: Pick<ResourceScreens<ResourceRecord>, 'contract'>) {
  return {
    list: AREA_LABELS[contract.area],
    create: `${contract.label.gender === 'feminine' ? 'Nueva' : 'Nuevo'} ${contract.label.one}`,
    edit: `Editar ${contract.label.one}`,
    view: `Ver ${contract.label.one}`,
  };
}

/** A record's name in confirmations: the area's choice, else its `name` or `title`, else its id. */
export function nameOf<R extends ResourceRecord>(
  screens: Pick<ResourceScreens<R>, 'recordName'>,
  record: R,
): string {
  if (screens.recordName) return screens.recordName(record);
  const { name, title } = record as { name?: unknown; title?: unknown };
  return typeof name === 'string' ? name : typeof title === 'string' ? title : `#${record.id}`;
}

/** What a list needs of an area's declaration: everything but the form (the media library has none). */
export type ResourceListDeclaration<R extends ResourceRecord> = Omit<ResourceScreens<R>, 'form'>;

/** A column as an area declares it: its header, when left out, is the field's (decision 018). */
export type DeclaredColumn<R> = Omit<ResourceColumn<R>, 'header'> & { header?: string };

/** A declaration as an area writes it: its columns may leave their header out. */
export type Declared<S extends { columns: readonly unknown[] }, R> = Omit<S, 'columns'> & {
  columns: readonly DeclaredColumn<R>[];
};

/**
 * The list filter of a field with named values (a status, a type): its header and its values in the
 * table's order and words. `name` is the filter's key when it is not the field's (`filter[state]`).
 */
export function choiceFilter(contract: ResourceContract, field: string, name = field): ListFilter {
  const options = contract.fields[field]?.options;
  if (!options) throw new Error(`«${contract.path}.${field}» no tiene valores con nombre.`);
  return {
    name,
    label: headerOf(contract, field),
    options: Object.entries(options).map(([value, label]) => ({ value, label })),
  };
}

/** A field's name in a list header: its table's short header or label, or the timestamps' names. */
export function headerOf(contract: ResourceContract, field: string): string {
  const def = contract.fields[field];
  if (def) return def.header ?? def.label;
  const stamps: Record<string, string> = timestampLabels(contract.label.gender);
  return stamps[field] ?? field;
}

/** The declaration with every column's header: the one it gives, else its field's from the table. */
function withHeaders<R, S extends { contract: ResourceContract; columns: readonly DeclaredColumn<R>[] }>(
  screens: S,
): Omit<S, 'columns'> & { columns: ResourceColumn<R>[] } {
  return {
    ...screens,
    columns: screens.columns.map((column) => ({
      ...column,
      header: column.header ?? headerOf(screens.contract, column.field),
    })),
  };
}

/**
 * Declares an area with its types checked, e.g. `defineResourceScreens<UserRecord, UserFormValues>({…})`;
 * columns without a header take their field's from the contract's table.
 */
export function defineResourceScreens<R extends ResourceRecord, V extends FieldValues>(
  screens: Declared<ResourceScreens<R, V>, R>,
): ResourceScreens<R, V> {
  return withHeaders(screens);
}

/** Declares an area that has only a list (`ResourceListScreen`), its headers as `defineResourceScreens`. */
export function defineResourceList<R extends ResourceRecord>(
  screens: Declared<ResourceListDeclaration<R>, R>,
): ResourceListDeclaration<R> {
  return withHeaders(screens);
}
