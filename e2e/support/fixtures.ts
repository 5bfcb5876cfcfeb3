import { type Browser, test as base, expect, type Page } from '@playwright/test';
import { e2eEnvironment } from './environment';
import { apiCreate } from './pages';
import { useSession } from './sessions';
import { admin, type TestUser } from './test-users';

// Every spec imports `test` and `expect` from here: the base URL of the server the global setup
// started, the sign-in steps a person takes (`signIn`), and the shared accounts' saved sessions for
// tests that only need someone signed in (`useSession`, sessions.ts).

export const test = base.extend({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
  baseURL: async ({}, use) => {
    await use(e2eEnvironment().baseURL);
  },
});

export { expect, useSession };

/** Fills in the sign-in form and submits it (whatever the outcome). */
export async function submitSignIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Acceder', exact: true }).click();
}

/** Signs in from the sign-in screen and waits for the home page greeting. */
export async function signIn(page: Page, user: TestUser): Promise<void> {
  await page.goto('/auth/login');
  await submitSignIn(page, user.email, user.password);
  await expect(page.getByRole('heading', { name: `Hola, ${user.name}` })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
}

/**
 * Runs `work` with the administrator's session in a browser context of its own, then closes it: what
 * a test prepares through the API before a person looks (no screen is drawn).
 */
export async function asAdministrator<T>(
  browser: Browser,
  baseURL: string,
  work: (page: Page) => Promise<T>,
): Promise<T> {
  const context = await browser.newContext({ baseURL, locale: 'es-ES' });
  try {
    const page = await context.newPage();
    await useSession(page, admin, { visit: false });
    return await work(page);
  } finally {
    await context.close();
  }
}

/** Makes, with the administrator's page, an active person holding `role` (signs in with the password returned). */
async function createPerson(
  page: Page,
  baseURL: string,
  name: string,
  role: string,
): Promise<TestUser & { id: number }> {
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  const person: TestUser = {
    name,
    // "Inés" → ines-…: an address of plain letters.
    email: `${name
      .split(' ')[0]!
      .normalize('NFD')
      .replace(/[^A-Za-z]/g, '')
      .toLowerCase()}-${suffix}@e2e.test`,
    password: 'lectora-e2e-password',
    role: 'lector',
    roleLabel: 'Lector',
  };
  const { id } = await apiCreate<{ id: number }>(page, baseURL, '/api/users', {
    name: person.name,
    email: person.email,
    password: person.password,
    roles: [role],
    active: true,
  });
  return { ...person, id };
}

/**
 * A person of the test's own, a reader unless `role` says otherwise, made by the administrator through
 * the API in a context of its own: Mi cuenta's specs change her name, password, passkeys, second factor.
 */
export function newReader(
  browser: Browser,
  baseURL: string,
  name: string,
  role = 'lector',
): Promise<TestUser & { id: number }> {
  return asAdministrator(browser, baseURL, (page) => createPerson(page, baseURL, name, role));
}

/**
 * A person whose one role holds exactly `permissions` (made by the administrator through the API):
 * the tasks of one job, done without the administrator's reach.
 */
export function newPersonWith(
  browser: Browser,
  baseURL: string,
  name: string,
  permissions: readonly string[],
): Promise<TestUser & { id: number }> {
  return asAdministrator(browser, baseURL, async (page) => {
    const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
    const role = `rol-${suffix}`;
    await apiCreate(page, baseURL, '/api/roles', { name: role, label: `${name} ${suffix}`, permissions });
    return createPerson(page, baseURL, name, role);
  });
}
