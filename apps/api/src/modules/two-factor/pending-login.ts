import { createHmac } from 'node:crypto';
import { TWO_FACTOR_LOGIN_MINUTES } from '@gestor/shared';
import { safeEqual } from '../../lib/tokens';

// Between a right password and the second factor, nobody is signed in: the visitor's session stays a
// guest one (guest-sessions.ts, not stored). What the challenge needs to finish the sign-in (who, with
// "Recordarme" or not, since when) travels in a cookie signed under APP_KEY and bound to that guest
// session's CSRF token, so it is worth nothing in another browser and dies when the session changes.
// Fortify keeps the same facts in the session (login.id, login.remember).

export const PENDING_LOGIN_COOKIE = 'gestor_two_factor_login';

export interface PendingLogin {
  userId: number;
  remember: boolean;
}

export function createPendingLogins(appKey: Buffer) {
  const mac = (body: string, csrfToken: string) =>
    createHmac('sha256', appKey)
      .update('gestor:two-factor-login:')
      .update(body)
      .update('\n')
      .update(csrfToken)
      .digest('base64url');

  return {
    /** The cookie's value for a sign-in that now waits for its second factor. */
    issue(login: PendingLogin, csrfToken: string, now = Date.now()): string {
      const body = `${login.userId}.${login.remember ? 1 : 0}.${Math.floor(now / 1000)}`;
      return `${body}.${mac(body, csrfToken)}`;
    },

    /** The sign-in the cookie names, if it is ours, of this session, and younger than its lifetime. */
    read(value: string | undefined, csrfToken: string, now = Date.now()): PendingLogin | null {
      if (!value || value.length > 200) return null;
      const parts = value.split('.');
      if (parts.length !== 4) return null;
      const [id, remember, issued, signature] = parts as [string, string, string, string];
      if (!safeEqual(signature, mac(`${id}.${remember}.${issued}`, csrfToken))) return null;
      const issuedAt = Number(issued) * 1000;
      if (!(issuedAt + TWO_FACTOR_LOGIN_MINUTES * 60_000 > now)) return null;
      return { userId: Number(id), remember: remember === '1' };
    },
  };
}
