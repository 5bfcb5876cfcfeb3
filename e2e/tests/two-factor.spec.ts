import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { expectAccessible } from '../support/axe';
import { expect, newReader, signIn, submitSignIn, test } from '../support/fixtures';
import { waitForMail } from '../support/mailbox';
import { SAVED, shot } from '../support/pages';
import { admin } from '../support/test-users';

// Two-factor sign-in (issue 21, decision 035): a reader "scans" the QR code by reading the secret as
// text into an authenticator (the `otpauth` package stands for the phone), signs out, signs in with a
// code typed by keyboard, then with a recovery code; a role that requires it sends its holder to the
// set-up before anything else, and an administrator resets it.

/** The code the phone's app shows now, `steps` periods away. */
const codeOf = (secret: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({
    timestamp: Date.now() + steps * 30_000,
  });

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Menú de usuario' }).click();
  await page.getByRole('menuitem', { name: 'Cerrar sesión', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Acceder' })).toBeVisible();
}

/** Activates the second factor from the section on screen; returns the secret read and the recovery codes. */
async function activate(
  page: Page,
  password: string,
  label: string,
): Promise<{ secret: string; codes: string[] }> {
  const section = page.getByRole('region', { name: 'Verificación en dos pasos' });
  await section.getByRole('button', { name: 'Activar' }).click();
  // Laravel's password.confirm: asked once, in a dialog.
  const dialog = page.getByRole('dialog', { name: 'Confirme su contraseña' });
  await expect(dialog).toBeVisible();
  await expectAccessible(page, `Confirmar la contraseña (${label})`);
  await dialog.getByLabel('Contraseña').fill(password);
  await dialog.getByLabel('Contraseña').press('Enter');
  await expect(dialog).toBeHidden();

  const qr = section.getByRole('img', { name: /Código QR/ });
  await expect(qr).toBeVisible();
  // The SVG as a data URL drew (CSP img-src admits data:).
  expect(await qr.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
  const grouped = (await section.locator('.account-secret').textContent()) ?? '';
  expect(grouped).toMatch(/^([A-Z2-7]{4} )+[A-Z2-7]{1,4}$/);
  const secret = grouped.replace(/\s+/g, '');
  await expectAccessible(page, `Activar la verificación en dos pasos (${label})`);
  await shot(page, `two-factor-setup-${label}`);

  const code = section.getByLabel('Código de la aplicación');
  await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
  await code.fill('000000');
  await code.press('Enter');
  await expect(section.getByText('El código de verificación no es válido.')).toBeVisible();
  await code.fill(codeOf(secret, -1));
  await code.press('Enter');
  await expect(section.getByText('La verificación en dos pasos está activada.')).toBeVisible();
  const list = section.getByRole('list', { name: 'Códigos de recuperación' });
  await expect(list.getByRole('listitem')).toHaveCount(10);
  const codes = (await list.getByRole('listitem').allTextContents()).map((text) => text.trim());
  await expect(section.getByRole('button', { name: 'Descargar (.txt)' })).toBeVisible();
  await expect(section.getByRole('button', { name: 'Copiar' })).toBeVisible();
  await expectAccessible(page, `Códigos de recuperación (${label})`);
  return { secret, codes };
}

test('a person enables two-factor sign-in, then signs in with a code and with a recovery code', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const person = await newReader(browser, baseURL!, 'Dolores Dospasos');
  await signIn(page, person);
  await page.goto('/account#dos-pasos');
  const section = page.getByRole('region', { name: 'Verificación en dos pasos' });
  await expect(section.getByText('desactivada')).toBeVisible();

  // The download hands over a .txt with the ten codes.
  const { secret, codes } = await activate(page, person.password, '1280');
  const downloading = page.waitForEvent('download');
  await section.getByRole('button', { name: 'Descargar (.txt)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('codigos-de-recuperacion.txt');
  const saved = await readFile((await download.path())!, 'utf8');
  expect(saved.trim().split('\n')).toEqual(codes);
  await section.getByRole('button', { name: 'Ya los he guardado' }).click();
  await expect(section.getByText('activada', { exact: true })).toBeVisible();
  await expect(section.getByRole('button', { name: 'Generar nuevos códigos' })).toBeVisible();
  await expect(section.getByRole('button', { name: 'Desactivar' })).toBeVisible();

  // Signed out, back in: the password, then the code step, by keyboard only.
  await signOut(page);
  await submitSignIn(page, person.email, person.password);
  await expect(page.getByRole('heading', { level: 1, name: 'Verificación en dos pasos' })).toBeVisible();
  const code = page.getByLabel('Código de verificación');
  await expect(code).toBeFocused();
  await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(code).toHaveAttribute('inputmode', 'numeric');
  await expectAccessible(page, 'Código de verificación (1280)');
  await shot(page, 'two-factor-challenge-1280');
  await page.keyboard.type('123456');
  await page.keyboard.press('Enter');
  await expect(page.getByText('El código de verificación no es válido.')).toBeVisible();
  await expect(code).toBeFocused();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(codeOf(secret));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: `Hola, ${person.name}` })).toBeVisible();

  // And with a recovery code, reaching the switch with Tab.
  await signOut(page);
  await page.setViewportSize({ width: 375, height: 800 });
  await submitSignIn(page, person.email, person.password);
  await expect(page.getByLabel('Código de verificación')).toBeFocused();
  await expectAccessible(page, 'Código de verificación (375)');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  let reached = false;
  for (let tab = 0; tab < 6 && !reached; tab++) {
    await page.keyboard.press('Tab');
    reached = await page
      .getByRole('button', { name: 'Usar un código de recuperación' })
      .evaluate((element) => element === document.activeElement);
  }
  expect(reached).toBe(true);
  await page.keyboard.press('Enter');
  const recovery = page.getByLabel('Código de recuperación');
  await expect(recovery).toBeFocused();
  await expectAccessible(page, 'Código de recuperación (375)');
  await shot(page, 'two-factor-recovery-375');
  await page.keyboard.type(codes[0]!);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: `Hola, ${person.name}` })).toBeVisible();

  await page.goto('/account#dos-pasos');
  await expect(
    page.getByRole('region', { name: 'Verificación en dos pasos' }).getByText('activada', { exact: true }),
  ).toBeVisible();
  await expectAccessible(page, 'Mi cuenta con la verificación activada (375)');
});

