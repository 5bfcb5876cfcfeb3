import type { AuthUser, PersistedUser } from '@gestor/shared';
import { USER_COOKIE_EXCLUDED } from '@gestor/shared/user-cookie';

// docs/http-api.md#sign-in-lifecycle–§4: the auth state is persisted in a cookie, without roles, email_verified_at,
// created_at, updated_at, role and roleName; the live state keeps them.

type ExcludedField = (typeof USER_COOKIE_EXCLUDED)[number];

export const USER_COOKIE = 'gestor_user';
export const USER_COOKIE_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

/** The user as the SPA holds it: the full user after GET /api/user, the persisted part before. */
export type CurrentUser = PersistedUser & Partial<Pick<AuthUser, ExcludedField>>;

export function toPersistedUser(user: CurrentUser): PersistedUser {
  const copy: Record<string, unknown> = { ...user };
  for (const field of USER_COOKIE_EXCLUDED) delete copy[field];
  return copy as unknown as PersistedUser;
}

export function serializeUser(user: CurrentUser): string {
  return JSON.stringify(toPersistedUser(user));
}

/** The persisted user, or null when the cookie is missing or not one of ours. */
export function parseUserCookie(value: string | undefined): PersistedUser | null {
  if (!value) return null;
  try {
    const parsed = JSON.parse(value) as Partial<PersistedUser> | null;
    if (!parsed || typeof parsed !== 'object') return null;
    if (typeof parsed.id !== 'number' || !Array.isArray(parsed.permissions)) return null;
    return parsed as PersistedUser;
  } catch {
    return null;
  }
}
