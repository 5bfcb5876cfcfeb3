import type { CDPSession, Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { expectAccessible } from '../support/axe';
import { expect, newReader, signIn, submitSignIn, test } from '../support/fixtures';
import { sessionHeaders, shot } from '../support/pages';

// Passkeys (issue 21, decision 036): a reader adds one in Mi cuenta with Chromium's virtual
// authenticator (a platform authenticator that verifies the person), signs out, and signs in with it
// alone, by keyboard; then removes it, and it no longer opens the door.

/** Chromium's virtual authenticator (DevTools protocol): a phone's or laptop's built-in one. */
async function virtualAuthenticator(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

test('a reader adds a passkey, signs in with it alone, and removes it', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const person = await newReader(browser, baseURL!, 'Pilar Llave');
  const { cdp, authenticatorId } = await virtualAuthenticator(page);

  await signIn(page, person);
  await page.goto('/account#llaves');
  const card = page.getByRole('region', { name: 'Llaves de acceso' });
  await expect(card.getByText('Todavía no tiene ninguna llave de acceso.')).toBeVisible();
  await card.getByRole('button', { name: 'Añadir llave de acceso' }).click();

  // A wrong password is refused before the browser is asked for anything.
  const form = card.getByRole('form', { name: 'Añadir llave de acceso' });
  await expect(form.getByLabel('Contraseña actual')).toBeFocused();
  await form.getByLabel('Nombre de la llave').fill('Portátil del trabajo');
  await form.getByLabel('Contraseña actual').fill('no-es-esta');
  await form.getByLabel('Contraseña actual').press('Enter');
  await expect(form.getByText('La contraseña actual no es correcta.')).toBeVisible();
  await expectAccessible(page, 'Mi cuenta, añadir llave de acceso (1280)');

  await form.getByLabel('Contraseña actual').fill(person.password);
  await form.getByLabel('Contraseña actual').press('Enter');
  await expect(card.getByText('Llave de acceso añadida: Portátil del trabajo.')).toBeVisible();
  const item = card.getByRole('listitem').filter({ hasText: 'Portátil del trabajo' });
  await expect(item).toContainText('todavía sin usar');
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]!.isResidentCredential).toBe(true);
  await expectAccessible(page, 'Mi cuenta, llaves de acceso (1280)');
  await shot(page, 'passkeys-1280');
  await page.setViewportSize({ width: 375, height: 800 });
  await expectAccessible(page, 'Mi cuenta, llaves de acceso (375)');
  await shot(page, 'passkeys-375');

  // Rename it by keyboard.
  await item.getByRole('button', { name: 'Cambiar el nombre de Portátil del trabajo' }).click();
  const rename = card.getByLabel('Nombre de la llave');
  await expect(rename).toBeFocused();
  await rename.fill('Portátil');
  await rename.press('Enter');
  await expect(card.getByText('Llave de acceso renombrada: Portátil.')).toBeVisible();

  // Sign out, then in with the passkey alone: no email, no password.
  await page.getByRole('button', { name: 'Menú de usuario' }).click();
  await page.getByRole('menuitem', { name: 'Cerrar sesión', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Acceder' })).toBeVisible();
  await expectAccessible(page, 'Acceder, con llave de acceso (375)');
  await shot(page, 'login-passkey-375');
  await page.setViewportSize({ width: 1280, height: 800 });
  await expectAccessible(page, 'Acceder, con llave de acceso (1280)');
  const passkeyButton = page.getByRole('button', { name: 'Acceder con llave de acceso' });
  await passkeyButton.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: /^Hola, Pilar/ })).toBeVisible();

  await page.goto('/account#llaves');
  await expect(card.getByRole('listitem').filter({ hasText: 'Portátil' })).toContainText('último uso el');

  // Removed: the authenticator still holds it, but Gestor no longer knows it.
  await card.getByRole('button', { name: 'Eliminar Portátil' }).click();
  const dialog = page.getByRole('dialog', { name: 'Eliminar llave de acceso' });
  await expectAccessible(page, 'Eliminar llave de acceso');
  await dialog.getByRole('button', { name: 'Eliminar' }).click();
  await expect(card.getByText('Llave de acceso eliminada: Portátil.')).toBeVisible();
  await page.getByRole('button', { name: 'Menú de usuario' }).click();
  await page.getByRole('menuitem', { name: 'Cerrar sesión', exact: true }).click();
  await passkeyButton.click();
  await expect(page.getByText('Esta llave de acceso no está registrada en Gestor.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Acceder' })).toBeVisible();
});

test('with the second factor on, a passkey can answer the second step instead of a code', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const person = await newReader(browser, baseURL!, 'Inés Dospasos');
  await virtualAuthenticator(page);
  await signIn(page, person);

  // The second factor, set up through the API as Mi cuenta does (its screens have their own spec);
  // the phone's app is the `otpauth` package.
  const headers = await sessionHeaders(page, baseURL!);
  const post = (path: string, data?: object) => page.request.post(path, { headers, data });
  expect((await post('/api/user/confirm-password', { password: person.password })).status()).toBe(201);
  expect((await post('/api/user/two-factor-authentication')).status()).toBe(200);
  const { secretKey } = (await (
    await page.request.get('/api/user/two-factor-secret-key', { headers })
  ).json()) as { secretKey: string };
  const code = new TOTP({ secret: Secret.fromBase32(secretKey) }).generate();
  expect((await post('/api/user/confirmed-two-factor-authentication', { code })).status()).toBe(200);

  // A passkey, added on screen.
  await page.goto('/account#llaves');
  const card = page.getByRole('region', { name: 'Llaves de acceso' });
  await card.getByRole('button', { name: 'Añadir llave de acceso' }).click();
  const form = card.getByRole('form', { name: 'Añadir llave de acceso' });
  await form.getByLabel('Contraseña actual').fill(person.password);
  await form.getByLabel('Contraseña actual').press('Enter');
  await expect(card.getByText(/^Llave de acceso añadida/)).toBeVisible();

  // Password, then the passkey instead of the six digits, by keyboard.
  await page.getByRole('button', { name: 'Menú de usuario' }).click();
  await page.getByRole('menuitem', { name: 'Cerrar sesión', exact: true }).click();
  // Mi cuenta has fields of the same names: the form is filled once the sign-in screen is there.
  await expect(page.getByRole('heading', { level: 1, name: 'Acceder' })).toBeVisible();
  await submitSignIn(page, person.email, person.password);
  await expect(page.getByRole('heading', { level: 1, name: 'Verificación en dos pasos' })).toBeVisible();
  await page.setViewportSize({ width: 375, height: 800 });
  await expectAccessible(page, 'Verificación en dos pasos, con llave de acceso (375)');
  await page.setViewportSize({ width: 1280, height: 800 });
  await expectAccessible(page, 'Verificación en dos pasos, con llave de acceso (1280)');
  await page.getByRole('button', { name: 'Usar una llave de acceso' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: /^Hola, Inés/ })).toBeVisible();
});
