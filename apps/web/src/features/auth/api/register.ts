import type { RegisterInput } from '@gestor/shared';
import { api } from '../../../lib/api-client';
import { withCsrf } from '../../../lib/auth';

/**
 * POST /api/register → 204 and signed in (403 while REGISTRATION_ENABLED is false). No screen uses it
 * yet; docs/http-api.md#sign-in-lifecycle fixes its sequence: CSRF cookie, the request, then the user is reloaded.
 */
export function register(input: RegisterInput): Promise<void> {
  return withCsrf(() => api.post<void>('/api/register', input));
}
