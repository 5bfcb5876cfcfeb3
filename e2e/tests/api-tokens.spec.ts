import { request as playwrightRequest } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { expect, signIn, test, useSession } from '../support/fixtures';
import { apiCreate, shot } from '../support/pages';
import { admin, type TestUser } from '../support/test-users';

// API tokens (issue 21, decision 037): an editor makes a token in Mi cuenta, a program uses it as
// `Authorization: Bearer` (no cookie, no CSRF), she revokes it, and the program is refused.

test('a token made in Mi cuenta opens the API until it is revoked', async ({ page, browser, baseURL }) => {
  test.setTimeout(150_000);
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  const person: TestUser = {
    name: 'Teresa Token',
    email: `teresa-${suffix}@e2e.test`,
    password: 'token-e2e-password',
    role: 'editor',
    roleLabel: 'Editor',
  };
  const adminContext = await browser.newContext({ baseURL, locale: 'es-ES', timezoneId: 'Europe/Madrid' });
  const adminPage = await adminContext.newPage();
  await useSession(adminPage, admin, { visit: false });
  const { name, email, password } = person;
  const created = await apiCreate<{ id: number }>(adminPage, baseURL!, '/api/users', {
    name,
    email,
    password,
    roles: ['editor'],
    active: true,
  });

  await signIn(page, person);
  await page.goto('/account#tokens');
  const section = page.getByRole('region', { name: 'Tokens de API' });
  await expect(section.getByText('Todavía no ha creado ningún token.')).toBeVisible();

  // By keyboard: "Crear token", a name, one permission with Space, Enter.
  await section.getByRole('button', { name: 'Crear token' }).focus();
  await page.keyboard.press('Enter');
  const create = page.getByRole('dialog', { name: 'Crear token' });
  await expect(create).toBeVisible();
  await create.getByLabel('Nombre').focus();
  await page.keyboard.type('Sitio web');
  // Only her own permissions can be given: she is no administrator of users.
  await expect(create.getByRole('checkbox', { name: 'Usuarios: Editar' })).toBeDisabled();
  await create.getByRole('checkbox', { name: 'Noticias: Ver' }).focus();
  await page.keyboard.press('Space');
  await expect(create.getByRole('checkbox', { name: 'Noticias: Ver' })).toBeChecked();
  const year = new Date().getFullYear() + 1;
  const expiry = create.getByRole('combobox', { name: 'Caduca (opcional)' });
  await expiry.pressSequentially(`31/12/${year}`);
  await expiry.press('Tab');
  await expect(expiry).toHaveValue(`31/12/${year}`);
  await expect(create).toBeVisible();
  await expectAccessible(page, 'Crear token (1280)');
  await shot(page, 'api-token-create-1280');
  const sent = page.waitForRequest((r) => r.url().includes('/api/user/tokens') && r.method() === 'POST');
  await create.getByLabel('Nombre').focus();
  await page.keyboard.press('Enter');
  // The last day, whole, on Madrid's clock.
  expect((await sent).postDataJSON()).toEqual({
    name: 'Sitio web',
    abilities: ['news.view'],
    expires_at: `${year}-12-31T22:59:59.000Z`,
  });

  // Shown once, with a warning, in a dialog only its button closes.
  const shown = page.getByRole('dialog', { name: 'Token «Sitio web» creado' });
  await expect(shown).toBeVisible();
  await expect(shown.getByText('Copie el token ahora: no se volverá a mostrar.')).toBeVisible();
  const token = await shown.getByLabel('Token', { exact: true }).inputValue();
  expect(token).toMatch(/^\d+\|[A-Za-z0-9]{40}$/);
  await expectAccessible(page, 'Token creado (1280)');
  await shot(page, 'api-token-shown-1280');
  await page.keyboard.press('Escape');
  await expect(shown).toBeVisible();
  await shown.getByRole('button', { name: 'Copiar' }).click();
  await expect(shown.getByRole('status').or(shown.locator('output'))).toContainText(
    /Token copiado|No se ha podido copiar/,
  );
  await shown.getByRole('button', { name: 'He guardado el token' }).click();
  await expect(shown).toBeHidden();
  await expect(section.getByRole('button', { name: 'Crear token' })).toBeFocused();
  await expect(section.getByText('Token creado: «Sitio web».')).toBeVisible();
  const row = section.getByRole('listitem').filter({ hasText: 'Sitio web' });
  await expect(row).toContainText('1 permiso');
  await expect(row).toContainText('último uso nunca');
  await expect(row).toContainText(`Caduca el 31/12/${year} 23:59`);
  expect(await page.content()).not.toContain(token.split('|')[1]!);

  // A program: no cookie, no CSRF token, only the bearer token.
  const program = await playwrightRequest.newContext({ baseURL });
  const asProgram = (path: string) =>
    program.get(path, { headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' } });
  const news = await asProgram('/api/news');
  expect(news.status(), await news.text()).toBe(200);
  expect(Array.isArray(((await news.json()) as { data: unknown }).data)).toBe(true);
  expect((await asProgram('/api/pages')).status()).toBe(403);
  const me = await asProgram('/api/user');
  expect(((await me.json()) as { data: { email: string } }).data.email).toBe(person.email);

  // Her administrator sees it under her user form (and could revoke it there).
  await adminPage.goto(`/user/${created.id}`);
  const panel = adminPage.getByRole('region', { name: 'Tokens de API' });
  await expect(panel.getByRole('listitem').filter({ hasText: 'Sitio web' })).toContainText('1 permiso');
  await expect(panel.getByRole('button', { name: 'Revocar el token «Sitio web»' })).toBeVisible();
  await expectAccessible(adminPage, 'Editar usuario, tokens de API (1280)');
  await shot(adminPage, 'user-form-tokens-1280');
  await adminPage.setViewportSize({ width: 375, height: 812 });
  await expect(panel).toBeVisible();
  await expectAccessible(adminPage, 'Editar usuario, tokens de API (375)');
  await adminContext.close();

  await page.reload();
  await expect(row).not.toContainText('último uso nunca');
  await expectAccessible(page, 'Mi cuenta con un token (1280)');
  await shot(page, 'api-tokens-1280');

  // Phone width: the section and the dialog fit and pass axe.
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(row).toBeVisible();
  await expectAccessible(page, 'Mi cuenta con un token (375)');
  await shot(page, 'api-tokens-375');
  await section.getByRole('button', { name: 'Crear token' }).click();
  await expect(create).toBeVisible();
  await expectAccessible(page, 'Crear token (375)');
  await shot(page, 'api-token-create-375');
  await create.getByRole('button', { name: 'Cancelar' }).click();
  await expect(create).toBeHidden();
  await page.setViewportSize({ width: 1280, height: 800 });

  // Revoked, after a confirmation: the program is refused at once.
  await row.getByRole('button', { name: 'Revocar el token «Sitio web»' }).click();
  const confirm = page
    .getByRole('alertdialog', { name: 'Revocar el token' })
    .or(page.getByRole('dialog', { name: 'Revocar el token' }));
  await expect(confirm).toBeVisible();
  // The focus is on Cancelar (the safe choice); the pointer is moved off the dialog, whose buttons it
  // would otherwise be hovering.
  await expect(confirm.getByRole('button', { name: 'Cancelar' })).toBeFocused();
  await page.mouse.move(0, 0);
  await shot(page, 'api-token-revoke-1280');
  await expectAccessible(page, 'Revocar el token (1280)');
  await confirm.getByRole('button', { name: 'Revocar', exact: true }).click();
  await expect(section.getByText('Token revocado: «Sitio web».')).toBeVisible();
  await expect(section.getByText('Todavía no ha creado ningún token.')).toBeVisible();
  const refused = await asProgram('/api/news');
  expect(refused.status()).toBe(401);
  expect(await refused.json()).toEqual({ message: 'No autenticado.' });
  await program.dispose();
});
