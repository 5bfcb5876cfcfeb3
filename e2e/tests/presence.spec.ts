import type { Browser, Page } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { asAdministrator, expect, signIn, test } from '../support/fixtures';
import { apiCreate, SAVED, shot } from '../support/pages';
import type { TestUser } from '../support/test-users';

// Issue 19 "Who is editing" in the browser: two editors (not administrators), each in a browser
// context of their own, open the same news item. They see each other; the second sees the form
// read-only and takes over by keyboard; the first sees it at once, read-only, with the text they had
// not saved still in the form; the second saves and the first hears "Otra persona ha guardado
// cambios" and reloads. axe at 1280 and 375 px with the bar shown.

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 812 };

const suffix = Date.now().toString(36);
const people: [TestUser, TestUser] = [
  {
    name: `Nuria Pérez ${suffix}`,
    email: `nuria-presencia-${suffix}@e2e.test`,
    password: 'nuria-presencia-e2e',
    role: 'editor',
    roleLabel: 'Editor',
  },
  {
    name: `Luis Gómez ${suffix}`,
    email: `luis-presencia-${suffix}@e2e.test`,
    password: 'luis-presencia-e2e',
    role: 'editor',
    roleLabel: 'Editor',
  },
];
const title = `Pleno de diciembre ${suffix}`;
let slug = '';

test.beforeAll(async ({ browser, baseURL }) => {
  await asAdministrator(browser, baseURL!, async (page) => {
    for (const person of people) {
      await apiCreate(page, baseURL!, '/api/users', {
        name: person.name,
        email: person.email,
        password: person.password,
        roles: ['editor'],
        active: true,
      });
    }
    ({ slug } = await apiCreate<{ slug: string }>(page, baseURL!, '/api/news', {
      title,
      excerpt: 'Orden del día del pleno.',
    }));
  });
});

async function openAs(browser: Browser, baseURL: string, person: TestUser): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const page = await context.newPage();
  await page.setViewportSize(DESKTOP);
  await signIn(page, person);
  await page.goto(`/news/${slug}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Editar noticia' })).toBeVisible();
  return page;
}

test('two editors on one news item see each other, take over, and hear of the other one’s save', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const [nuria, luis] = people;
  const first = await openAs(browser, baseURL!, nuria);
  const titleOf = (page: Page) => page.getByLabel('Título', { exact: true });
  await expect(titleOf(first)).toBeEditable();

  const second = await openAs(browser, baseURL!, luis);
  // Luis sees Nuria, who came first and holds the lock: his form is read-only, with "Tomar el control".
  await expect(second.getByText(`${nuria.name} está editando desde las`)).toBeVisible();
  await expect(second.getByText(`${nuria.name} tiene el control de este elemento`)).toBeVisible();
  await expect(titleOf(second)).toBeDisabled();
  await expect(second.getByRole('button', { name: 'Guardar' })).toHaveCount(0);
  // Nuria sees Luis arrive, live.
  await expect(first.getByText(`${luis.name} está editando desde las`)).toBeVisible();
  await expect(first.getByRole('listitem').filter({ hasText: luis.name }).locator('.user-avatar')).toHaveText(
    'LG',
  );

  await expectAccessible(second, 'edit screen, someone else holds the lock, 1280');
  await shot(second, 'presence-locked-1280');
  await second.setViewportSize(PHONE);
  await expect(second.getByRole('button', { name: 'Tomar el control' })).toBeVisible();
  await expect
    .poll(() => second.evaluate(() => document.documentElement.scrollWidth))
    .toBeLessThanOrEqual(PHONE.width);
  await expectAccessible(second, 'edit screen, someone else holds the lock, 375');
  await shot(second, 'presence-locked-375');
  await second.setViewportSize(DESKTOP);

  // Nuria has typed something she has not saved yet.
  const unsaved = `${title} (borrador de Nuria)`;
  await titleOf(first).fill(unsaved);

  // Luis takes over with the keyboard.
  await second.getByRole('button', { name: 'Tomar el control' }).focus();
  await second.keyboard.press('Enter');
  await expect(titleOf(second)).toBeEditable();
  await expect(second.getByText(`${nuria.name} está editando desde las`)).toBeVisible();

  // Nuria is told at once: read-only, her text still there to copy.
  await expect(first.getByText(`${luis.name} ha tomado el control.`)).toBeVisible();
  await expect(titleOf(first)).toBeDisabled();
  await expect(titleOf(first)).toHaveValue(unsaved);
  await expect(first.getByRole('button', { name: 'Guardar' })).toHaveCount(0);
  // Disabled fields cannot be selected: "Copiar mis cambios" puts what she changed on the clipboard.
  await first.getByRole('button', { name: 'Copiar mis cambios' }).click();
  await expect(first.getByText('Sus cambios se han copiado al portapapeles.')).toBeVisible();
  expect(await first.evaluate(() => navigator.clipboard.readText())).toBe(`Título:\n${unsaved}`);

  // Luis saves; Nuria hears of it before any save of hers could fail.
  const saved = `${title} (revisado)`;
  await titleOf(second).fill(saved);
  await second.getByRole('button', { name: 'Guardar' }).click();
  await expect(second.getByText(SAVED)).toBeVisible();
  await expect(second.getByText('Otra persona ha guardado cambios')).toHaveCount(0);
  await expect(first.getByText('Otra persona ha guardado cambios')).toBeVisible();
  await expect(first.getByText(`(${luis.name},`)).toBeVisible();

  await expectAccessible(first, 'edit screen, taken over and saved elsewhere, 1280');
  await shot(first, 'presence-taken-saved-1280');
  await first.setViewportSize(PHONE);
  await expect
    .poll(() => first.evaluate(() => document.documentElement.scrollWidth))
    .toBeLessThanOrEqual(PHONE.width);
  await expectAccessible(first, 'edit screen, taken over and saved elsewhere, 375');
  await shot(first, 'presence-taken-saved-375');
  await first.setViewportSize(DESKTOP);

  // "Recargar" shows the version Luis saved.
  await first.getByRole('button', { name: 'Recargar' }).click();
  await expect(titleOf(first)).toHaveValue(saved);
  await expect(first.getByText('Otra persona ha guardado cambios')).toHaveCount(0);

  // Luis closes his tab: the lock is free at once and Nuria's form is hers again without asking.
  await second.close();
  await expect(titleOf(first)).toBeEditable({ timeout: 15_000 });
  await expect(first.getByText(`${luis.name} está editando`)).toHaveCount(0);
  await second.context().close();
  await first.context().close();
});
