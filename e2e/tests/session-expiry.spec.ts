import { expect, signIn, test } from '../support/fixtures';
import { editor } from '../support/test-users';

test('a session that ends while the app is open sends the user to the sign-in page', async ({ page }) => {
  await signIn(page, editor);

  // The server-side session is gone (expired, or ended elsewhere); the SPA still shows the user.
  await page.context().clearCookies({ name: 'gestor_session' });

  await page
    .getByRole('navigation', { name: 'Menú principal' })
    .getByRole('link', { name: 'Inicio', exact: true })
    .click();

  await expect(page).toHaveURL(/\/auth\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Acceder' })).toBeVisible();
});
