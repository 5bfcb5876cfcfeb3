import type { AuthUser } from '@gestor/shared';
import { startAuthentication } from '@simplewebauthn/browser';
import { api } from '../../../lib/api-client';
import { fetchCsrfCookie, signedInUser } from '../../../lib/auth';

/**
 * "Acceder con llave de acceso" (decision 036): options for any passkey of this site, the browser
 * asks the person for one, the server checks the answer and starts the session; then GET /api/user.
 */
export async function signInWithPasskey({ remember }: { remember: boolean }): Promise<AuthUser> {
  await fetchCsrfCookie();
  const optionsJSON = await api.post<Parameters<typeof startAuthentication>[0]['optionsJSON']>(
    '/api/passkeys/login-options',
  );
  const credential = await startAuthentication({ optionsJSON });
  await api.post<void>('/api/passkeys/login', { credential, remember });
  return signedInUser();
}

/**
 * The second step of a password sign-in with one of the person's passkeys instead of a code: options
 * that allow only theirs, the browser's answer, then GET /api/user.
 */
export async function completeTwoFactorWithPasskey(): Promise<AuthUser> {
  const optionsJSON = await api.post<Parameters<typeof startAuthentication>[0]['optionsJSON']>(
    '/api/two-factor-challenge/passkey-options',
  );
  const credential = await startAuthentication({ optionsJSON });
  await api.post<void>('/api/two-factor-challenge/passkey', { credential });
  return signedInUser();
}
