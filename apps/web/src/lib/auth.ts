import type { AuthUser, LoginInput } from '@gestor/shared';
import { useSyncExternalStore } from 'react';
import { ApiError, api, isApiError } from './api-client';
import { deleteCookie, readCookie, writeCookie } from './cookies';
import { forgetEveryDraftHere, keepOnlyDraftsOf } from './drafts';
import { loginPathFor } from './return-path';
import {
  type CurrentUser,
  parseUserCookie,
  serializeUser,
  USER_COOKIE,
  USER_COOKIE_MAX_AGE_SECONDS,
} from './user-cookie';

// The auth store and the sign-in lifecycle of docs/http-api.md#sign-in-lifecycle. The live state is the full user from
// GET /api/user; the cookie keeps a slimmer copy so a reload starts from the last known user.

export type { CurrentUser } from './user-cookie';

type Listener = () => void;
const listeners = new Set<Listener>();
const signOutListeners = new Set<Listener>();
let currentUser: CurrentUser | null = typeof document === 'undefined' ? null : restoreUser();

function restoreUser(): CurrentUser | null {
  return parseUserCookie(readCookie(USER_COOKIE));
}

export function getUser(): CurrentUser | null {
  return currentUser;
}

/** docs/http-api.md#sign-in-lifecycle: logged in means the user has an id. */
export function isLoggedIn(user: CurrentUser | null = currentUser): user is CurrentUser {
  return Boolean(user?.id);
}

export function setUser(user: CurrentUser | null) {
  const signedOut = currentUser !== null && user === null;
  const previousId = currentUser?.id;
  currentUser = user && isLoggedIn(user) ? user : null;
  // Issue 19: a browser's drafts are offered only to their owner; someone else signing in drops them.
  if (currentUser && currentUser.id !== previousId) keepOnlyDraftsOf(currentUser.id);
  if (currentUser) {
    writeCookie(USER_COOKIE, serializeUser(currentUser), { maxAgeSeconds: USER_COOKIE_MAX_AGE_SECONDS });
  } else {
    deleteCookie(USER_COOKIE);
  }
  if (signedOut) for (const listener of signOutListeners) listener();
  for (const listener of listeners) listener();
}

/** Called whenever a signed-in user is cleared (logout, or a 401/403): caches forget their data. */
export function onSignOut(listener: Listener): () => void {
  signOutListeners.add(listener);
  return () => signOutListeners.delete(listener);
}

export function clearUser() {
  setUser(null);
}

