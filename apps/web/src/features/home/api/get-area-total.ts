import type { Paginated } from '@gestor/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /api/{path}?per_page=1 → meta.total: how many records an area holds, without loading them. */
export function getAreaTotal(path: string, signal?: AbortSignal): Promise<number> {
  return api
    .get<Paginated<unknown>>(`/api/${path}`, { params: { per_page: 1 }, raw: true, signal })
    .then((page) => page.meta.total);
}

/** Callers check `<area>.view` first: a 403 would sign the person out. */
export function useAreaTotal(path: string) {
  return useQuery({
    // Under the area's path, so a write in the area refreshes it.
    queryKey: [path, 'total'],
    queryFn: ({ signal }) => getAreaTotal(path, signal),
  });
}
