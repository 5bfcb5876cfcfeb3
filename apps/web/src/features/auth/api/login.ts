import type { AuthUser, LoginInput } from '@gestor/shared';
import { completeTwoFactorLogin, login } from '../../../lib/auth';

/**
 * docs/http-api.md#sign-in-lifecycle: CSRF cookie, POST /api/login, then GET /api/user. The sequence lives in lib/auth, which
 * the shell and the route guard share; the sign-in screen calls it through here.
 */
export function signIn(credentials: LoginInput): Promise<AuthUser | 'two-factor'> {
  return login(credentials);
}

/** The sign-in's second step (decision 035): a code from the app, or a recovery code. */
export function completeTwoFactor(input: { code: string } | { recovery_code: string }): Promise<AuthUser> {
  return completeTwoFactorLogin(input);
}
