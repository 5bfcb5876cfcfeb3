import { USERS } from '@gestor/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /api/users/{id}/password-reset (user.update) → 200 {status}: the one-time link is mailed. */
export function sendPasswordReset(userId: number): Promise<{ status: string }> {
  return api.post<{ status: string }>(`/api/${USERS.path}/${userId}/password-reset`, undefined, {
    raw: true,
  });
}

export function useSendPasswordReset() {
  return useMutation({ mutationFn: sendPasswordReset });
}
