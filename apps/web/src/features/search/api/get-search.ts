import type { SearchGroup, SearchResponse } from '@gestor/shared/search';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /api/search?q=…: the person's areas with a match, five best each (decision 029). */
export function getSearch(q: string, signal?: AbortSignal): Promise<SearchGroup[]> {
  return api
    .get<SearchResponse>('/api/search', { params: { q }, raw: true, signal })
    .then((body) => body.data);
}

/** `q` already long enough (SEARCH_MIN_LENGTH); while a new answer comes, the last one stays shown. */
export function useSearch(q: string | null) {
  return useQuery({
    queryKey: ['search', q],
    queryFn: ({ signal }) => getSearch(q ?? '', signal),
    enabled: q !== null,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}
