import { USERS } from '@gestor/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { resourceKeys } from '../../../components/resource/resource-api';
import { api } from '../../../lib/api-client';

/** DELETE /api/users/{id}/two-factor-authentication (user.update) → 204: the person is told by mail. */
export function resetTwoFactor(userId: number): Promise<void> {
  return api.delete<void>(`/api/${USERS.path}/${userId}/two-factor-authentication`);
}

export function useResetTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetTwoFactor,
    // The record (its two_factor_enabled) and its history changed.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: resourceKeys.all(USERS) }),
  });
}