test('a role that requires it sends its holder to the set-up first; an administrator resets it', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  // The administrator ticks "Exigir verificación en dos pasos" in a new role's form.
  const adminContext = await browser.newContext({ baseURL, locale: 'es-ES' });
  const adminPage = await adminContext.newPage();
  await signIn(adminPage, admin);
  const roleName = `exige-${Date.now().toString(36)}`;
  await adminPage.goto('/role/create');
  // Issue 30: the name people read first; the identifier under "Avanzado".
  await adminPage.getByLabel('Nombre', { exact: true }).fill('Con dos pasos');
  await adminPage.getByText('Avanzado', { exact: true }).click();
  await adminPage.getByLabel('Identificador', { exact: true }).fill(roleName);
  await adminPage.getByLabel('Exigir verificación en dos pasos').check();
  await adminPage.getByRole('button', { name: 'Guardar' }).click();
  await expect(adminPage.getByText(SAVED)).toBeVisible();

  const person = await newReader(browser, baseURL!, 'Dolores Dospasos', roleName);
  await page.goto('/auth/login');
  await submitSignIn(page, person.email, person.password);
  await expect(page).toHaveURL(/\/account\/two-factor-setup$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Active la verificación en dos pasos' }),
  ).toBeVisible();
  // Nothing else is reachable until it is done.
  await page.goto('/account');
  await expect(page).toHaveURL(/\/account\/two-factor-setup$/);
  await expectAccessible(page, 'Verificación obligatoria (1280)');
  await shot(page, 'two-factor-required-1280');
  await page.setViewportSize({ width: 375, height: 800 });
  await expectAccessible(page, 'Verificación obligatoria (375)');
  await page.setViewportSize({ width: 1280, height: 800 });

  await activate(page, person.password, 'obligatoria');
  await page.getByRole('button', { name: 'Ya los he guardado' }).click();
  await expect(page.getByRole('heading', { name: `Hola, ${person.name}` })).toBeVisible();

  // The administrator resets it from the user's edit screen; the person is told by mail.
  const since = Date.now();
  await adminPage.goto(`/user/${person.id}`);
  const reset = adminPage.getByRole('button', { name: 'Restablecer verificación en dos pasos' });
  await reset.click();
  const dialog = adminPage.getByRole('dialog', { name: 'Restablecer verificación en dos pasos' });
  await expectAccessible(adminPage, 'Restablecer verificación en dos pasos');
  await dialog.getByRole('button', { name: 'Restablecer' }).click();
  await expect(adminPage.getByText(/Se ha restablecido la verificación en dos pasos de/)).toBeVisible();
  await expect(reset).toHaveCount(0);
  const mail = await waitForMail(person.email, { since });
  // The subject travels MIME-encoded (RFC 2047); the body says what happened.
  expect(mail.subject).toBe('Gestor: se ha restablecido su verificación en dos pasos');
  expect(mail.text).toContain('Un administrador ha restablecido la verificación en dos pasos');
  await adminContext.close();

  // Her role still requires it: the next navigation sends her back to the set-up.
  await page.goto('/');
  await expect(page).toHaveURL(/\/account\/two-factor-setup$/);
});
