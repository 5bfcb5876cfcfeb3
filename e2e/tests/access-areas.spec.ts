import type { Page } from '@playwright/test';
import { expect, signIn, test, useSession } from '../support/fixtures';
import { apiCreate, SAVED, withHistory } from '../support/pages';
import { admin } from '../support/test-users';

// End to end: roles and users on the resource machinery, as an administrator and as a person
// with a role of limited permissions, and two browsers editing the same record.

async function expectSaved(page: Page) {
  await expect(page.getByText(SAVED)).toBeVisible();
}

test('a role with a few permissions limits what its user sees and does; a concurrent edit is caught', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  // Unique per attempt: CI retries a failed test once against the same database.
  const suffix = Date.now().toString(36);
  const role = { name: `redaccion-${suffix}`, label: `Redacción ${suffix}` };
  const person = {
    name: `Rosa Redactora ${suffix}`,
    email: `rosa-${suffix}@e2e.test`,
    password: 'rosa-e2e-password',
  };

  const menu = page.getByRole('navigation');
  const menuLink = (name: string) => menu.getByRole('link', { name, exact: true });

  // The administrator creates the role: users may be viewed and edited, nothing else.
  await signIn(page, admin);
  await menuLink('Roles').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Roles' })).toBeVisible();
  await page.getByRole('link', { name: 'Nuevo rol' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Nuevo rol' })).toBeVisible();
  // Issue 30: the name people read first; the identifier under "Avanzado".
  await page.getByLabel('Nombre', { exact: true }).fill(role.label);
  await page.getByText('Avanzado', { exact: true }).click();
  await page.getByLabel('Identificador', { exact: true }).fill(role.name);
  await page.getByRole('checkbox', { name: 'Usuarios: Ver', exact: true }).click();
  await page.getByRole('checkbox', { name: 'Usuarios: Editar', exact: true }).click();
  // Editing users ticks "Roles: Ver" for the roles picker (decision 014); this role goes without it.
  await expect(page.getByRole('checkbox', { name: 'Roles: Ver', exact: true })).toBeChecked();
  await page.getByRole('checkbox', { name: 'Roles: Ver', exact: true }).click();
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expectSaved(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Editar rol' })).toBeVisible();

  // …and a user with that role.
  await menuLink('Usuarios').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Usuarios' })).toBeVisible();
  await page.getByRole('link', { name: 'Nuevo usuario' }).click();
  await page.getByLabel('Nombre', { exact: true }).fill(person.name);
  await page.getByLabel('Correo electrónico').fill(person.email);
  await page.locator('.multiselect-control').click();
  await page.getByRole('option', { name: role.label, exact: true }).click();
  await page.keyboard.press('Escape');
  await page.getByLabel('Contraseña', { exact: true }).fill(person.password);
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expectSaved(page);
  await expect(page).toHaveURL(/\/user\/\d+$/);
  const recordUrl = new URL(page.url()).pathname;

  // The list finds the new user by a search without accents.
  await menuLink('Usuarios').click();
  await page.getByPlaceholder('Nombre o correo electrónico').fill(`rosa redactora ${suffix}`);
  await expect(page).toHaveURL(/search=/);
  await expect(page.getByRole('cell', { name: person.email })).toBeVisible();
  await expect(page.getByRole('row')).toHaveCount(2); // the header and the one match

  await page.getByRole('button', { name: 'Menú de usuario' }).click();
  await page.getByRole('menuitem', { name: 'Cerrar sesión', exact: true }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);

  // The new user sees only what the role allows.
  await signIn(page, { ...person, role: 'lector', roleLabel: role.label });
  await expect(page.getByText(`Ha accedido como ${role.label}.`)).toBeVisible();
  await expect(menuLink('Usuarios')).toBeVisible();
  await expect(menuLink('Roles')).toHaveCount(0);
  // The home page counts only what the role may view.
  await expect(page.getByRole('link', { name: /^\d+ Usuarios$/ })).toBeVisible();
  await expect(page.getByRole('link', { name: /^\d+ Roles$/ })).toHaveCount(0);

  // A screen it may not see says so, and does not sign the person out.
  const apiCalls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/roles')) apiCalls.push(request.url());
  });
  await page.goto('/role');
  await expect(page.getByRole('heading', { name: 'Sin permiso' })).toBeVisible();
  await expect(page.getByText('No tiene permiso para ver esta página.')).toBeVisible();
  await expect(page).toHaveURL(/\/role$/);
  expect(apiCalls).toEqual([]);

  // It may edit users, but not create or delete them.
  await menuLink('Usuarios').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Usuarios' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Nuevo usuario' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Eliminar seleccionados' })).toHaveCount(0);
  await page.goto(recordUrl);
  await expect(page.getByRole('heading', { level: 1, name: 'Editar usuario' })).toBeVisible();
  await expect(
    page.getByText('No tiene permiso para ver los roles: se mantienen los actuales.'),
  ).toBeVisible();
  await page.getByLabel('Nombre', { exact: true }).fill(`${person.name} (editado)`);
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expectSaved(page);
  await withHistory(page, (history) => expect(history).toContainText(`${person.name} (editado)`));

  // The person starts another change; meanwhile an administrator in another browser opens the same
  // record. The person holds the edit lock (issue 19), so the administrator sees the form read-only
  // until taking control; the person is told at once and keeps the unsaved text to copy.
  await page.getByLabel('Nombre', { exact: true }).fill(`${person.name} (segunda edición)`);
  const other = await browser.newContext({ baseURL, locale: 'es-ES' });
  try {
    const adminPage = await other.newPage();
    await signIn(adminPage, admin);
    await adminPage.goto(recordUrl);
    await expect(adminPage.getByLabel('Nombre', { exact: true })).toHaveValue(`${person.name} (editado)`);
    await expect(adminPage.getByLabel('Nombre', { exact: true })).toBeDisabled();
    await adminPage.getByRole('button', { name: 'Tomar el control' }).click();
    await expect(adminPage.getByLabel('Nombre', { exact: true })).toBeEnabled();
    await expect(page.getByText(/ha tomado el control/)).toBeVisible();
    await expect(page.getByLabel('Nombre', { exact: true })).toHaveValue(`${person.name} (segunda edición)`);
    await expect(page.getByRole('button', { name: 'Guardar' })).toHaveCount(0);
    await adminPage.getByLabel('Nombre', { exact: true }).fill(`${person.name} (por la administración)`);
    await adminPage.getByRole('button', { name: 'Guardar' }).click();
    await expectSaved(adminPage);
  } finally {
    await other.close();
  }

  // The administrator's save reaches the person's screen before any save of theirs could fail.
  await expect(page.getByText('Otra persona ha guardado cambios')).toBeVisible();
  await page.getByRole('button', { name: 'Recargar' }).click();
  await expect(page.getByLabel('Nombre', { exact: true })).toHaveValue(
    `${person.name} (por la administración)`,
  );
});

