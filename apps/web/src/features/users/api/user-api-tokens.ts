import { type ApiToken, USERS } from '@gestor/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

// A person's API tokens in their user form (issue 21, decision 037): seen with user.view, revoked with
// user.update by someone who holds every permission the person holds.

/** Under the area's key, so a write to the user refreshes it too. */
const tokensKey = (userId: number) => [USERS.path, 'record', userId, 'tokens'] as const;

/** GET /api/users/{id}/tokens (user.view). */
export function useUserApiTokens(userId: number) {
  return useQuery({
    queryKey: tokensKey(userId),
    queryFn: ({ signal }) => api.get<ApiToken[]>(`/api/${USERS.path}/${userId}/tokens`, { signal }),
  });
}

/** DELETE /api/users/{id}/tokens/{tokenId} (user.update) → 204. */
export function useRevokeUserApiToken(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tokenId: number) => api.delete<void>(`/api/${USERS.path}/${userId}/tokens/${tokenId}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: tokensKey(userId) }),
  });
}
