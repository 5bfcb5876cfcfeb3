import type { AuthUser, LoginInput } from '@gestor/shared';
import { login } from '../../../lib/auth';

/**
 * SPEC.md §4: CSRF cookie, POST /api/login, then GET /api/user. The sequence lives in lib/auth, which
 * the shell and the route guard share; the sign-in screen calls it through here.
 */
export function signIn(credentials: LoginInput): Promise<AuthUser> {
  return login(credentials);
}
