import type { Browser, Page } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { expect, signIn, test, useSession } from '../support/fixtures';
import { apiCreate, apiUploadImage, SAVED, shot } from '../support/pages';
import { admin, editor, type TestUser } from '../support/test-users';

// Issue 16, "Tables that fit": at 1280 px a list shows its columns and actions without scrolling
// sideways; at 375 px it is a list of cards; filters fold behind "Filtros (N)" on a phone; empty
// lists say what the area is for, or "Ningún resultado" with "Quitar filtros"; the history opens
// over an edit form instead of squeezing it; toasts hide nothing.

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 812 };

const suffix = Date.now().toString(36);
/** Long enough to wrap: a real title, as an office writes them. */
const newsTitle = `Convocatoria de ayudas municipales para la rehabilitación de fachadas del casco histórico ${suffix}`;
const categoryName = `Urbanismo y vivienda ${suffix}`;
const testTitle = `Prevención de riesgos laborales en oficinas ${suffix}`;
const mediaName = `plano-del-casco-historico-${suffix}.png`;
const roleLabel = `Atención ciudadana ${suffix}`;
const userName = `Lucía Ventanilla ${suffix}`;

/** What the person sees of one list: where it lives, and the record that must be on it. */
interface ListCase {
  name: string;
  path: string;
  record: string;
  person: TestUser;
}

const LISTS: ListCase[] = [
  { name: 'noticias', path: '/news', record: newsTitle, person: editor },
  { name: 'categorias', path: '/category', record: categoryName, person: editor },
  { name: 'tests', path: '/test', record: testTitle, person: editor },
  { name: 'multimedia', path: '/multimedia?view=table', record: mediaName, person: editor },
  { name: 'usuarios', path: '/user', record: userName, person: admin },
  { name: 'roles', path: '/role', record: roleLabel, person: admin },
];

/**
 * A list narrowed to this file's records by their suffix: the whole suite shares one server, and the
 * records other files create (categories named before "Urbanismo", newer news) would push these off
 * the first page.
 */
const ownRecords = (list: ListCase) => `${list.path}${list.path.includes('?') ? '&' : '?'}search=${suffix}`;

/** The editor views tests but does not change them (docs/http-api.md seeded roles). */
const openLabel = (list: ListCase) => (list.path === '/test' && list.person === editor ? 'Ver' : 'Editar');

test.beforeAll(async ({ browser, baseURL }) => {
  // Enough records that every list has pages of real-looking data.
  const page = await (await browser.newContext({ baseURL })).newPage();
  await useSession(page, admin);
  const origin = baseURL!;
  const parent = await apiCreate<{ slug: string }>(page, origin, '/api/categories', { name: categoryName });
  for (let n = 1; n <= 4; n++) {
    await apiCreate(page, origin, '/api/categories', {
      name: `Subcategoría de barrio número ${n} ${suffix}`,
      parent: parent.slug,
    });
  }
  const cover = await apiUploadImage(page, origin, { name: mediaName, color: '#1d4ed8' });
  for (let n = 1; n <= 3; n++) {
    await apiUploadImage(page, origin, { name: `fotografia-del-pleno-${n}-${suffix}.png`, color: '#15803d' });
  }
  await apiCreate(page, origin, '/api/news', {
    title: newsTitle,
    status: 'published',
    featured: true,
    cover,
    // A published cover says what it shows (docs/accessibility.md#images-the-alternative-belongs-to-the-use).
    cover_alt: 'Vecinos reunidos en el pleno del barrio',
    categories: [parent.slug],
  });
  for (let n = 1; n <= 4; n++) {
    await apiCreate(page, origin, '/api/news', { title: `Aviso de corte de agua en la zona ${n} ${suffix}` });
  }
  for (const title of [testTitle, `Atención al público y protección de datos ${suffix}`]) {
    await apiCreate(page, origin, '/api/tests', {
      title,
      status: 'published',
      passing_score: 60,
      time_limit_minutes: 30,
      questions: [
        {
          prompt: '¿Dónde está el extintor?',
          type: 'single',
          options: [{ text: 'Aquí', correct: true }, { text: 'Allí' }],
        },
      ],
    });
  }
  await apiCreate(page, origin, '/api/roles', {
    name: `atencion-${suffix}`,
    label: roleLabel,
    permissions: ['news.view', 'page.view'],
  });
  await apiCreate(page, origin, '/api/users', {
    name: userName,
    email: `lucia-${suffix}@e2e.test`,
    password: 'lucia-e2e-password',
    roles: [`atencion-${suffix}`],
    active: true,
  });
  await page.context().close();
});

