import { expect, type Locator, type Page } from '@playwright/test';

// What several specs do with a page beside clicking: screenshots for a person to look at, images made
// in the page (no fixture files), and API calls with the page's own session.

export const SAVED = 'Guardado correctamente.';

/** The two widths every screen is checked at (docs/architecture.md#the-spa): a laptop and a phone. */
export const SCREEN_SIZES = [
  ['1280', { width: 1280, height: 800 }],
  ['375', { width: 375, height: 812 }],
] as const;

/** A full-page screenshot into E2E_SHOTS_DIR, when set (looked at by hand, never compared). */
export async function shot(page: Page, name: string): Promise<void> {
  const directory = process.env.E2E_SHOTS_DIR;
  if (directory) await page.screenshot({ path: `${directory}/${name}.png`, fullPage: true });
}

/** Waits until no animation runs: a panel fading or sliding in is measured (colours, place) as it ends. */
export const settled = (page: Page) =>
  page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running'),
  );

/**
 * Runs `check` on an edit screen's Historial: beside the form on a wide screen, else behind the
 * header's "Historial" button in a sheet over the form (issue 16), which is closed again after.
 */
export async function withHistory(page: Page, check: (history: Locator) => Promise<void>): Promise<void> {
  const history = page.getByRole('complementary', { name: 'Historial' });
  const button = page.getByRole('button', { name: 'Historial', exact: true });
  await expect(history.or(button).first()).toBeVisible();
  const inSheet = await button.isVisible();
  if (inSheet) await button.click();
  await expect(history).toBeVisible();
  // The sheet slides in: axe would measure its text mid-fade.
  await settled(page);
  await check(history);
  if (inSheet) {
    await page.keyboard.press('Escape');
    await expect(history).toBeHidden();
  }
}

/** A small PNG drawn in the page: a coloured rectangle. */
export async function pngBytes(page: Page, color: string, width = 96, height = 64): Promise<Buffer> {
  const base64 = await page.evaluate(
    ({ fill, w, h }) => {
      const canvas = document.createElement('canvas');
      canvas.width = w;
      canvas.height = h;
      const context = canvas.getContext('2d');
      if (!context) throw new Error('no canvas');
      context.fillStyle = fill;
      context.fillRect(0, 0, w, h);
      return canvas.toDataURL('image/png').split(',')[1] ?? '';
    },
    { fill: color, w: width, h: height },
  );
  return Buffer.from(base64, 'base64');
}

/** The headers the SPA sends with its session: the CSRF token from its cookie, and where it comes from. */
export async function sessionHeaders(page: Page, baseURL: string): Promise<Record<string, string>> {
  const cookies = await page.context().cookies();
  const xsrf = cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
  return {
    Accept: 'application/json',
    'X-XSRF-TOKEN': decodeURIComponent(xsrf),
    Origin: baseURL,
    Referer: `${baseURL}/`,
  };
}

/** POST to the API with the page's session, the way the SPA does (CSRF header from the cookie). */
export async function apiCreate<T>(page: Page, baseURL: string, path: string, body: object): Promise<T> {
  const response = await page.request.post(path, {
    data: body,
    headers: await sessionHeaders(page, baseURL),
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: T }).data;
}

/** Uploads a PNG drawn in the page to the media library with the page's session; returns its id. */
export async function apiUploadImage(
  page: Page,
  baseURL: string,
  {
    name,
    color,
    width = 160,
    height = 120,
  }: { name: string; color: string; width?: number; height?: number },
): Promise<number> {
  const response = await page.request.post('/api/multimedia', {
    headers: await sessionHeaders(page, baseURL),
    multipart: { file: { name, mimeType: 'image/png', buffer: await pngBytes(page, color, width, height) } },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: { id: number } }).data.id;
}

/** Mouse drag by a drag handle: press, move a little (a drag starts after 4 px), then in steps to the target's centre. */
export async function dragTo(page: Page, handle: Locator, target: Locator): Promise<void> {
  const from = await handle.boundingBox();
  const to = await target.boundingBox();
  if (!from || !to) throw new Error('Sin caja para arrastrar');
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 - 6, { steps: 3 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 15 });
  await page.mouse.up();
}

/**
 * One arrow key of a keyboard drag, then what the screen reader is told. When the next place is out
 * of sight, dnd-kit's first press only scrolls the page there, so a person presses again: so does this.
 */
export async function dragStep(page: Page, key: string, announcement: string): Promise<void> {
  const said = page.getByText(announcement, { exact: true });
  await page.keyboard.press(key);
  try {
    await expect(said).toBeAttached({ timeout: 2_000 });
  } catch {
    await page.keyboard.press(key);
    await expect(said).toBeAttached();
  }
}

/**
 * Picks a library item already uploaded: the button that opens the picker, the dialog it opens
 * (named after it unless told), the item by its file name, then "Elegir".
 */
export async function pickFromLibrary(
  page: Page,
  { opener, dialog = opener, fileName }: { opener: string; dialog?: string; fileName: string },
): Promise<void> {
  await page.getByRole('button', { name: opener }).click();
  const picker = page.getByRole('dialog', { name: dialog });
  await picker.getByText(fileName).click();
  await picker.getByRole('button', { name: 'Elegir', exact: true }).click();
  await expect(picker).toBeHidden();
}

/** Chooses one option of the news form's categories control, found by a search. */
export async function chooseTag(page: Page, search: string, option: string): Promise<void> {
  await page.locator('.tags-control').click();
  await page.getByPlaceholder('Buscar…').fill(search);
  await page.getByRole('option', { name: option }).click();
  await page.keyboard.press('Escape');
}

/**
 * A new news item typed as a writer does: its title, then a sentence and a link made with the
 * editor's link dialog by keyboard (Ctrl+K, the address, Tab, the link's words). Unsaved; returns the
 * body's editor.
 */
export async function writeNewsWithLink(
  page: Page,
  { title, sentence, href, words }: { title: string; sentence: string; href: string; words: string },
): Promise<Locator> {
  await page.goto('/news/create');
  await expect(page.getByRole('heading', { level: 1, name: 'Nueva noticia' })).toBeVisible();
  await page.getByLabel('Título', { exact: true }).fill(title);
  const body = page.getByRole('textbox', { name: 'Texto', exact: true });
  await expect(page.getByRole('button', { name: 'Negrita' })).toBeVisible();
  await body.click();
  await page.keyboard.type(sentence);
  await page.keyboard.press('Control+k');
  const dialog = page.getByRole('dialog', { name: 'Insertar enlace' });
  await expect(dialog.getByLabel('Dirección')).toBeFocused();
  await page.keyboard.type(href);
  await page.keyboard.press('Tab');
  await expect(dialog.getByLabel('Texto del enlace')).toBeFocused();
  await page.keyboard.type(words);
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(body.getByRole('link', { name: words })).toBeVisible();
  return body;
}
