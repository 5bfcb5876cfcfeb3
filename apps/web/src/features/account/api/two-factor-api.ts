import type { TwoFactorQrCode } from '@gestor/shared';
import { api } from '../../../lib/api-client';
import { reloadUser, withCsrf } from '../../../lib/auth';

// Two-factor sign-in (issue 21, decision 035): Fortify's routes under /api. Each management route
// answers 423 until the password has been confirmed in the last three hours.

/** GET /api/user/confirmed-password-status → {confirmed}. */
export async function passwordIsConfirmed(): Promise<boolean> {
  const body = await api.get<unknown>('/api/user/confirmed-password-status', { raw: true });
  return (body as { confirmed?: boolean } | null)?.confirmed === true;
}

/** POST /api/user/confirm-password → 201; a wrong password is a 422 on `password`. */
export function confirmPassword(password: string): Promise<void> {
  return withCsrf(() => api.post<void>('/api/user/confirm-password', { password }));
}

/** POST /api/user/two-factor-authentication: a new secret and codes, not yet confirmed. */
export function startTwoFactor(): Promise<void> {
  return withCsrf(() => api.post<void>('/api/user/two-factor-authentication'));
}

/** The QR code (an SVG) and the secret as text, for the app to read. */
export async function twoFactorSetup(): Promise<{ qr: TwoFactorQrCode; secret: string }> {
  const [qr, key] = await Promise.all([
    api.get<TwoFactorQrCode>('/api/user/two-factor-qr-code', { raw: true }),
    api.get<{ secretKey: string }>('/api/user/two-factor-secret-key', { raw: true }),
  ]);
  return { qr, secret: key.secretKey };
}

/** POST /api/user/confirmed-two-factor-authentication {code}; the user (two_factor_enabled) is read again. */
export async function confirmTwoFactor(code: string): Promise<void> {
  await withCsrf(() => api.post<void>('/api/user/confirmed-two-factor-authentication', { code }));
  await reloadUser();
}

/** GET /api/user/two-factor-recovery-codes → the codes still unused. */
export function recoveryCodes(): Promise<string[]> {
  return api.get<string[]>('/api/user/two-factor-recovery-codes', { raw: true });
}

/** POST /api/user/two-factor-recovery-codes, then the new codes. */
export async function regenerateRecoveryCodes(): Promise<string[]> {
  await withCsrf(() => api.post<void>('/api/user/two-factor-recovery-codes'));
  return recoveryCodes();
}

/** DELETE /api/user/two-factor-authentication; the user is read again. */
export async function disableTwoFactor(): Promise<void> {
  await withCsrf(() => api.delete<void>('/api/user/two-factor-authentication'));
  await reloadUser();
}
