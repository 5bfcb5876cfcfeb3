import { expect, signIn, submitSignIn, test } from '../support/fixtures';
import { editor, throttled } from '../support/test-users';

test.describe('Acceder', () => {
  test('a valid account lands on the home page with its name and role', async ({ page }) => {
    await page.goto('/auth/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Acceder' })).toBeVisible();
    await expect(page).toHaveTitle('Acceder · Gestor');

    await submitSignIn(page, editor.email, editor.password);

    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: `Hola, ${editor.name}` })).toBeVisible();
    await expect(page.getByText(`Ha accedido como ${editor.roleLabel}.`)).toBeVisible();
  });

  test('wrong credentials show the error and the field message, and stay on the sign-in page', async ({
    page,
  }) => {
    await page.goto('/auth/login');
    await submitSignIn(page, 'nadie@e2e.test', 'no-es-la-contraseña');

    await expect(page.getByRole('alert')).toContainText('Error al intentar iniciar sesión');
    await expect(page.getByText('Estas credenciales no coinciden con nuestros registros.')).toBeVisible();
    await expect(page).toHaveURL(/\/auth\/login$/);
  });

  test('after five failed attempts even the right password is refused for a while', async ({ page }) => {
    await page.goto('/auth/login');
    for (let attempt = 1; attempt <= 5; attempt++) {
      await submitSignIn(page, throttled.email, `equivocada-${attempt}`);
      await expect(page.getByText('Estas credenciales no coinciden con nuestros registros.')).toBeVisible();
    }

    await submitSignIn(page, throttled.email, throttled.password);

    await expect(
      page.getByText(/Demasiados intentos de acceso\. Por favor intente nuevamente en \d+ segundos\./),
    ).toBeVisible();
    await expect(page.getByRole('alert')).toContainText('Error al intentar iniciar sesión');
    await expect(page).toHaveURL(/\/auth\/login$/);
  });

  test('a guest who opens the home page is sent to the sign-in page', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/auth\/login$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Acceder' })).toBeVisible();
  });

  test('a signed-in user who opens the guest-only screens is sent home', async ({ page }) => {
    await signIn(page, editor);

    await page.goto('/auth/login');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: `Hola, ${editor.name}` })).toBeVisible();

    await page.goto('/auth/forgot-password');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: `Hola, ${editor.name}` })).toBeVisible();
  });
});
