import { expect, signIn, test } from '../support/fixtures';
import { editor } from '../support/test-users';

test.describe('Cerrar sesión', () => {
  test('from the user menu goes to the sign-in page, and the home page then needs signing in again', async ({
    page,
  }) => {
    await signIn(page, editor);

    await page.getByRole('button', { name: 'Menú de usuario' }).click();
    await page.getByRole('menuitem', { name: 'Cerrar sesión', exact: true }).click();

    await expect(page).toHaveURL(/\/auth\/login$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Acceder' })).toBeVisible();

    await page.goto('/');
    await expect(page).toHaveURL(/\/auth\/login$/);
  });

  test('on a shared computer goes to the "session closed" page', async ({ page }) => {
    await signIn(page, editor);

    await page.getByRole('button', { name: 'Menú de usuario' }).click();
    await page.getByRole('menuitem', { name: 'Cerrar sesión en un equipo compartido' }).click();

    await expect(page).toHaveURL(/\/logout-ok$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Sesión cerrada' })).toBeVisible();
    await expect(page.getByText('Ha cerrado la sesión correctamente.')).toBeVisible();
    await expect(page).toHaveTitle('Sesión cerrada · Gestor');

    await page.getByRole('link', { name: 'Volver a acceder' }).click();
    await expect(page).toHaveURL(/\/auth\/login$/);

    await page.goto('/');
    await expect(page).toHaveURL(/\/auth\/login$/);
  });

  test('after the session ended on the server still signs out and goes to the sign-in page', async ({
    page,
  }) => {
    await signIn(page, editor);

    // The server-side session is gone: POST /api/logout now answers 419 (no session for the CSRF token).
    await page.context().clearCookies({ name: 'gestor_session' });
    const logoutAnswer = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/logout',
    );

    await page.getByRole('button', { name: 'Menú de usuario' }).click();
    await page.getByRole('menuitem', { name: 'Cerrar sesión', exact: true }).click();

    expect((await logoutAnswer).ok()).toBe(false);
    await expect(page).toHaveURL(/\/auth\/login$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Acceder' })).toBeVisible();

    await page.goto('/');
    await expect(page).toHaveURL(/\/auth\/login$/);
  });
});
