import type { Locator, Page } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { asAdministrator, expect, signIn, test } from '../support/fixtures';
import { apiCreate, shot } from '../support/pages';
import { admin } from '../support/test-users';

// The activity log (issue 20, decision 031) as a person who may read it and is no administrator:
// filtered by area and by days typed the Spanish way, a row opened on its record's history, by
// keyboard alone; axe-clean and no wider than the screen at 1280 and 375 px.

const PHONE = { width: 375, height: 800 };

/** Presses Tab until `target` has the focus, as a keyboard user moves through the page. */
async function tabTo(page: Page, target: Locator, limit = 40): Promise<void> {
  for (let step = 0; step < limit; step++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`Tab never reached ${target}`);
}

/** Today on Madrid's calendar, as the date controls write it (dd/mm/aaaa). */
function madridToday(offsetDays = 0): string {
  const day = new Date(Date.now() + offsetDays * 86_400_000);
  return new Intl.DateTimeFormat('es-ES', {
    timeZone: 'Europe/Madrid',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(day);
}

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'nothing is wider than the screen').toBeLessThanOrEqual(0);
}

test('a person with activity.view filters the log by area and Spanish dates and opens a record’s history, by keyboard', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const suffix = Date.now().toString(36);
  const auditor = {
    name: `Aurora Auditora ${suffix}`,
    email: `aurora-${suffix}@e2e.test`,
    password: 'aurora-e2e-password',
  };
  const category = `Archivo histórico ${suffix}`;

  // The administrator, in a browser of their own, makes the role, the person and a change to find.
  await asAdministrator(browser, baseURL!, async (adminPage) => {
    const role = await apiCreate<{ name: string }>(adminPage, baseURL!, '/api/roles', {
      name: `auditoria-${suffix}`,
      label: `Auditoría ${suffix}`,
      permissions: ['activity.view', 'category.view'],
    });
    await apiCreate(adminPage, baseURL!, '/api/users', {
      ...auditor,
      roles: [role.name],
    });
    await apiCreate(adminPage, baseURL!, '/api/categories', { name: category });
  });

  await signIn(page, { ...auditor, role: 'lector', roleLabel: `Auditoría ${suffix}` });
  const menuEntry = page.getByRole('navigation').getByRole('link', { name: 'Actividad', exact: true });
  await tabTo(page, menuEntry);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Actividad' })).toBeVisible();
  await expect(page.getByRole('cell', { name: category })).toBeVisible();

  // Área: Categorías, chosen from the keyboard.
  const area = page.getByRole('textbox', { name: 'Área', exact: true });
  await tabTo(page, area);
  // The first ArrowDown opens the list (every area of the registry, by name); each next one moves
  // down an option, to Categorías.
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('option', { name: 'Categorías', exact: true })).toBeVisible();
  const names = (await page.getByRole('option').allTextContents()).map((name) => name.trim());
  for (let step = 0; step <= names.indexOf('Categorías'); step++) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/filter%5Barea%5D=category|filter\[area\]=category/);
  await expect(page.getByRole('cell', { name: 'Categorías', exact: true }).first()).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Seguridad', exact: true })).toHaveCount(0);

  // Until yesterday: nothing of today.
  const to = page.getByRole('combobox', { name: 'Hasta' });
  await tabTo(page, to);
  await to.pressSequentially(madridToday(-1));
  await page.keyboard.press('Escape');
  await page.keyboard.press('Tab');
  await expect(page).toHaveURL(/filter%5Bto%5D=|filter\[to\]=/);
  await expect(page.getByRole('cell', { name: category })).toHaveCount(0);

  // From today to today: the category made today is there.
  await to.focus();
  await page.keyboard.press('Control+A');
  await to.pressSequentially(madridToday());
  await page.keyboard.press('Escape');
  const from = page.getByRole('combobox', { name: 'Desde' });
  await page.keyboard.press('Shift+Tab');
  await expect(from).toBeFocused();
  await from.pressSequentially(madridToday());
  await page.keyboard.press('Escape');
  await page.keyboard.press('Tab');
  await expect(page).toHaveURL(/filter%5Bfrom%5D=|filter\[from\]=/);
  const row = page.getByRole('row').filter({ hasText: category });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Creado');
  await expect(row).toContainText(admin.name);

  await shot(page, 'activity-1280');
  await expectAccessible(page, 'actividad (1280 px)');
  await expectNoSidewaysScroll(page);

  await page.setViewportSize(PHONE);
  const card = page.getByRole('listitem').filter({ hasText: category });
  await expect(card).toBeVisible();
  await shot(page, 'activity-375');
  await expectAccessible(page, 'actividad (375 px)');
  await expectNoSidewaysScroll(page);

  // The row's record opens on its history (a sheet over the form on a phone).
  const link = card.getByRole('link', { name: category });
  await tabTo(page, link, 80);
  await page.keyboard.press('Enter');
  const history = page.getByRole('complementary', { name: 'Historial' });
  await expect(history).toBeVisible();
  await expect(history).toContainText('Creado');
  await expect(history).toContainText(admin.name);
  await shot(page, 'activity-history-375');
});