/** Signs `person` in, in a browser of the given size. */
async function signedIn(browser: Browser, baseURL: string, person: TestUser, viewport: typeof DESKTOP) {
  const context = await browser.newContext({
    baseURL,
    viewport,
    locale: 'es-ES',
    timezoneId: 'Europe/Madrid',
    ...(viewport.width < 576 ? { isMobile: true, hasTouch: true } : {}),
  });
  const page = await context.newPage();
  await signIn(page, person);
  return page;
}

/** How far the page and the list's table reach past their boxes, in pixels (0: they fit). */
const overflow = (page: Page) =>
  page.evaluate(() => {
    const wrapper = document.querySelector('.resource-table .p-datatable-wrapper');
    return {
      page: document.documentElement.scrollWidth - window.innerWidth,
      table: wrapper ? wrapper.scrollWidth - wrapper.clientWidth : null,
    };
  });

test('at 1280 px every list shows its columns and its actions without scrolling sideways', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  for (const person of [editor, admin]) {
    const page = await signedIn(browser, baseURL!, person, DESKTOP);
    for (const list of LISTS.filter((candidate) => candidate.person === person)) {
      await page.goto(ownRecords(list));
      // The row named by its Editar action (a category's children show its name in their path).
      const role = list.path.startsWith('/multimedia') ? 'button' : 'link';
      // Ver where the person may not change it (the editor and tests).
      const edit = page.getByRole(role, { name: `${openLabel(list)} «${list.record}»` });
      const row = page.getByRole('row').filter({ has: edit });
      await expect(row).toHaveCount(1);
      const { page: pageOverflow, table: tableOverflow } = await overflow(page);
      expect(pageOverflow, `${list.path}: page wider than the window at 1280 px`).toBeLessThanOrEqual(0);
      expect(tableOverflow, `${list.path}: table wider than its card at 1280 px`).toBe(0);
      await expect(page.getByRole('columnheader', { name: 'Acciones' })).toBeInViewport({ ratio: 1 });
      // Centred by the page's own scrolling: Playwright's "if needed" stops a fraction of a pixel
      // short when the rows sit at fractional offsets (the Papelera tabs above the card).
      await edit.evaluate((element) => element.scrollIntoView({ block: 'center' }));
      await expect(edit).toBeInViewport({ ratio: 1 });
      // Dates whole, never "24/11/2": every cell's text fits its cell.
      const clipped = await page.evaluate(() =>
        [...document.querySelectorAll('.resource-table td')]
          .filter((cell) => cell.scrollWidth > cell.clientWidth + 1)
          .map((cell) => cell.textContent),
      );
      expect(clipped, `${list.path}: cells cut`).toEqual([]);
      await shot(page, `lists-fit-${list.name}-1280`);
      await expectAccessible(page, `${list.name} a 1280 px`);
    }
    await page.context().close();
  }
});

test('at 375 px a list is a list of cards with title, status, key date and actions', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  for (const person of [editor, admin]) {
    const page = await signedIn(browser, baseURL!, person, PHONE);
    for (const list of LISTS.filter((candidate) => candidate.person === person)) {
      await page.goto(ownRecords(list));
      const card = page.locator('.record-card').filter({
        has: page.getByRole('heading', { level: 2, name: list.record, exact: true }),
      });
      await expect(card).toHaveCount(1);
      await expect(page.getByRole('table')).toHaveCount(0);
      await expect(page.getByRole('list', { name: /./ }).first()).toBeVisible();
      await expect(card.getByRole('heading', { level: 2, name: list.record })).toBeVisible();
      const open = card.getByRole(list.path.startsWith('/multimedia') ? 'button' : 'link', {
        name: `${openLabel(list)} «${list.record}»`,
      });
      await open.scrollIntoViewIfNeeded();
      await expect(open).toBeInViewport({ ratio: 1 });
      expect((await overflow(page)).page, `${list.path} fits at 375 px`).toBeLessThanOrEqual(0);
      await shot(page, `lists-fit-${list.name}-375`);
      await expectAccessible(page, `${list.name} a 375 px`);
    }
    await page.context().close();
  }
});

