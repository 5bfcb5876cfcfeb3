import type { Paginated, Permission, ResourceContract } from '@gestor/shared';

// The records of an area offered as choices (a category's parent, a user's roles, the news list's
// "Autor" filter), declared once per use and loaded by one machinery (use-record-options.ts). This
// file is the part without React or HTTP: what a declaration says, and how pages and choices are
// put together.

export type OptionValue = string | number;

/** What a feature declares: which area, how a record is written (value) and read (label). */
export interface RecordOptions<R, V extends OptionValue> {
  contract: ResourceContract;
  /** What the form or the filter stores: a slug, an id, a name (docs/areas.md says which per relation). */
  value: (record: R) => V;
  /** What the person reads: a name, a category's path ("Deportes › Fútbol"). */
  label: (record: R) => string;
  /** The API's sort key: the server puts the records in Spanish order (default: the area's own). */
  sort: string;
}

/**
 * Any area's declaration, where the record type does not matter (a list filter's `search`): a
 * function of one area's records is a function of `never` too.
 */
export type AnyRecordOptions<V extends OptionValue> = RecordOptions<never, V>;

/** A record as a choice; `record` keeps what else a screen needs (a role's permissions). */
export interface RecordOption<R, V extends OptionValue> {
  label: string;
  value: V;
  record: R;
}

/**
 * Declares the choices an area offers, e.g.
 * `recordOptions(ROLES, { value: (role: RoleRecord) => role.name, label: (role) => role.label, sort: 'label' })`.
 * For a search (use-record-search.ts), `value` must be how the API addresses one record: its id, or
 * its slug in an area with `lookup: 'slug'`, so a chosen record that is not among the results can be
 * fetched for its label.
 */
export function recordOptions<R, V extends OptionValue>(
  contract: ResourceContract,
  declaration: { value: (record: R) => V; label: (record: R) => string; sort?: string },
): RecordOptions<R, V> {
  const sort = declaration.sort ?? contract.defaultSort.replace(/^-/, '');
  return { contract, value: declaration.value, label: declaration.label, sort };
}

/** Listing an area needs `<area>.view`: without it the API answers 403, which signs the person out. */
export function viewPermission(contract: ResourceContract): Permission {
  return `${contract.area}.view`;
}

/** Query keys start with the area's path, so a write to the area (which invalidates it) refreshes them. */
export const optionKeys = {
  all: ({ contract, sort }: KeyParts) => [contract.path, 'options', sort] as const,
  search: ({ contract, sort }: KeyParts, search: string) =>
    [contract.path, 'options', sort, 'search', search] as const,
  one: ({ contract }: KeyParts, value: OptionValue) =>
    [contract.path, 'options', 'one', String(value)] as const,
};

type KeyParts = Pick<AnyRecordOptions<OptionValue>, 'contract' | 'sort'>;

/** At most this many pages of 100 (PER_PAGE_MAX) for a small area: 2000 categories, roles or entities. */
export const MAX_PAGES = 20;

/** Every record of a small area, page after page in the order the API gives them. */
export async function fetchAllPages<R>(
  getPage: (page: number) => Promise<Paginated<R>>,
  maxPages = MAX_PAGES,
): Promise<R[]> {
  const records: R[] = [];
  for (let page = 1; page <= maxPages; page++) {
    const result = await getPage(page);
    records.push(...result.data);
    if (page >= result.meta.last_page) break;
  }
  return records;
}

export function toOptions<R, V extends OptionValue>(
  spec: RecordOptions<R, V>,
  records: readonly R[],
): RecordOption<R, V>[] {
  return records.map((record) => ({ label: spec.label(record), value: spec.value(record), record }));
}

// ---------------------------------------------------------------------------------------------
// Searched on the server (a large area: the users, who may be a million).

/**
 * One entry of a searched list. `match` says whether it answers the current search: the server's
 * results do; a fixed choice ("Mis noticias") does when its label contains the words typed; a chosen
 * record kept only so the closed control can name it does not. The dropdown shows, while something
 * is typed, only the entries that match (record-search-dropdown.tsx).
 */
export interface SearchedOption<V extends OptionValue> {
  label: string;
  value: V;
  match: boolean;
}

/** Lower case and without accents, as the server compares a search ("jose" finds "José"). */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('es');
}

/**
 * The entries of a searched dropdown, in this order: the fixed choices, the chosen values that are
 * not among the results (labelled from what is known of them), then the results. A value appears
 * once: a fixed choice wins over the same record among the results.
 */
export function searchedOptions<V extends OptionValue>({
  fixed,
  results,
  selected,
  labelOf,
  search,
}: {
  fixed: readonly { label: string; value: V }[];
  results: readonly { label: string; value: V }[];
  selected: readonly V[];
  /**
   * The label of a chosen value outside the fixed choices and the results; undefined while it is
   * being fetched, and the value is left out until then (see use-record-options.ts).
   */
  labelOf: (value: V) => string | undefined;
  search: string;
}): SearchedOption<V>[] {
  const words = foldText(search.trim());
  const seen = new Set<string>();
  const entries: SearchedOption<V>[] = [];
  const add = (label: string, value: V, match: boolean) => {
    if (seen.has(String(value))) return;
    seen.add(String(value));
    entries.push({ label, value, match });
  };
  for (const option of fixed) add(option.label, option.value, foldText(option.label).includes(words));
  const found = new Set(results.map((option) => String(option.value)));
  for (const value of selected) {
    const label = found.has(String(value)) ? undefined : labelOf(value);
    if (label !== undefined) add(label, value, false);
  }
  for (const option of results) add(option.label, option.value, true);
  return entries;
}

/** What the open list says under the results when the search found more than it shows. */
export function moreResultsNote(shown: number, total: number): string | undefined {
  return total > shown ? `Se muestran ${shown} de ${total}. Escriba para afinar la búsqueda.` : undefined;
}

/** What a screen reader hears once a search has answered. */
export function resultsAnnouncement(count: number): string {
  if (count === 0) return 'Ninguna coincidencia.';
  return count === 1 ? '1 coincidencia.' : `${count} coincidencias.`;
}
