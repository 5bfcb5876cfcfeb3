import type { Browser, Page } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { expect, newReader, signIn, test } from '../support/fixtures';
import { waitForMail } from '../support/mailbox';
import { shot } from '../support/pages';
import type { TestUser } from '../support/test-users';

// "Mi cuenta" (issue 21): a reader (no permission at all) changes her name and password by keyboard,
// sees her sessions and ends the one on another computer.

const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0';

/** The same person in another browser (Firefox on a Linux computer), signed in. */
async function secondComputer(browser: Browser, baseURL: string, person: TestUser): Promise<Page> {
  const context = await browser.newContext({
    baseURL,
    locale: 'es-ES',
    timezoneId: 'Europe/Madrid',
    userAgent: FIREFOX_LINUX,
  });
  const page = await context.newPage();
  await signIn(page, person);
  return page;
}

/** Whether the page's next navigation still finds the person signed in: the home page, or the sign-in. */
async function stillSignedIn(page: Page): Promise<boolean> {
  await page.goto('/');
  const home = page.getByRole('heading', { level: 1, name: /^Hola, / });
  const signInPage = page.getByRole('heading', { level: 1, name: 'Acceder' });
  await expect(home.or(signInPage)).toBeVisible();
  return home.isVisible();
}

test('a person changes her name and password and ends another computer’s session', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const person = await newReader(browser, baseURL!, 'Carmen Cuenta');
  const other = await secondComputer(browser, baseURL!, person);

  await signIn(page, person);
  await page.getByRole('button', { name: 'Menú de usuario' }).click();
  await page.getByRole('menuitem', { name: 'Mi cuenta' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Mi cuenta' })).toBeVisible();

  // Her sessions: this one, and Firefox on Linux (the other computer).
  const sessions = page.getByRole('region', { name: 'Sesiones abiertas' });
  await expect(sessions.getByText('este dispositivo')).toBeVisible();
  await expect(sessions.getByRole('listitem').filter({ hasText: 'Firefox en Linux' })).toBeVisible();
  await expectAccessible(page, 'Mi cuenta (1280)');
  await shot(page, 'account-1280');

  // The name, by keyboard: into the field, type, Enter.
  const name = page.getByLabel('Nombre', { exact: true });
  await name.focus();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('Carmen Cuenta Ruiz');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Sus datos se han guardado.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Menú de usuario' })).toContainText('Carmen Cuenta Ruiz');

  // End the other computer's session from here.
  await sessions.getByRole('button', { name: /Cerrar la sesión de Firefox en Linux/ }).click();
  await expect(page.getByText('Sesión cerrada: Firefox en Linux.')).toBeVisible();
  await expect(sessions.getByRole('listitem').filter({ hasText: 'Firefox en Linux' })).toHaveCount(0);
  expect(await stillSignedIn(other)).toBe(false);

  // The other computer signs in again; a wrong current password is refused, then the change ends it.
  await signIn(other, { ...person, name: 'Carmen Cuenta Ruiz' });
  await page.reload();
  await expect(sessions.getByRole('listitem').filter({ hasText: 'Firefox en Linux' })).toBeVisible();
  const passwordForm = page.getByRole('region', { name: 'Contraseña' });
  await passwordForm.getByLabel('Contraseña actual').fill('no-es-la-mia');
  await passwordForm.getByLabel('Nueva contraseña', { exact: true }).fill('una-clave-nueva-de-carmen');
  await passwordForm.getByLabel('Confirmar la nueva contraseña').fill('una-clave-nueva-de-carmen');
  await page.keyboard.press('Enter');
  await expect(passwordForm.getByText('La contraseña actual no es correcta.')).toBeVisible();
  await expect(passwordForm.getByLabel('Contraseña actual')).toBeFocused();

  await passwordForm.getByLabel('Contraseña actual').fill(person.password);
  await passwordForm.getByLabel('Contraseña actual').press('Enter');
  await expect(
    page.getByText('Su contraseña se ha cambiado. Las demás sesiones se han cerrado.'),
  ).toBeVisible();
  await expect(sessions.getByRole('listitem').filter({ hasText: 'Firefox en Linux' })).toHaveCount(0);
  await expect(passwordForm.getByLabel('Contraseña actual')).toHaveValue('');
  expect(await stillSignedIn(other)).toBe(false);
  expect(await stillSignedIn(page)).toBe(true);

  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/account');
  await expect(page.getByRole('heading', { level: 1, name: 'Mi cuenta' })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expectAccessible(page, 'Mi cuenta (375)');
  await shot(page, 'account-375');

  // The new password is the one that signs in now.
  await signIn(other, {
    ...person,
    name: 'Carmen Cuenta Ruiz',
    password: 'una-clave-nueva-de-carmen',
  });
  await other.context().close();
});

test('a person changes her email: the password, a link to the new address, then she signs in with it', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const person = await newReader(browser, baseURL!, 'Carmen Cuenta');
  const newEmail = person.email.replace('carmen-', 'carmen.nueva-');
  await signIn(page, person);
  await page.goto('/account');

  const profile = page.getByRole('region', { name: 'Datos personales' });
  await profile.getByLabel('Correo electrónico').fill(newEmail);
  // Only a change of email asks for the password.
  const password = profile.getByLabel('Contraseña actual');
  await expect(password).toBeVisible();
  const since = Date.now();
  await profile.getByRole('button', { name: 'Guardar' }).click();
  await expect(password).toBeFocused();
  await expect(
    profile.getByText('Para cambiar el correo electrónico, escriba su contraseña actual.'),
  ).toBeVisible();
  await password.fill(person.password);
  await password.press('Enter');
  await expect(profile.getByText(`Le hemos enviado a ${newEmail} un enlace`)).toBeVisible();
  await expect(profile.getByText(`Cambio de correo pendiente: confirme ${newEmail}`)).toBeVisible();
  // Until then the account keeps its address.
  await expect(profile.getByLabel('Correo electrónico')).toHaveValue(person.email);
  await expectAccessible(page, 'Mi cuenta, cambio de correo pendiente');

  const notice = await waitForMail(person.email, { since, subject: /cambio de correo/ });
  expect(notice.text).toContain(newEmail);
  const mail = await waitForMail(newEmail, { since });
  const link = mail.text.match(/https?:\/\/[^\s"<>]+\/account\/confirm-email\/[A-Za-z0-9_-]+/)?.[0];
  expect(link, mail.text).toBeTruthy();

  await page.goto(new URL(link!).pathname);
  await expect(page.getByText(`Su correo electrónico es ahora ${newEmail}.`)).toBeVisible();
  await expectAccessible(page, 'Confirmar el correo electrónico');
  await page.getByRole('link', { name: 'Volver a Mi cuenta' }).click();
  await expect(profile.getByLabel('Correo electrónico')).toHaveValue(newEmail);
  await expect(profile.getByText('Cambio de correo pendiente')).toHaveCount(0);

  const other = await browser.newContext({ baseURL, locale: 'es-ES' });
  await signIn(await other.newPage(), { ...person, email: newEmail });
  await other.close();
});
