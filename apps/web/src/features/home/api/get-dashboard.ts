import type { Dashboard } from '@gestor/shared/dashboard';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useUser } from '../../../lib/auth';

/** GET /api/dashboard: the home page's widgets, only those the person may view (decision 030). */
export function getDashboard(signal?: AbortSignal): Promise<Dashboard> {
  return api.get<Dashboard>('/api/dashboard', { signal });
}

export function useDashboard() {
  // Signing out clears the cache while this page is still mounted: asking again then would meet a
  // 401 and send the person to the sign-in page instead of where the sign-out is taking them.
  const signedIn = useUser() !== null;
  return useQuery({
    queryKey: ['dashboard'],
    enabled: signedIn,
    queryFn: ({ signal }) => getDashboard(signal),
    // What others changed since: asked again on every visit to the home page.
    staleTime: 0,
  });
}
