import type { QueryParams } from '../../lib/api-client';

// A list screen keeps its whole state in the URL (?page=2&sort=-name&search=ana&filter[role]=editor),
// so back/forward and reload restore it. These pure functions translate between the URL, the table
// and the API's query string (docs/http-api.md#resources-one-shape-for-every-area).

export const PER_PAGE_OPTIONS = [15, 30, 50, 100] as const;

/**
 * What a list's address may hold: an area's contract, or the shape of a list that is no area's (a
 * test's responses) with its sort keys, default sort and filter names.
 */
export interface ListShape {
  sortable: readonly string[];
  defaultSort: string;
  filters: Readonly<Record<string, unknown>>;
}

export interface ListState {
  page: number;
  perPage: number;
  /**
   * `field` ascending or `-field` descending, one of the contract's sortable keys; or `''` in an area
   * with ranked search (`ListOptions`) when the person chose none: the API's own order then.
   */
  sort: string;
  search: string;
  filters: Record<string, string>;
}

/** How an area's list differs from the usual (`ResourceScreens.rankedSearch`). */
export interface ListOptions {
  /**
   * The API orders a search by relevance when the request names no sort (docs/areas.md: the content
   * areas' full-text search, best matches first). Until the person picks a sort, the list sends none:
   * the API's default order without a search, its best matches with one.
   */
  rankedSearch?: boolean;
}

const FILTER_PARAM = /^filter\[([^\]]+)\]$/;

function positiveInt(raw: string | null): number | null {
  return raw !== null && /^\d{1,9}$/.test(raw) && Number(raw) >= 1 ? Number(raw) : null;
}

function isSortable(contract: ListShape, sort: string): boolean {
  return contract.sortable.includes(sort.replace(/^-/, ''));
}

/** Reads the state from the URL; anything unknown or malformed falls back to the default. */
export function readListState(
  params: URLSearchParams,
  contract: ListShape,
  { rankedSearch = false }: ListOptions = {},
): ListState {
  const perPage = positiveInt(params.get('per_page'));
  const sort = params.get('sort') ?? '';
  const filters: Record<string, string> = {};
  for (const [key, value] of params) {
    const name = FILTER_PARAM.exec(key)?.[1];
    if (name && name in contract.filters && value !== '') filters[name] = value;
  }
  return {
    page: positiveInt(params.get('page')) ?? 1,
    perPage:
      perPage && (PER_PAGE_OPTIONS as readonly number[]).includes(perPage) ? perPage : PER_PAGE_OPTIONS[0],
    sort: sort && isSortable(contract, sort) ? sort : rankedSearch ? '' : contract.defaultSort,
    search: params.get('search')?.trim() ?? '',
    filters,
  };
}

/**
 * The URL's query string for a state, defaults left out so a fresh list has a clean address.
 * Brackets in `filter[…]` stay readable; values are encoded.
 */
export function listSearchString(
  state: ListState,
  contract: ListShape,
  { rankedSearch = false }: ListOptions = {},
): string {
  const parts: string[] = [];
  const add = (key: string, value: string) => parts.push(`${key}=${encodeURIComponent(value)}`);
  if (state.page > 1) add('page', String(state.page));
  if (state.perPage !== PER_PAGE_OPTIONS[0]) add('per_page', String(state.perPage));
  // With ranked search the default sort chosen by the person is not the absence of one.
  if (state.sort && (rankedSearch || state.sort !== contract.defaultSort)) add('sort', state.sort);
  if (state.search) add('search', state.search);
  for (const [name, value] of Object.entries(state.filters).sort(([a], [b]) => a.localeCompare(b))) {
    if (value !== '') add(`filter[${encodeURIComponent(name)}]`, value);
  }
  return parts.length ? `?${parts.join('&')}` : '';
}

/**
 * What the filters, search and sort ask of the API, without paging: the CSV export uses it too.
 * No sort (`''`, ranked search) leaves `sort` out, so the API orders a search by relevance.
 */
export function listFilterParams(state: ListState): QueryParams {
  const params: QueryParams = state.sort ? { sort: state.sort } : {};
  if (state.search) params.search = state.search;
  for (const [name, value] of Object.entries(state.filters)) params[`filter[${name}]`] = value;
  return params;
}

/** The query string of `GET /api/{r}` for one page of the list. */
export function listQueryParams(state: ListState): QueryParams {
  return { page: state.page, per_page: state.perPage, ...listFilterParams(state) };
}

/** `GET /api/{r}?…&format=csv`: every row matching the current filter. */
export function csvExportParams(state: ListState): QueryParams {
  return { ...listFilterParams(state), format: 'csv' };
}

/** A new state after a change of filters or search: back to the first page. */
export function withFilters(
  state: ListState,
  change: Partial<Pick<ListState, 'search' | 'filters'>>,
): ListState {
  return { ...state, ...change, page: 1 };
}

export interface TableSort {
  /** Undefined: no column shows a sort (the API's own order). */
  sortField: string | undefined;
  sortOrder: 1 | -1;
}

/**
 * The column and direction the table marks. A list without a chosen sort (ranked search) marks the
 * area's default sort while there is no search (the API uses it), and nothing while there is one.
 */
export function sortToTable(state: Pick<ListState, 'sort' | 'search'>, contract: ListShape): TableSort {
  const sort = state.sort || (state.search ? '' : contract.defaultSort);
  if (!sort) return { sortField: undefined, sortOrder: 1 };
  return sort.startsWith('-')
    ? { sortField: sort.slice(1), sortOrder: -1 }
    : { sortField: sort, sortOrder: 1 };
}

/**
 * The table's sort event back to `field`/`-field`; a cleared sort returns to the area's default, or
 * to no sort at all with ranked search.
 */
export function tableToSort(
  field: string | null | undefined,
  order: number | null | undefined,
  contract: ListShape,
  { rankedSearch = false }: ListOptions = {},
): string {
  if (!field || !order || !contract.sortable.includes(field)) return rankedSearch ? '' : contract.defaultSort;
  return order < 0 ? `-${field}` : field;
}
