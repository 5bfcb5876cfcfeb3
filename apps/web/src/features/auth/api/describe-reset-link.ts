import type { ResetLinkInfo } from '@gestor/shared';
import { useEffect, useState } from 'react';
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

/**
 * The link's answer, asked once per link. Plain state rather than a query: the guest screens are
 * rendered outside the query client, to keep the sign-in page light.
 */
export function useResetLink(token: string, email: string): { data?: ResetLinkInfo; error: unknown } {
  const [answer, setAnswer] = useState<{ data?: ResetLinkInfo; error: unknown }>({ error: null });
  useEffect(() => {
    if (!token || !email) return;
    const controller = new AbortController();
    describeResetLink(token, email, controller.signal).then(
      (data) => setAnswer({ data, error: null }),
      (error: unknown) => {
        if (!controller.signal.aborted) setAnswer({ error });
      },
    );
    return () => controller.abort();
  }, [token, email]);
  return answer;
}
