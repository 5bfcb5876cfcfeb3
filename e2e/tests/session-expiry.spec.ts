import { expect, signIn, test } from '../support/fixtures';
import { admin, editor } from '../support/test-users';

test('a session that ends while the app is open sends the user to the sign-in page', async ({ page }) => {
  await signIn(page, editor);

  // The server-side session is gone (expired, or ended elsewhere); the SPA still shows the user.
  await page.context().clearCookies({ name: 'gestor_session' });

  await page
    .getByRole('navigation', { name: 'Menú principal' })
    .getByRole('link', { name: 'Inicio', exact: true })
    .click();

  // The sign-in page keeps where the person was, to return there.
  await expect(page).toHaveURL(/\/auth\/login(\?redirect=[^&]*)?$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Acceder' })).toBeVisible();
});

test('a list answering 401 while /api/user still answers sends the user to the sign-in page once, and it stays', async ({
  page,
}) => {
  await signIn(page, admin);

  // The user endpoint keeps saying "signed in"; the list call says otherwise.
  const userListCalls: string[] = [];
  await page.route(/\/api\/users(\?|$)/, async (route) => {
    userListCalls.push(route.request().url());
    await route.fulfill({
      status: 401,
      contentType: 'application/json',
      body: '{"message":"No autenticado."}',
    });
  });
  const userCalls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/user') userCalls.push(request.url());
  });
  let navigations = 0;
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) navigations++;
  });

  await page
    .getByRole('navigation', { name: 'Menú principal' })
    .getByRole('link', { name: 'Usuarios', exact: true })
    .click();

  // The sign-in page keeps where the person was, to return there.
  await expect(page).toHaveURL(/\/auth\/login(\?redirect=[^&]*)?$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Acceder' })).toBeVisible();
  // Still there a moment later: no bouncing between the list and the sign-in page.
  await page.waitForTimeout(1500);
  // The sign-in page keeps where the person was, to return there.
  await expect(page).toHaveURL(/\/auth\/login(\?redirect=[^&]*)?$/);
  expect(userListCalls.length, 'calls to the list').toBeLessThanOrEqual(2);
  expect(userCalls.length, 'calls to /api/user').toBeLessThanOrEqual(3);
  expect(navigations, 'navigations').toBeLessThanOrEqual(3);
});
