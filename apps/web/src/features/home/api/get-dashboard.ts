import type { Dashboard } from '@gestor/shared/dashboard';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /api/dashboard: the home page's widgets, only those the person may view (decision 030). */
export function getDashboard(signal?: AbortSignal): Promise<Dashboard> {
  return api.get<Dashboard>('/api/dashboard', { signal });
}

export function useDashboard() {
  return useQuery({
    queryKey: ['dashboard'],
    queryFn: ({ signal }) => getDashboard(signal),
    // What others changed since: asked again on every visit to the home page.
    staleTime: 0,
  });
}