test('the cards say status and date: news at 375 px', async ({ browser, baseURL }) => {
  const page = await signedIn(browser, baseURL!, editor, PHONE);
  await page.goto('/news');
  const card = page.locator('.record-card').filter({ hasText: newsTitle });
  await expect(card.getByText('Publicada', { exact: true })).toBeVisible();
  await expect(card.getByText(/^Publicación: \d{2}\/\d{2}\/\d{4}/)).toBeVisible();
  await expect(card.getByRole('button', { name: `Eliminar «${newsTitle}»` })).toBeVisible();
  // Selecting on a card feeds the same bulk delete as the table's checkboxes.
  await card.getByRole('checkbox', { name: `Seleccionar «${newsTitle}»` }).check();
  await expect(page.getByRole('button', { name: 'Eliminar seleccionados (1)' })).toBeVisible();
  await page.context().close();
});

test('on a phone the filters fold behind "Filtros (N)", which opens them to the keyboard', async ({
  browser,
  baseURL,
}) => {
  const page = await signedIn(browser, baseURL!, editor, PHONE);
  await page.goto('/news');
  const toggle = page.getByRole('button', { name: 'Filtros', exact: true });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByLabel('Estado', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('searchbox', { name: 'Buscar' })).toBeVisible();
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(toggle).toBeFocused();
  await expect(page.getByLabel('Estado', { exact: true })).toBeAttached();
  await shot(page, 'lists-fit-filters-open-375');
  await expectAccessible(page, 'filtros abiertos a 375 px');
  // The filters follow the button: the next Tab is in the first of them.
  await page.keyboard.press('Tab');
  await expect(page.locator('.list-filters-panel .list-filter').first().locator('input')).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');

  await page.goto('/news?filter[status]=published&filter[featured]=1');
  const counted = page.getByRole('button', { name: /^Filtros \(\d\)$/ });
  await expect(counted).toHaveText(/Filtros \((1|2)\)/);
  await expect(counted).toHaveAttribute('aria-expanded', 'false');
  await page.context().close();
});

test('an empty list says what the area is for; a search that finds nothing offers "Quitar filtros"', async ({
  browser,
  baseURL,
}) => {
  for (const viewport of [DESKTOP, PHONE]) {
    const page = await signedIn(browser, baseURL!, editor, viewport);
    const width = viewport.width;

    await page.goto(`/news?search=zzqxjw${suffix}`);
    await expect(page.getByText('Ningún resultado')).toBeVisible();
    await shot(page, `lists-fit-no-results-${width}`);
    await expectAccessible(page, `ningún resultado a ${width} px`);
    await page.getByRole('button', { name: 'Quitar filtros' }).click();
    await expect(page).toHaveURL(/\/news$/);
    await expect(page.getByRole('searchbox', { name: 'Buscar' })).toHaveValue('');
    await expect(page.getByRole('searchbox', { name: 'Buscar' })).toBeFocused();
    await expect(page.getByText('Ningún resultado')).toHaveCount(0);

    // A list with nothing in it yet (an answer the server would give a new installation).
    await page.route(/\/api\/news\?/, (route) =>
      route.fulfill({
        json: {
          data: [],
          links: { first: null, last: null, prev: null, next: null },
          meta: {
            current_page: 1,
            from: null,
            last_page: 1,
            links: [],
            path: '',
            per_page: 15,
            to: null,
            total: 0,
          },
        },
      }),
    );
    await page.goto('/news');
    await expect(
      page.getByText('Aquí se redactan las noticias del sitio y se decide cuándo se publican.'),
    ).toBeVisible();
    // The create button is offered in the empty list too (the editor may create news).
    await expect(page.locator('.resource-empty').getByRole('link', { name: 'Nueva noticia' })).toBeVisible();
    await shot(page, `lists-fit-empty-${width}`);
    await expectAccessible(page, `lista vacía a ${width} px`);
    await page.context().close();
  }
});

