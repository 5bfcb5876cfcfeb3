import type { Passkey } from '@gestor/shared';
import { startRegistration } from '@simplewebauthn/browser';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useUser, withCsrf } from '../../../lib/auth';

// Passkeys in "Mi cuenta" (issue 21, decision 036).

const PASSKEYS_KEY = ['account', 'passkeys'] as const;

export function usePasskeys() {
  return useQuery({
    queryKey: PASSKEYS_KEY,
    enabled: useUser() !== null,
    queryFn: ({ signal }) => api.get<Passkey[]>('/api/user/passkeys', { signal }),
  });
}

/**
 * Adding one: the password gets the options (a 422 on `current_password` otherwise), the browser
 * makes the passkey, the server checks and keeps it under `name`.
 */
export function useAddPasskey() {
  const queryClient = useQueryClient();
  return async ({ name, current_password }: { name: string; current_password: string }) => {
    const optionsJSON = await withCsrf(() =>
      api.post<Parameters<typeof startRegistration>[0]['optionsJSON']>('/api/user/passkeys/options', {
        current_password,
      }),
    );
    const credential = await startRegistration({ optionsJSON });
    const created = await withCsrf(() => api.post<Passkey>('/api/user/passkeys', { name, credential }));
    await queryClient.invalidateQueries({ queryKey: PASSKEYS_KEY });
    return created;
  };
}

export function useRenamePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: number; name: string }) =>
      withCsrf(() => api.patch<Passkey>(`/api/user/passkeys/${id}`, { name })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: PASSKEYS_KEY }),
  });
}

export function useRemovePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => withCsrf(() => api.delete<void>(`/api/user/passkeys/${id}`)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: PASSKEYS_KEY }),
  });
}
