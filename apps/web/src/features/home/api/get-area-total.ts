import type { Paginated, ResourceContract } from '@gestor/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /api/{r}?per_page=1 → meta.total: how many records an area holds, without loading them. */
export function getAreaTotal(contract: ResourceContract, signal?: AbortSignal): Promise<number> {
  return api
    .get<Paginated<unknown>>(`/api/${contract.path}`, { params: { per_page: 1 }, raw: true, signal })
    .then((page) => page.meta.total);
}

/** Callers check `<area>.view` first: a 403 would sign the person out. */
export function useAreaTotal(contract: ResourceContract) {
  return useQuery({
    // Under the area's path, so a write in the area refreshes it.
    queryKey: [contract.path, 'total'],
    queryFn: ({ signal }) => getAreaTotal(contract, signal),
  });
}
