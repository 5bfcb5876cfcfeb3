import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { devices, expect, type Page, request } from '@playwright/test';
import { e2eEnvironment } from './environment';
import { admin, editor, type TestUser } from './test-users';

// Signing in costs a password hash on the server and two screens in the browser, and most tests
// only need to be someone: the global setup signs in once per shared account and saves the
// cookies (Playwright's storageState); `useSession` puts them in a test's browser. Tests about
// signing in, out or ending sessions sign in through the form (fixtures.ts `signIn`) with a session
// of their own: signing out of the shared one would end it for every test after.

/** The accounts whose session is shared; nobody signs them out, changes their password or ends their sessions. */
export const SHARED_SESSION_USERS: readonly TestUser[] = [admin, editor];

function sessionFile(directory: string, user: TestUser): string {
  return path.join(directory, `session-${user.role}.json`);
}

/**
 * Signs each shared account in through the API, as the SPA does (the CSRF cookie, then POST
 * /api/login from the server's own origin with a browser's user agent), and saves its cookies.
 */
export async function saveSharedSessions(baseURL: string, directory: string): Promise<void> {
  for (const user of SHARED_SESSION_USERS) {
    const context = await request.newContext({
      baseURL,
      userAgent: devices['Desktop Chrome'].userAgent,
      extraHTTPHeaders: { Accept: 'application/json', Origin: baseURL, Referer: `${baseURL}/` },
    });
    try {
      await context.get('/sanctum/csrf-cookie');
      const xsrf = (await context.storageState()).cookies.find((cookie) => cookie.name === 'XSRF-TOKEN');
      const response = await context.post('/api/login', {
        data: { email: user.email, password: user.password },
        headers: { 'X-XSRF-TOKEN': decodeURIComponent(xsrf?.value ?? '') },
      });
      if (response.status() !== 204) {
        throw new Error(`Sign-in as ${user.email} failed: ${response.status()} ${await response.text()}`);
      }
      await context.storageState({ path: sessionFile(directory, user) });
    } finally {
      await context.dispose();
    }
  }
}

/**
 * The page's browser signed in, then at home, as `signIn` leaves it: a shared account (admin or
 * editor) with the session saved by the global setup; anyone else through the API in the page's own
 * context, as the SPA signs in (one request, no screens). For a test that needs someone signed in,
 * not the act of signing in (that is `signIn`, through the form).
 *
 * `{ visit: false }` stops before home: for a test whose next screen is a `goto` of its own, or that
 * only calls the API with the session (apiCreate). Home is the dashboard, the heaviest screen to
 * draw (about 2 s of Chromium's CPU on a 2-core runner), and that test would never look at it.
 */
export async function useSession(page: Page, user: TestUser, { visit = true } = {}): Promise<void> {
  if (SHARED_SESSION_USERS.includes(user)) {
    const state = JSON.parse(await readFile(sessionFile(e2eEnvironment().sessionsDir, user), 'utf8')) as {
      cookies: Parameters<ReturnType<Page['context']>['addCookies']>[0];
    };
    await page.context().addCookies(state.cookies);
  } else {
    await signInThroughApi(page, user);
  }
  if (!visit) return;
  await page.goto('/');
  await expect(page.getByRole('heading', { name: `Hola, ${user.name}` })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
}

/** POST /api/login from the page's context (its cookies are the browser's), with the CSRF token. */
async function signInThroughApi(page: Page, user: TestUser): Promise<void> {
  const origin = new URL(e2eEnvironment().baseURL).origin;
  await page.request.get(`${origin}/sanctum/csrf-cookie`);
  const xsrf = (await page.context().cookies(origin)).find((cookie) => cookie.name === 'XSRF-TOKEN');
  const response = await page.request.post(`${origin}/api/login`, {
    data: { email: user.email, password: user.password },
    headers: {
      Accept: 'application/json',
      Origin: origin,
      Referer: `${origin}/`,
      'X-XSRF-TOKEN': decodeURIComponent(xsrf?.value ?? ''),
    },
  });
  if (response.status() !== 204) {
    throw new Error(`Sign-in as ${user.email} failed: ${response.status()} ${await response.text()}`);
  }
}