test('on an edit screen the form keeps its width; the history opens over it, and beside it on a wide screen', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const page = await signedIn(browser, baseURL!, editor, DESKTOP);
  await page.goto('/news');
  await page.getByRole('link', { name: `Editar «${newsTitle}»` }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Editar noticia' })).toBeVisible();
  const form = page.locator('.resource-form');
  // The whole content width (about 60rem), not what was left beside a 22rem history.
  expect((await form.boundingBox())?.width ?? 0).toBeGreaterThan(850);
  await expect(page.getByRole('complementary', { name: 'Historial' })).toHaveCount(0);
  // The editor's toolbar stays in one row.
  const bold = page.getByRole('button', { name: 'Negrita' });
  await expect(bold).toBeVisible();
  const toolbar = page.getByRole('toolbar').filter({ has: bold });
  const buttons = await toolbar
    .getByRole('button')
    .evaluateAll((all) => [...new Set(all.map((button) => Math.round(button.getBoundingClientRect().top)))]);
  expect(buttons, 'rows of the rich text toolbar').toHaveLength(1);
  expect((await overflow(page)).page).toBeLessThanOrEqual(0);
  await shot(page, 'lists-fit-edit-1280');

  const historyButton = page.getByRole('button', { name: 'Historial' });
  await expect(historyButton).toHaveAttribute('aria-expanded', 'false');
  await historyButton.click();
  const sheet = page.getByRole('dialog', { name: 'Historial' });
  await expect(sheet).toBeVisible();
  await expect(sheet.getByRole('complementary', { name: 'Historial' })).toContainText('Creado');
  await shot(page, 'lists-fit-history-1280');
  await expectAccessible(page, 'historial sobre el formulario a 1280 px');
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();
  await expect(historyButton).toBeFocused();

  // Room for both: the history beside the form, no button.
  await page.setViewportSize({ width: 1700, height: 900 });
  await expect(page.getByRole('complementary', { name: 'Historial' })).toBeVisible();
  await expect(historyButton).toHaveCount(0);
  expect((await form.boundingBox())?.width ?? 0).toBeGreaterThan(850);
  await shot(page, 'lists-fit-history-1700');

  // A phone: the same button, the sheet over the whole screen.
  await page.setViewportSize(PHONE);
  await historyButton.click();
  await expect(sheet).toBeVisible();
  expect((await overflow(page)).page).toBeLessThanOrEqual(0);
  await shot(page, 'lists-fit-history-375');
  await expectAccessible(page, 'historial a 375 px');
  await sheet.getByRole('button', { name: /cerrar/i }).click();
  await expect(historyButton).toBeFocused();
  await page.context().close();
});

test('a success toast hides neither the user menu nor anything at the top', async ({ browser, baseURL }) => {
  for (const viewport of [DESKTOP, PHONE]) {
    const page = await signedIn(browser, baseURL!, editor, viewport);
    await page.goto('/category/create');
    await page.getByLabel('Nombre', { exact: true }).fill(`Aviso ${viewport.width} ${suffix}`);
    await page.getByRole('button', { name: 'Guardar' }).click();
    const toast = page.getByText(SAVED);
    await expect(toast).toBeVisible();
    const box = await page.locator('.p-toast-message').first().boundingBox();
    const menu = await page.getByRole('button', { name: 'Menú de usuario' }).boundingBox();
    if (!box || !menu) throw new Error('no box for the toast or the user menu');
    const overlaps =
      box.x < menu.x + menu.width &&
      menu.x < box.x + box.width &&
      box.y < menu.y + menu.height &&
      menu.y < box.y + box.height;
    expect(overlaps, 'the toast covers the user menu').toBe(false);
    // Inside the screen, at its bottom.
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
    expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
    expect(box.y).toBeGreaterThan(viewport.height / 2);
    await shot(page, `lists-fit-toast-${viewport.width}`);
    await expectAccessible(page, `aviso de guardado a ${viewport.width} px`);
    await page.context().close();
  }
});