test('a person offers and changes only what they hold themselves (no privilege escalation)', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const suffix = Date.now().toString(36);
  // Users may be viewed and edited, roles viewed and edited: nothing about news, no deleting.
  const roleLabel = `Gestión de personas ${suffix}`;
  const person = {
    name: `Pablo Personal ${suffix}`,
    email: `pablo-${suffix}@e2e.test`,
    password: 'pablo-e2e-password',
  };
  await useSession(page, admin, { visit: false });
  const role = await apiCreate<{ id: number }>(page, baseURL!, '/api/roles', {
    name: `personal-${suffix}`,
    label: roleLabel,
    permissions: ['role.update', 'role.view', 'user.update', 'user.view'],
  });
  const user = await apiCreate<{ id: number }>(page, baseURL!, '/api/users', {
    ...person,
    roles: [`personal-${suffix}`],
    active: true,
  });

  const context = await browser.newContext({ baseURL, locale: 'es-ES' });
  try {
    const own = await context.newPage();
    await signIn(own, { ...person, role: 'lector', roleLabel });

    // The administrator holds permissions this person lacks: seen, never edited.
    await own.goto(`/user?search=${encodeURIComponent(admin.email)}`);
    await expect(own.getByRole('cell', { name: admin.email })).toBeVisible();
    await expect(own.getByRole('link', { name: `Ver «${admin.name}»` })).toBeVisible();
    await expect(own.getByRole('link', { name: `Editar «${admin.name}»` })).toHaveCount(0);
    await own.getByRole('link', { name: `Ver «${admin.name}»` }).click();
    // Read-only: headed «Ver usuario», not «Editar usuario» (issue 30).
    await expect(own.getByRole('heading', { level: 1, name: 'Ver usuario' })).toBeVisible();
    await expect(
      own.getByText('No puede modificar este usuario: tiene permisos que usted no tiene.', { exact: false }),
    ).toBeVisible();
    await expect(own.getByLabel('Nombre', { exact: true })).toBeDisabled();
    await expect(own.getByRole('button', { name: 'Guardar' })).toHaveCount(0);
    await expect(own.getByRole('button', { name: /Enviar enlace/ })).toHaveCount(0);
    await expect(own.getByRole('button', { name: 'Eliminar' })).toHaveCount(0);

    // On a user it may manage (its own account), only roles it could hold are offered.
    await own.goto(`/user/${user.id}`);
    await expect(own.getByRole('button', { name: 'Guardar' })).toBeVisible();
    await own.locator('.multiselect-control').click();
    await expect(own.getByRole('option', { name: roleLabel, exact: true })).toBeVisible();
    await expect(own.getByRole('option', { name: 'Administrador', exact: true })).toHaveCount(0);
    await expect(own.getByRole('option', { name: 'Editor', exact: true })).toHaveCount(0);
    await own.keyboard.press('Escape');

    // In a role's matrix, what it does not hold is shown but cannot be given.
    await own.goto(`/role/${role.id}`);
    await expect(own.getByRole('heading', { level: 1, name: 'Editar rol' })).toBeVisible();
    await expect(own.getByText('Solo puede conceder permisos que usted tiene.')).toBeVisible();
    const box = (name: string) => own.getByRole('checkbox', { name, exact: true });
    await expect(box('Usuarios: Ver')).toBeEnabled();
    await expect(box('Usuarios: Ver')).toBeChecked();
    await expect(box('Usuarios: Eliminar')).toBeDisabled();
    await expect(box('Noticias: Ver')).toBeDisabled();
    await expect(box('Noticias: todos los permisos')).toBeDisabled();
    // The row's checkbox turns on or off only what may be given: Usuarios' view and edit.
    await expect(box('Usuarios: todos los permisos')).toBeChecked();
    await box('Usuarios: todos los permisos').click();
    await expect(box('Usuarios: Ver')).not.toBeChecked();
    await expect(box('Usuarios: Editar')).not.toBeChecked();
    await expect(box('Usuarios: Eliminar')).not.toBeChecked();
  } finally {
    await context.close();
  }
});
