import type { ApiToken, CreateApiTokenInput, NewApiToken } from '@gestor/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useUser } from '../../../lib/auth';

// "Mi cuenta" → "Tokens de API" (issue 21, decision 037): Sanctum's personal access tokens.

const TOKENS_KEY = ['account', 'tokens'] as const;

/** GET /api/user/tokens: mine, newest first; asked only while someone is signed in (as the sessions). */
export function useApiTokens() {
  return useQuery({
    queryKey: TOKENS_KEY,
    enabled: useUser() !== null,
    queryFn: ({ signal }) => api.get<ApiToken[]>('/api/user/tokens', { signal }),
  });
}

/** POST /api/user/tokens → 201 {data}: the only answer that carries the token itself. */
export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateApiTokenInput) => api.post<NewApiToken>('/api/user/tokens', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TOKENS_KEY }),
  });
}

/** DELETE /api/user/tokens/{id} → 204: whatever used it is refused from now on. */
export function useRevokeApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(`/api/user/tokens/${id}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: TOKENS_KEY }),
  });
}
