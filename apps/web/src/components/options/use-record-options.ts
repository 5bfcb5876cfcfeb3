import { capitalized, type Paginated, PER_PAGE_MAX } from '@gestor/shared';
import { keepPreviousData, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { api } from '../../lib/api-client';
import { useCan } from '../../lib/permissions';
import {
  type AnyRecordOptions,
  fetchAllPages,
  type OptionValue,
  optionKeys,
  type RecordOption,
  type RecordOptions,
  type SearchedOption,
  searchedOptions,
  toOptions,
  viewPermission,
} from './record-options';

// The two ways an area's records become choices. A small area (roles, categories, entities: tens or
// hundreds) is loaded whole, once, and the control filters it as the person types. A large one (the
// users) is never loaded whole: the control asks the API for the first page of matches as the person
// types. Either way, nothing is asked without `<area>.view`: a 403 would sign the person out
// (docs/http-api.md#sign-in-lifecycle), so the screen shows what it can without the area.

const listPath = (spec: AnyRecordOptions<OptionValue>) => `/api/${spec.contract.path}`;

/** Every record of a small area, page after page (100 at a time), in the API's Spanish order. */
export function useRecordOptions<R, V extends OptionValue>(
  spec: RecordOptions<R, V>,
): { allowed: boolean; options: RecordOption<R, V>[]; loading: boolean } {
  const allowed = useCan()(viewPermission(spec.contract));
  const query = useQuery({
    queryKey: optionKeys.all(spec),
    queryFn: ({ signal }) =>
      fetchAllPages((page) =>
        api.get<Paginated<R>>(listPath(spec), {
          params: { per_page: PER_PAGE_MAX, sort: spec.sort, page },
          raw: true,
          signal,
        }),
      ),
    enabled: allowed,
  });
  const options = useMemo(() => toOptions(spec, query.data ?? []), [spec, query.data]);
  return { allowed, options, loading: allowed && query.isPending };
}

/** How many matches a search shows: the first page; more words narrow it. */
export const SEARCH_PAGE_SIZE = 20;
/** As the lists' own search box: the API is asked once the person pauses. */
export const SEARCH_DEBOUNCE_MS = 300;

export interface RecordSearch<V extends OptionValue> {
  /** False without `<area>.view`: only the fixed choices, and nothing is asked. */
  allowed: boolean;
  options: SearchedOption<V>[];
  /** The words in the search box, as the person types them. */
  onSearch: (text: string) => void;
  /** The list was opened: from now on the first page of records is wanted. */
  activate: () => void;
  /** An answer is on its way. */
  searching: boolean;
  /** The words the shown results answer, once their answer has arrived ('' for the first page). */
  answered: string | undefined;
  /** Records shown, and how many match in all. */
  shown: number;
  total: number;
}

/**
 * The records of a large area that match what the person types (`search=`), the first page of them,
 * after `fixed` (choices that are no record, e.g. "Mis noticias"). The `selected` values stay named
 * whatever the results: a record seen in an earlier answer is known, any other is fetched by its
 * value (`GET /api/<path>/<value>`).
 */
export function useRecordSearch<R, V extends OptionValue>(
  spec: RecordOptions<R, V>,
  { fixed, selected }: { fixed: readonly { label: string; value: V }[]; selected: readonly V[] },
): RecordSearch<V> {
  const allowed = useCan()(viewPermission(spec.contract));
  const queryClient = useQueryClient();
  const [active, setActive] = useState(false);
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');

  useEffect(() => {
    const words = text.trim();
    if (words === search) return;
    const timer = window.setTimeout(() => setSearch(words), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text, search]);

  const results = useQuery({
    queryKey: optionKeys.search(spec, search),
    queryFn: async ({ signal }) => {
      const page = await api.get<Paginated<R>>(listPath(spec), {
        params: { per_page: SEARCH_PAGE_SIZE, sort: spec.sort, ...(search ? { search } : {}) },
        raw: true,
        signal,
      });
      // Each record is kept by its value too: chosen and then searched past, it is still named
      // without asking again.
      for (const record of page.data) {
        queryClient.setQueryData(optionKeys.one(spec, spec.value(record)), record);
      }
      return page;
    },
    enabled: allowed && active,
    // The previous matches stay while the next ones load, instead of an empty list.
    placeholderData: keepPreviousData,
  });
  const found = useMemo(() => toOptions(spec, results.data?.data ?? []), [spec, results.data]);

  const unnamed = selected.filter(
    (value) =>
      !fixed.some((option) => option.value === value) && !found.some((option) => option.value === value),
  );
  const lookups = useQueries({
    queries: unnamed.map((value) => ({
      queryKey: optionKeys.one(spec, value),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        api.get<R>(`${listPath(spec)}/${encodeURIComponent(String(value))}`, { signal }),
      enabled: allowed,
      // A name rarely changes, and a write to the area refreshes it anyway (every query is
      // invalidated after a write).
      staleTime: Number.POSITIVE_INFINITY,
    })),
  });

  const labelOf = (value: V) => {
    const lookup = lookups[unnamed.indexOf(value)];
    if (lookup?.data) return spec.label(lookup.data);
    // Still on its way: left out, so the control shows its placeholder meanwhile, as it does while
    // a small area loads. A "Cargando…" entry would stick: PrimeReact's hidden input, which screen
    // readers read, keeps the first label it is drawn with and misses the name that follows.
    if (allowed && lookup?.isPending) return undefined;
    // Not found (a deleted record), or not ours to ask about: named by its value.
    return `${capitalized(spec.contract.label.one)} ${value}`;
  };

  return {
    allowed,
    options: searchedOptions({ fixed, results: found, selected, labelOf, search: text }),
    onSearch: setText,
    activate: () => setActive(true),
    searching: allowed && active && results.isFetching,
    answered: results.data && !results.isPlaceholderData ? search : undefined,
    shown: found.length,
    total: results.data?.meta.total ?? 0,
  };
}
