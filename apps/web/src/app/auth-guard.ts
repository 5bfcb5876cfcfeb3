import { matchRoutes, type RouteObject, redirect } from 'react-router';
import { clientSignedIn, fetchUser, LOGIN_PATH, TWO_FACTOR_SETUP_PATH } from '../lib/auth';
import { loginPathFor, RETURN_PARAM, safeReturnPath } from '../lib/return-path';
import type { RouteAccess, RouteHandle } from '../lib/route-handle';

/** The access the innermost route declaring one asks for; 'user' when none does. */
export function routeAccess(routes: RouteObject[], pathname: string): RouteAccess {
  const matches = matchRoutes(routes, pathname) ?? [];
  for (let index = matches.length - 1; index >= 0; index--) {
    const access = (matches[index]?.route.handle as RouteHandle | undefined)?.access;
    if (access) return access;
  }
  return 'user';
}

/**
 * docs/http-api.md#sign-in-lifecycle route guard, run as the root loader on every navigation: fetch the user again; a visitor
 * who is not signed in and whose target is not a guest route goes to /auth/login, carrying the target
 * to return to; a signed-in user asking for a guest-only screen goes there, or home. Public routes (/logout-ok) admit everyone.
 *
 * On guest-only and public screens the client's own state decides: someone the client has signed
 * out (logout, a 401/403 on any call) stays there even if GET /api/user still answers, and is not
 * signed back in by it — otherwise a call answering 401 beside a /api/user answering 200 would send
 * the person back and forth between the screen and the sign-in page.
 */
export async function authGuard(request: Request, routes: RouteObject[]) {
  const url = new URL(request.url);
  const access = routeAccess(routes, url.pathname);
  const signedOutHere = access !== 'user' && !clientSignedIn();
  // Whatever GET /api/user would answer here is not used (see above), and for a guest it answers
  // 401, which the browser logs as a console error on the sign-in page (decision 016): it is not asked.
  if (signedOutHere) return null;
  let user: Awaited<ReturnType<typeof fetchUser>>;
  try {
    user = await fetchUser({ signal: request.signal, adopt: !signedOutHere });
  } catch (error) {
    // The server could not say who this is. Screens for visitors still work; a protected screen
    // shows the error page rather than pretending to know.
    if (access !== 'user') return null;
    throw error;
  }
  // The sign-in screen returns to where the person was going (a path of this SPA only).
  if (access === 'guest' && user && !signedOutHere) {
    throw redirect(safeReturnPath(url.searchParams.get(RETURN_PARAM)) ?? '/');
  }
  if (access === 'user' && !user)
    throw redirect(loginPathFor(LOGIN_PATH, url.pathname + url.search + url.hash));
  // Decision 035: a role that requires two-factor sign-in admits only its set-up until it is done.
  if (access === 'user' && user) {
    const pending = user.two_factor_required && !user.two_factor_enabled;
    const onSetup = url.pathname === TWO_FACTOR_SETUP_PATH;
    if (pending && !onSetup) throw redirect(TWO_FACTOR_SETUP_PATH);
    if (!pending && onSetup) throw redirect('/');
  }
  return null;
}

/** For the API client's 401/403 handling: may this path be shown to someone not signed in? */
export function admitsGuests(routes: RouteObject[], pathname: string): boolean {
  return routeAccess(routes, pathname) !== 'user';
}
