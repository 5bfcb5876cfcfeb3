import type { Page } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { expect, test, useSession } from '../support/fixtures';
import { apiCreate, SAVED, sessionHeaders, shot } from '../support/pages';
import { editor } from '../support/test-users';

// Issue 20 (decision 029): the global search (Ctrl+K), its palette by keyboard, and the shortcuts:
// "?" lists them, Ctrl+S saves the open form.

interface News {
  id: number;
  slug: string;
  title: string;
}

// Each test signs in and builds its data through the API first: slower than a plain visit.
test.describe.configure({ timeout: 120_000 });

const palette = (page: Page) => page.getByRole('dialog', { name: 'Buscar' });
const searchField = (page: Page) => palette(page).getByRole('combobox');

async function createNews(page: Page, baseURL: string, suffix: string): Promise<News> {
  return apiCreate<News>(page, baseURL, '/api/news', {
    title: `Taller de cerámica ${suffix}`,
    body: `<p>Toda la información del taller ${suffix} en la biblioteca del barrio.</p>`,
  });
}

test('an editor presses Ctrl+K, finds a news item by an accent-less word of its body and opens it with Enter', async ({
  page,
  baseURL,
}) => {
  const suffix = `k${Date.now().toString(36)}`;
  await useSession(page, editor);
  const news = await createNews(page, baseURL!, suffix);

  await page.keyboard.press('Control+k');
  await expect(palette(page)).toBeVisible();
  await expect(searchField(page)).toBeFocused();
  await searchField(page).fill(`informacion ${suffix}`);

  const listbox = palette(page).getByRole('listbox');
  const found = listbox.getByRole('option', { name: new RegExp(`Taller de cerámica ${suffix}`) });
  await expect(found).toBeVisible();
  // The first option is active; the match is marked inside the context line.
  await expect(found).toHaveAttribute('aria-selected', 'true');
  await expect(found.locator('mark').filter({ hasText: 'información' })).toBeVisible();
  await expect(found).toContainText('Borrador');
  await expect(palette(page).getByRole('group', { name: 'Noticias' })).toBeVisible();
  await expect(palette(page).locator('output')).toHaveText(/1 resultado en 1 área/);
  await expect(listbox.getByRole('option', { name: 'Ver todos en Noticias (1)' })).toBeVisible();

  // The arrows move through the options, and come back.
  await page.keyboard.press('ArrowDown');
  await expect(listbox.getByRole('option', { name: 'Ver todos en Noticias (1)' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await page.keyboard.press('ArrowUp');
  await expect(found).toHaveAttribute('aria-selected', 'true');
  await shot(page, 'search-palette-1280');

  await page.keyboard.press('Enter');
  await expect(palette(page)).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/news/${news.slug}$`));
  await expect(page.getByLabel('Título', { exact: true })).toHaveValue(`Taller de cerámica ${suffix}`);

  // Escape closes the palette, "Ver todos" opens the list with the search applied.
  await page.keyboard.press('Control+k');
  await searchField(page).fill(`informacion ${suffix}`);
  await expect(found).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(palette(page)).toBeHidden();
  await page.getByRole('button', { name: 'Buscar…' }).click();
  await searchField(page).fill(`informacion ${suffix}`);
  await listbox.getByRole('option', { name: 'Ver todos en Noticias (1)' }).click();
  await expect(page).toHaveURL(new RegExp(`/news\\?search=informacion(%20|\\+)${suffix}$`));
  await expect(page.getByRole('searchbox')).toHaveValue(`informacion ${suffix}`);
});

test('the palette offers the commands the person may use, filtered as they type', async ({ page }) => {
  await useSession(page, editor);
  await page.keyboard.press('Control+k');
  await searchField(page).fill('nueva not');
  const option = palette(page).getByRole('option', { name: 'Nueva noticia' });
  await expect(option).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/news\/create$/);
  // An editor manages no users: no command names them.
  await page.keyboard.press('Control+k');
  await searchField(page).fill('usuarios');
  await expect(palette(page).getByRole('option', { name: 'Ir a Usuarios' })).toHaveCount(0);
});

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 375, height: 740 },
]) {
  test(`axe finds nothing with the palette open, showing results, at ${viewport.width} px`, async ({
    page,
    baseURL,
  }) => {
    await page.setViewportSize(viewport);
    const suffix = `a${Date.now().toString(36)}`;
    await useSession(page, editor);
    await createNews(page, baseURL!, suffix);
    await page.getByRole('button', { name: 'Buscar…' }).click();
    await searchField(page).fill(`taller ${suffix}`);
    await expect(palette(page).getByRole('option', { name: new RegExp(suffix) })).toBeVisible();
    await shot(page, `search-palette-${viewport.width}`);
    await expectAccessible(page, `paleta de búsqueda a ${viewport.width} px`);
  });
}

test('"?" lists the shortcuts, but types a "?" in a field; Ctrl+S saves the open form, from a field too', async ({
  page,
  baseURL,
}) => {
  const suffix = `s${Date.now().toString(36)}`;
  await useSession(page, editor, { visit: false });
  const news = await createNews(page, baseURL!, suffix);
  await page.goto(`/news/${news.slug}`);
  const title = page.getByLabel('Título', { exact: true });
  await expect(title).toHaveValue(`Taller de cerámica ${suffix}`);

  // In a text field, "?" is a character.
  await title.press('End');
  await title.press('?');
  await expect(title).toHaveValue(`Taller de cerámica ${suffix}?`);
  await expect(page.getByRole('dialog', { name: 'Atajos de teclado' })).toHaveCount(0);

  // Ctrl+S from inside the field saves the form (and the browser's own dialog stays away).
  await page.keyboard.press('Control+s');
  await expect(page.getByText(SAVED)).toBeVisible();
  const saved = await page.request.get(`/api/news/${news.id}`, {
    headers: await sessionHeaders(page, baseURL!),
  });
  expect(((await saved.json()) as { data: News }).data.title).toBe(`Taller de cerámica ${suffix}?`);

  // Outside a field, "?" opens the list of shortcuts.
  await page.locator('main').focus();
  await page.keyboard.press('?');
  const help = page.getByRole('dialog', { name: 'Atajos de teclado' });
  await expect(help).toBeVisible();
  await expect(help).toContainText('Guardar el formulario abierto');
  await expect(help).toContainText('Buscar en todas las áreas');
  await expectAccessible(page, 'atajos de teclado');
  await page.keyboard.press('Escape');
  await expect(help).toBeHidden();
});
