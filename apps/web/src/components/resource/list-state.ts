import type { ResourceContract } from '@gestor/shared';
import type { QueryParams } from '../../lib/api-client';

// A list screen keeps its whole state in the URL (?page=2&sort=-name&search=ana&filter[role]=editor),
// so back/forward and reload restore it. These pure functions translate between the URL, the table
// and the API's query string (DESIGN.md §3 "Resource endpoints").

export const PER_PAGE_OPTIONS = [15, 30, 50, 100] as const;

export interface ListState {
  page: number;
  perPage: number;
  /** `field` ascending or `-field` descending; always one of the contract's sortable keys. */
  sort: string;
  search: string;
  filters: Record<string, string>;
}

const FILTER_PARAM = /^filter\[([^\]]+)\]$/;

function positiveInt(raw: string | null): number | null {
  return raw !== null && /^\d{1,9}$/.test(raw) && Number(raw) >= 1 ? Number(raw) : null;
}

function isSortable(contract: ResourceContract, sort: string): boolean {
  return contract.sortable.includes(sort.replace(/^-/, ''));
}

/** Reads the state from the URL; anything unknown or malformed falls back to the default. */
export function readListState(params: URLSearchParams, contract: ResourceContract): ListState {
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
    sort: sort && isSortable(contract, sort) ? sort : contract.defaultSort,
    search: params.get('search')?.trim() ?? '',
    filters,
  };
}

/**
 * The URL's query string for a state, defaults left out so a fresh list has a clean address.
 * Brackets in `filter[…]` stay readable; values are encoded.
 */
export function listSearchString(state: ListState, contract: ResourceContract): string {
  const parts: string[] = [];
  const add = (key: string, value: string) => parts.push(`${key}=${encodeURIComponent(value)}`);
  if (state.page > 1) add('page', String(state.page));
  if (state.perPage !== PER_PAGE_OPTIONS[0]) add('per_page', String(state.perPage));
  if (state.sort !== contract.defaultSort) add('sort', state.sort);
  if (state.search) add('search', state.search);
  for (const [name, value] of Object.entries(state.filters).sort(([a], [b]) => a.localeCompare(b))) {
    if (value !== '') add(`filter[${encodeURIComponent(name)}]`, value);
  }
  return parts.length ? `?${parts.join('&')}` : '';
}

/** What the filters, search and sort ask of the API, without paging: the CSV export uses it too. */
export function listFilterParams(state: ListState): QueryParams {
  const params: QueryParams = { sort: state.sort };
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
  sortField: string;
  sortOrder: 1 | -1;
}

export function sortToTable(sort: string): TableSort {
  return sort.startsWith('-')
    ? { sortField: sort.slice(1), sortOrder: -1 }
    : { sortField: sort, sortOrder: 1 };
}

/** The table's sort event back to `field`/`-field`; a cleared sort returns to the area's default. */
export function tableToSort(
  field: string | null | undefined,
  order: number | null | undefined,
  contract: ResourceContract,
): string {
  if (!field || !order || !contract.sortable.includes(field)) return contract.defaultSort;
  return order < 0 ? `-${field}` : field;
}
