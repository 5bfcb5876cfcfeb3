import type {
  AccountSession,
  PendingEmailChange,
  UpdatePasswordInput,
  UpdateProfileInput,
} from '@gestor/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { reloadUser, useUser, withCsrf } from '../../../lib/auth';

// "Mi cuenta" (issue 21): Fortify's routes under /api, and the sessions list.

interface StatusResponse {
  status: string;
}

const SESSIONS_KEY = ['account', 'sessions'] as const;
const EMAIL_CHANGE_KEY = ['account', 'email-change'] as const;

/**
 * PUT /api/user/profile-information → 200 {status}: the name at once (the signed-in user is read again,
 * for the topbar), a new email mailed its link (the pending change is read again).
 */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return async (input: UpdateProfileInput): Promise<StatusResponse> => {
    const response = await withCsrf(() =>
      api.put<StatusResponse>('/api/user/profile-information', input, { raw: true }),
    );
    await Promise.all([reloadUser(), queryClient.invalidateQueries({ queryKey: EMAIL_CHANGE_KEY })]);
    return response;
  };
}

/** The change of email waiting for its link, or null. */
export function usePendingEmailChange() {
  return useQuery({
    queryKey: EMAIL_CHANGE_KEY,
    enabled: useUser() !== null,
    queryFn: ({ signal }) => api.get<PendingEmailChange | null>('/api/user/email-change', { signal }),
  });
}

export function useCancelEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => withCsrf(() => api.delete<void>('/api/user/email-change')),
    onSettled: () => queryClient.invalidateQueries({ queryKey: EMAIL_CHANGE_KEY }),
  });
}

/** POST /api/user/confirm-email → 200 {status}; the user (their email) is read again. */
export async function confirmEmail(token: string): Promise<StatusResponse> {
  const response = await withCsrf(() =>
    api.post<StatusResponse>('/api/user/confirm-email', { token }, { raw: true }),
  );
  await reloadUser();
  return response;
}

/** PUT /api/user/password → 200 {status}; every other session of mine has ended. */
export function updatePassword(input: UpdatePasswordInput): Promise<StatusResponse> {
  return withCsrf(() => api.put<StatusResponse>('/api/user/password', input, { raw: true }));
}

// Both are asked only while someone is signed in: a sign-out from this page clears the cache while it
// is still mounted, and a refetch's 401 would send the person to the sign-in page instead.
export function useSessions() {
  return useQuery({
    queryKey: SESSIONS_KEY,
    enabled: useUser() !== null,
    queryFn: ({ signal }) => api.get<AccountSession[]>('/api/user/sessions', { signal }),
  });
}

/** Ends one session of mine (an id from the list), or every other one (no id). */
export function useEndSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string | null) =>
      withCsrf(() =>
        api.delete<void>(id ? `/api/user/sessions/${encodeURIComponent(id)}` : '/api/user/other-sessions'),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: SESSIONS_KEY }),
  });
}

/** After a password change the other sessions are gone: the list is read again. */
export function useRefreshSessions() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: SESSIONS_KEY });
}
