import { expect, submitSignIn, test } from '../support/fixtures';
import { resetLinkIn, waitForMail } from '../support/mailbox';
import { forgetful } from '../support/test-users';

test('a forgotten password is reset through the link in the mail', async ({ page }) => {
  const newPassword = 'recordada-e2e-password';

  await page.goto('/auth/login');
  await page.getByRole('link', { name: 'Olvidé mi contraseña' }).click();
  await expect(page).toHaveURL(/\/auth\/forgot-password$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Olvidé mi contraseña' })).toBeVisible();
  await expect(page).toHaveTitle('Olvidé mi contraseña · Gestor');
  await expect(page.getByRole('link', { name: 'Volver a acceder' })).toBeVisible();

  const since = Date.now();
  await page.getByLabel('Correo electrónico').fill(forgetful.email);
  await page.getByRole('button', { name: 'Enviar enlace' }).click();
  await expect(page.getByRole('status')).toContainText(
    'Le hemos enviado por correo electrónico el enlace para restablecer su contraseña.',
  );

  const link = resetLinkIn(await waitForMail(forgetful.email, { since, subject: /restablecer contraseña/ }));
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Restablecer contraseña' })).toBeVisible();
  await expect(page).toHaveTitle('Restablecer contraseña · Gestor');
  await expect(page.getByLabel('Correo electrónico')).toHaveValue(forgetful.email);
  await page.getByLabel('Nueva contraseña').fill(newPassword);
  await page.getByLabel('Confirmar contraseña').fill(newPassword);
  await page.getByRole('button', { name: 'Restablecer contraseña' }).click();

  await expect(page).toHaveURL(/\/auth\/login/);
  await expect(page.getByRole('status')).toContainText('Su contraseña ha sido restablecida.');

  // The old password no longer works…
  await submitSignIn(page, forgetful.email, forgetful.password);
  await expect(page.getByText('Estas credenciales no coinciden con nuestros registros.')).toBeVisible();

  // …the new one does.
  await submitSignIn(page, forgetful.email, newPassword);
  await expect(page.getByRole('heading', { name: `Hola, ${forgetful.name}` })).toBeVisible();

  // The link works once.
  await page.context().clearCookies();
  await page.goto(link);
  await page.getByLabel('Nueva contraseña').fill('otra-e2e-password');
  await page.getByLabel('Confirmar contraseña').fill('otra-e2e-password');
  await page.getByRole('button', { name: 'Restablecer contraseña' }).click();
  await expect(page.getByRole('alert')).toContainText('Este enlace no es válido o ha caducado.');
});