function subscribe(listener: Listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The current user, re-rendering when it changes. */
export function useUser(): CurrentUser | null {
  return useSyncExternalStore(subscribe, getUser, getUser);
}

// ---------------------------------------------------------------------------------------------
// Where a 401/403 sends the user. The router knows which routes admit guests, so it connects itself.

export interface AuthNavigation {
  navigate: (to: string) => void | Promise<void>;
  /** Guest-only and public routes: there a 401 is expected and must not redirect. */
  admitsGuests: (pathname: string) => boolean;
}

let navigation: AuthNavigation = {
  navigate: (to) => window.location.assign(to),
  admitsGuests: () => false,
};

export const LOGIN_PATH = '/auth/login';
export const LOGOUT_OK_PATH = '/logout-ok';
/** Where a role that requires two-factor sign-in keeps its holders until they set it up (decision 035). */
export const TWO_FACTOR_SETUP_PATH = '/account/two-factor-setup';

/** Set while the client is on its way to the sign-in screen, so a burst of 401s navigates once. */
let leavingForLogin = false;

/**
 * docs/http-api.md#what-the-spa-sends: clear the user without a server call and go to the sign-in screen —
 * once, however many calls answer 401/403 at the same time. Clearing the user also deletes the user
 * cookie, which is what keeps the person on the sign-in screen afterwards (see `clientSignedIn`).
 */
export function connectAuthNavigation(routerNavigation: AuthNavigation) {
  navigation = routerNavigation;
  api.setAuthErrorHandler((error, { redirect }) => {
    // Decision 035: still signed in, but a role requires the second factor first: go and set it up.
    if (error.twoFactorRequired) {
      if (window.location.pathname !== TWO_FACTOR_SETUP_PATH) void navigation.navigate(TWO_FACTOR_SETUP_PATH);
      return;
    }
    clearUser();
    if (!redirect || leavingForLogin || navigation.admitsGuests(window.location.pathname)) return;
    leavingForLogin = true;
    // Signing in again returns to the screen the person was on.
    const here = window.location.pathname + window.location.search + window.location.hash;
    void Promise.resolve(navigation.navigate(loginPathFor(LOGIN_PATH, here))).finally(() => {
      leavingForLogin = false;
    });
  });
}

/**
 * Whether the client holds a signed-in user: the store, or the user cookie (another tab may have
 * signed in). It decides whether a guest-only screen sends the person home: after the client has
 * signed someone out (logout, or a 401/403 on any call) the sign-in screen stays, even if
 * GET /api/user still answers — otherwise a list that answers 401 while /api/user answers 200 would
 * bounce between the list and the sign-in screen for ever.
 */
export function clientSignedIn(): boolean {
  return isLoggedIn(currentUser) || readCookie(USER_COOKIE) !== undefined;
}

// ---------------------------------------------------------------------------------------------
// The lifecycle (docs/http-api.md#sign-in-lifecycle, §7).

/** GET /sanctum/csrf-cookie: before login, register, forgot-password and reset. */
export async function fetchCsrfCookie() {
  await api.get<null>('/sanctum/csrf-cookie', { raw: true });
}

/**
 * GET /api/user. Returns null for a guest (401/403, which has already cleared the user); other
 * failures are thrown. The route guard calls it on every navigation.
 */
export async function fetchUser({
  signal,
  adopt = true,
}: {
  signal?: AbortSignal;
  /** false: only ask who the server thinks this is, without signing the client in. */
  adopt?: boolean;
} = {}): Promise<AuthUser | null> {
  try {
    const user = await api.get<AuthUser>('/api/user', { signal, authRedirect: false });
    if (adopt) setUser(user);
    return user;
  } catch (error) {
    if (isApiError(error) && (error.status === 401 || error.status === 403)) return null;
    throw error;
  }
}

/** Reload the user after a request that may have changed who is signed in. */
export const reloadUser = fetchUser;

/**
 * Signs in with the password: the user, or 'two-factor' when the account asks for its second factor
 * first (Fortify's `{two_factor: true}`, decision 035); then completeTwoFactorLogin finishes.
 */
export async function login(credentials: LoginInput): Promise<AuthUser | 'two-factor'> {
  await fetchCsrfCookie();
  const answer = await api.post<unknown>('/api/login', credentials, { raw: true });
  if ((answer as { two_factor?: unknown } | null)?.two_factor === true) return 'two-factor';
  return signedInUser();
}

/** POST /api/two-factor-challenge {code | recovery_code}, then the signed-in user. */
export async function completeTwoFactorLogin(
  input: { code: string } | { recovery_code: string },
): Promise<AuthUser> {
  await api.post<void>('/api/two-factor-challenge', input);
  return signedInUser();
}

/** After the server has started a session (password, second step, passkey): who is signed in now. */
export async function signedInUser(): Promise<AuthUser> {
  const user = await fetchUser();
  // The server accepted the sign-in but the session cookie did not come back (misconfigured
  // SANCTUM_STATEFUL_DOMAINS or SESSION_DOMAIN): say so instead of pretending to be signed in.
  if (!user) throw new ApiError(401, 'No se ha podido iniciar la sesión.');
  return user;
}

/** Runs a guest request the Sanctum way: CSRF cookie first, then the request, then reload the user. */
export async function withCsrf<T>(send: () => Promise<T>): Promise<T> {
  await fetchCsrfCookie();
  const result = await send();
  // The request itself succeeded; a failed reload must not turn that into an error on screen.
  await reloadUser().catch(() => null);
  return result;
}

/**
 * POST /api/logout, clear the user, then /auth/login — or /logout-ok when asked (the shared-computer
 * sign-out). docs/http-api.md#sign-in-lifecycle: whatever the call answers (401 or 419 when the session had already ended
 * on the server, a network failure…) the person is signed out here and leaves; it never fails.
 */
export async function logout({ toLogoutOk = false }: { toLogoutOk?: boolean } = {}): Promise<void> {
  try {
    await api.post<void>('/api/logout', undefined, { authRedirect: false });
  } catch {
    // Signed out on this device regardless; the server's session ends on its own.
  }
  // Issue 19: nothing typed is kept after signing out, of any user of this browser.
  forgetEveryDraftHere();
  clearUser();
  await navigation.navigate(toLogoutOk ? LOGOUT_OK_PATH : LOGIN_PATH);
}
