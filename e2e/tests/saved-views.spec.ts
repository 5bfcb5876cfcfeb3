import type { Browser, Page } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { asAdministrator, expect as baseExpect, test, useSession } from '../support/fixtures';
import { apiCreate, shot } from '../support/pages';
import type { TestUser } from '../support/test-users';

// Issue 20 "Saved views" (decision 032) in the browser: editor A saves the news list with a search
// and a filter as a shared view; editor B, in a browser context of their own, sees its tab with A's
// name, applies it by keyboard, makes it their default, and gets it again when they open the list
// with a bare address. axe at 1280 and 375 px; the tabs never widen a phone's page.

// Two browser contexts on a machine shared with other runs: every screen change is given more time.
const expect = baseExpect.configure({ timeout: 30_000 });

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 812 };

const suffix = Date.now().toString(36);
const person = (name: string, slug: string): TestUser => ({
  name: `${name} ${suffix}`,
  email: `${slug}-vistas-${suffix}@e2e.test`,
  password: `${slug}-vistas-e2e`,
  role: 'editor',
  roleLabel: 'Editor',
});
const ana = person('Ana Vistas', 'ana');
const bruno = person('Bruno Vistas', 'bruno');
const viewName = `Borradores de la biblioteca ${suffix}`;
const draft = `Biblioteca municipal ${suffix} abre en verano`;
const published = `Biblioteca ${suffix}: nuevo horario`;
const other = `Piscina ${suffix} en obras`;

test.beforeAll(async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  await asAdministrator(browser, baseURL!, async (page) => {
    for (const editor of [ana, bruno]) {
      await apiCreate(page, baseURL!, '/api/users', {
        name: editor.name,
        email: editor.email,
        password: editor.password,
        roles: ['editor'],
        active: true,
      });
    }
    await apiCreate(page, baseURL!, '/api/news', {
      title: draft,
      excerpt: 'La biblioteca amplía su horario.',
    });
    await apiCreate(page, baseURL!, '/api/news', { title: published, status: 'published' });
    await apiCreate(page, baseURL!, '/api/news', { title: other });
  });
});

async function openAs(browser: Browser, baseURL: string, editor: TestUser): Promise<Page> {
  const page = await (await browser.newContext({ baseURL })).newPage();
  await page.setViewportSize(DESKTOP);
  await useSession(page, editor);
  return page;
}

/** The titles the table shows (each row's link to its record; the actions' links have no text). */
const rowTitles = (page: Page) => page.getByRole('table').locator('.resource-record-link');

test('a view shared by one editor is applied by another and becomes their default', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(300_000);

  // A: the list with a search and a filter, saved as a shared view.
  const first = await openAs(browser, baseURL!, ana);
  await first.goto(`/news?search=biblioteca%20${suffix}&filter[status]=draft`);
  await expect(first.getByRole('heading', { level: 1, name: 'Noticias' })).toBeVisible();
  await expect(rowTitles(first).filter({ hasText: draft })).toBeVisible();
  await first.getByRole('button', { name: 'Guardar vista' }).click();
  const dialog = first.getByRole('dialog', { name: 'Guardar vista' });
  await expect(dialog.getByLabel('Nombre')).toBeFocused();
  await first.keyboard.type(viewName);
  await dialog.getByLabel('Compartir con quien pueda ver la lista').check();
  await expectAccessible(first, 'guardar vista');
  await first.keyboard.press('Enter');
  await expect(first.getByText(`Vista «${viewName}» guardada.`)).toBeVisible();
  const ownTab = first
    .getByRole('navigation', { name: 'Vistas guardadas' })
    .getByRole('link', { name: viewName });
  await expect(ownTab).toHaveAttribute('aria-current', 'page');
  await expect(ownTab).toHaveAccessibleName(`${viewName}, compartida`);
  await first.context().close();

  // B: the list as it is, with A's view among the tabs.
  const second = await openAs(browser, baseURL!, bruno);
  await second.goto('/news');
  const tabs = second.getByRole('navigation', { name: 'Vistas guardadas' });
  const sharedTab = tabs.getByRole('link', { name: `${viewName}, compartida por ${ana.name}` });
  await expect(sharedTab).toBeVisible();
  await expect(sharedTab).not.toHaveAttribute('aria-current', 'page');
  await expect(tabs.getByRole('link', { name: 'Todos' })).toHaveAttribute('aria-current', 'page');
  await expect(rowTitles(second).filter({ hasText: other })).toBeVisible();
  await shot(second, 'saved-views-1280');
  await expectAccessible(second, 'lista con una vista compartida, 1280');

  // Applied by keyboard from its menu, which offers B nothing that only A may do.
  const options = tabs.getByRole('button', { name: `Opciones de la vista «${viewName}»` });
  await options.focus();
  await second.keyboard.press('Enter');
  const menu = second.getByRole('menu');
  await expect(menu.getByRole('menuitem')).toHaveText(['Aplicar', 'Usar como vista predeterminada']);
  await expectAccessible(second, 'menú de una vista compartida');
  // The menu takes the focus with its first item active (aria-activedescendant): Enter applies.
  await expect(menu).toBeFocused();
  await second.keyboard.press('Enter');
  await expect(second).toHaveURL(new RegExp(`search=biblioteca%20${suffix}`));
  await expect(second).toHaveURL(/filter\[status\]=draft/);
  await expect(sharedTab).toHaveAttribute('aria-current', 'page');
  await expect(rowTitles(second)).toHaveText([draft]);

  // Made B's default: a bare address opens it.
  await options.click();
  await second.getByRole('menuitem', { name: 'Usar como vista predeterminada' }).click();
  await expect(second.getByText(`«${viewName}» es ahora la vista predeterminada.`)).toBeVisible();
  await second.goto('/');
  await second.goto('/news');
  await expect(second).toHaveURL(/filter\[status\]=draft/);
  await expect(
    tabs.getByRole('link', { name: `Predeterminada: ${viewName}, compartida por ${ana.name}` }),
  ).toHaveAttribute('aria-current', 'page');
  await expect(rowTitles(second)).toHaveText([draft]);

  // "Todos" shows the whole list again, and stays there after a reload.
  await tabs.getByRole('link', { name: 'Todos' }).click();
  await expect(second).toHaveURL(/\/news$/);
  await expect(rowTitles(second).filter({ hasText: other })).toBeVisible();
  await second.reload();
  await expect(rowTitles(second).filter({ hasText: other })).toBeVisible();
  await expect(second).toHaveURL(/\/news$/);

  // A phone: the tabs wrap inside the page, and everything still passes axe.
  await second.goto('/');
  await second.goto('/news');
  await expect(second).toHaveURL(/filter\[status\]=draft/);
  await second.setViewportSize(PHONE);
  await expect(sharedTab).toBeVisible();
  await expect
    .poll(() => second.evaluate(() => document.documentElement.scrollWidth))
    .toBeLessThanOrEqual(PHONE.width);
  await shot(second, 'saved-views-375');
  await expectAccessible(second, 'lista con una vista compartida, 375');
  await second.context().close();
});
