import type { ResourceContract, SavedViewState } from '@gestor/shared';
import { type ListOptions, type ListState, listSearchString, readListState } from '../resource/list-state';

// Decision 032: a saved view keeps what a list's address keeps, page aside. Both ways go through the
// address's own functions (list-state.ts), so a view holds exactly what the URL would, defaults left
// out, and applying it meets the same checks as a typed address.

/** The part of a list's state a view stores: what differs from the list's defaults, page aside. */
export function viewStateOf(
  state: ListState,
  contract: ResourceContract,
  options: ListOptions,
): SavedViewState {
  const params = new URLSearchParams(listSearchString({ ...state, page: 1 }, contract, options));
  const view: SavedViewState = {};
  const search = params.get('search');
  const sort = params.get('sort');
  const perPage = params.get('per_page');
  if (search) view.search = search;
  if (sort) view.sort = sort;
  if (perPage) view.per_page = Number(perPage);
  if (Object.keys(state.filters).length > 0) view.filters = { ...state.filters };
  return view;
}

/** The list's state a view opens, on its first page. */
export function listStateOf(
  view: SavedViewState,
  contract: ResourceContract,
  options: ListOptions,
): ListState {
  const params = new URLSearchParams();
  if (view.search) params.set('search', view.search);
  if (view.sort) params.set('sort', view.sort);
  if (view.per_page) params.set('per_page', String(view.per_page));
  for (const [name, value] of Object.entries(view.filters ?? {})) params.set(`filter[${name}]`, value);
  return readListState(params, contract, options);
}

/** What two states are compared by (is this view the one shown?): their address, page aside. */
export function stateKey(state: ListState, contract: ResourceContract, options: ListOptions): string {
  return listSearchString({ ...state, page: 1 }, contract, options);
}
