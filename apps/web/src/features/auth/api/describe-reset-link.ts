import type { ResetLinkInfo } from '@gestor/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * GET /api/reset-password/{token}?email=… → {data: {kind, name}}: whether the link is an invitation
 * (the screen then greets the person and speaks of creating a password) and still valid; 422 if not.
 */
export function describeResetLink(
  token: string,
  email: string,
  signal?: AbortSignal,
): Promise<ResetLinkInfo> {
  return api.get<ResetLinkInfo>(`/api/reset-password/${encodeURIComponent(token)}`, {
    params: { email },
    signal,
    authRedirect: false,
  });
}

export function useResetLink(token: string, email: string) {
  return useQuery({
    queryKey: ['reset-link', token, email],
    queryFn: ({ signal }) => describeResetLink(token, email, signal),
    enabled: token !== '' && email !== '',
    // A link is what it is: no refetch while the person types, and no retry of a 422.
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}
