import type { Page } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { expect, test, useSession } from '../support/fixtures';
import {
  apiCreate,
  apiUploadImage,
  dragStep,
  dragTo,
  pngBytes,
  SAVED,
  sessionHeaders,
  shot,
} from '../support/pages';
import { admin, editor } from '../support/test-users';

// End to end: a slide made with an image from the media picker and its live preview, and
// the slides reordered by keyboard, by mouse and with "Subir"/"Bajar", the order read back after a
// reload; and (issue 19, "A trash", decision 026) an editor, not an administrator, deletes a slide,
// finds it in the list's Papelera and restores it there by keyboard, back in its place in the order.
// Slides are one order for the whole site: the tests that read it are in this one file, which
// Playwright runs in one worker, one test after another (the reordering test starts from none; a
// second file creating slides at the same time made both see each other's).

/** The API with the page's session, as the SPA calls it (CSRF header from the cookie). */
async function api(
  page: Page,
  baseURL: string,
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  data?: object,
) {
  return page.request.fetch(path, { method, headers: await sessionHeaders(page, baseURL), data });
}

/** Removes every slide, so the order holds only what the test creates. */
async function removeAllSlides(page: Page, baseURL: string) {
  const list = await api(page, baseURL, 'GET', '/api/slides?per_page=100');
  const ids = ((await list.json()) as { data: Array<{ id: number }> }).data.map((slide) => slide.id);
  if (ids.length) expect((await api(page, baseURL, 'DELETE', '/api/slides', { ids })).status()).toBe(204);
}

/** The titles of the order view's rows, top to bottom. */
const orderShown = (page: Page) => page.locator('.slide-row .slide-row-title').allTextContents();

test('a slide with an image from the picker, and its live preview as visitors see it', async ({ page }) => {
  test.setTimeout(120_000);
  const suffix = Date.now().toString(36);
  const title = `Fiestas de verano ${suffix}`;
  const imageName = `plaza-${suffix}.png`;

  await useSession(page, admin);
  await page.getByRole('navigation').getByRole('link', { name: 'Diapositivas', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Diapositivas' })).toBeVisible();
  await page.getByRole('link', { name: 'Nueva diapositiva' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Nueva diapositiva' })).toBeVisible();
  const preview = page.getByTestId('slide-preview');
  await expect(preview).toContainText('Elija una imagen para ver la diapositiva.');

  // Without an image the form says so under the field, before sending anything.
  await page.getByLabel('Título', { exact: true }).fill(title);
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Elija una imagen para la diapositiva.')).toBeVisible();
  await shot(page, 'slide-create-1280');
  await expectAccessible(page, 'nueva diapositiva');

  // The image, uploaded from inside the picker.
  await page.getByRole('button', { name: 'Elegir imagen' }).click();
  const picker = page.getByRole('dialog');
  await expect(picker).toBeVisible();
  await picker.locator('input[type="file"]').setInputFiles({
    name: imageName,
    mimeType: 'image/png',
    buffer: await pngBytes(page, '#0e7490', 640, 360),
  });
  await expect(picker.getByText(`Elegido: ${imageName}`)).toBeVisible({ timeout: 20_000 });
  await shot(page, 'slide-picker-1280');
  await expectAccessible(page, 'selector de imágenes (diapositiva)');
  await picker.getByRole('button', { name: 'Elegir', exact: true }).click();
  await expect(picker).toBeHidden();
  await expect(page.getByText(imageName)).toBeVisible();

  // The preview follows the form as it is typed: image, title, subtitle, the button.
  await expect(preview.locator('img')).toHaveAttribute('src', /\/storage\/media\/.+\.webp$/);
  await expect(preview).toContainText(title);
  await page.getByLabel('Subtítulo').fill('Música y teatro en la plaza mayor');
  await expect(preview).toContainText('Música y teatro en la plaza mayor');
  await page.getByLabel('Enlace del botón').fill('javascript:alert(1)');
  await page.getByLabel('Texto del botón').fill('Ver programa');
  await expect(preview.getByText('Ver programa')).toBeVisible();
  await expect(page.getByText('Dirección no válida')).toBeVisible();
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText(/El enlace debe ser una dirección que empiece por https:\/\//)).toBeVisible();
  await page.getByLabel('Enlace del botón').fill('/agenda/fiestas');
  await expect(page.locator('.slide-preview-link')).toHaveText('/agenda/fiestas');
  await expect(page.locator('.slide-preview-facts')).toContainText('Activa');
  await shot(page, 'slide-create-filled-1280');
  await page.getByRole('button', { name: 'Móvil' }).click();
  await expect(page.getByRole('button', { name: 'Móvil' })).toHaveAttribute('aria-pressed', 'true');
  await shot(page, 'slide-create-phone-preview-1280');
  await expectAccessible(page, 'nueva diapositiva con vista previa');

  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText(SAVED)).toBeVisible();
  await expect(page).toHaveURL(/\/slide\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Editar diapositiva' })).toBeVisible();
  await expect(preview.locator('img')).toBeVisible();
  await expect(preview).toContainText(title);
  await expect(preview.getByText('Ver programa')).toBeVisible();
  await shot(page, 'slide-edit-1280');
  await expectAccessible(page, 'editar diapositiva');

  // On a phone the preview goes under the fields.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.reload();
  await expect(preview).toContainText(title);
  await shot(page, 'slide-edit-375');
  await expectAccessible(page, 'editar diapositiva (375 px)');
  await page.goto('/slide/create');
  await page.getByRole('button', { name: 'Elegir imagen' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await shot(page, 'slide-picker-375');
  await expectAccessible(page, 'selector de imágenes (375 px)');
});

test('slides reordered by keyboard, by mouse and with Subir/Bajar; the order is kept', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const origin = baseURL ?? '';
  await useSession(page, admin);
  await removeAllSlides(page, origin);
  const imageId = await apiUploadImage(page, origin, {
    name: 'orden.png',
    color: '#7c2d12',
    width: 320,
    height: 180,
  });
  for (const [title, extra] of [
    ['Ayuntamiento abierto', { link_url: '/sede', link_label: 'Sede electrónica' }],
    ['Biblioteca', {}],
    ['Cine de verano', { starts_at: new Date(Date.now() + 86_400_000).toISOString() }],
  ] as const) {
    const created = await api(page, origin, 'POST', '/api/slides', { title, image: imageId, ...extra });
    expect(created.status(), await created.text()).toBe(201);
  }

  await page.goto('/slide');
  await expect(page.getByRole('heading', { level: 1, name: 'Diapositivas' })).toBeVisible();
  await expect.poll(() => orderShown(page)).toEqual(['Ayuntamiento abierto', 'Biblioteca', 'Cine de verano']);
  await expect(page.locator('.slide-row').nth(2)).toContainText('Programada');
  await shot(page, 'slide-list-1280');
  await expectAccessible(page, 'diapositivas');

  // Keyboard: the handle picks the slide up with Space, the arrows move it, Space drops it.
  const handle = (title: string) => page.getByRole('button', { name: `Arrastrar «${title}»` });
  // Each step at a person's pace: after what the screen reader says, as someone listening would.
  await handle('Cine de verano').focus();
  await page.keyboard.press('Space');
  await expect(page.getByText('Se ha tomado «Cine de verano», en la posición 3 de 3.')).toBeAttached();
  await dragStep(page, 'ArrowUp', '«Cine de verano», ahora en la posición 2 de 3.');
  await dragStep(page, 'ArrowUp', '«Cine de verano», ahora en la posición 1 de 3.');
  await page.keyboard.press('Space');
  await expect.poll(() => orderShown(page)).toEqual(['Cine de verano', 'Ayuntamiento abierto', 'Biblioteca']);
  await expect(page.getByText(/Orden guardado: «Cine de verano» en la posición 1 de 3\./)).toBeAttached();
  await expect(handle('Cine de verano')).toBeFocused();
  await page.reload();
  await expect.poll(() => orderShown(page)).toEqual(['Cine de verano', 'Ayuntamiento abierto', 'Biblioteca']);

  // Mouse: "Biblioteca" dragged by its handle onto the first place.
  await dragTo(page, handle('Biblioteca'), page.locator('.slide-row').first());
  await expect.poll(() => orderShown(page)).toEqual(['Biblioteca', 'Cine de verano', 'Ayuntamiento abierto']);
  await expect(page.getByText(/Orden guardado: «Biblioteca» en la posición 1 de 3\./)).toBeAttached();
  await page.reload();
  await expect.poll(() => orderShown(page)).toEqual(['Biblioteca', 'Cine de verano', 'Ayuntamiento abierto']);

  // Buttons: "Bajar" twice; at the bottom the focus moves to its "Subir".
  const down = page.getByRole('button', { name: 'Bajar «Biblioteca»' });
  await down.click();
  await expect.poll(() => orderShown(page)).toEqual(['Cine de verano', 'Biblioteca', 'Ayuntamiento abierto']);
  await expect(down).toBeFocused();
  await page.keyboard.press('Enter');
  await expect.poll(() => orderShown(page)).toEqual(['Cine de verano', 'Ayuntamiento abierto', 'Biblioteca']);
  await expect(down).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Subir «Biblioteca»' })).toBeFocused();
  await expect(page.getByText(/Orden guardado: «Biblioteca» en la posición 3 de 3\./)).toBeAttached();
  await page.reload();
  await expect.poll(() => orderShown(page)).toEqual(['Cine de verano', 'Ayuntamiento abierto', 'Biblioteca']);
  // The table view shows the same order, by position.
  await page.getByRole('link', { name: 'Tabla' }).click();
  await expect(page.getByRole('row').nth(1)).toContainText('Cine de verano');
  await shot(page, 'slide-table-1280');
  await expectAccessible(page, 'diapositivas (tabla)');

  // Filtered, the list is not the whole order: no handles, and a way back to it.
  await page.goto('/slide?filter[state]=active');
  await expect.poll(() => orderShown(page)).toEqual(['Ayuntamiento abierto', 'Biblioteca']);
  await expect(page.getByRole('button', { name: /^Arrastrar/ })).toHaveCount(0);
  await expect(page.getByText('El orden se cambia sobre la lista completa')).toBeVisible();
  await expectAccessible(page, 'diapositivas filtradas');

  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/slide');
  await expect.poll(() => orderShown(page)).toEqual(['Cine de verano', 'Ayuntamiento abierto', 'Biblioteca']);
  await shot(page, 'slide-list-375');
  await expectAccessible(page, 'diapositivas (375 px)');
  // On a phone the arrows alone move it; their names stay.
  await page.getByRole('button', { name: 'Subir «Biblioteca»' }).click();
  await expect.poll(() => orderShown(page)).toEqual(['Cine de verano', 'Biblioteca', 'Ayuntamiento abierto']);
  // The new order shows at once; reload only once the server has it.
  await expect(page.getByText(/Orden guardado: «Biblioteca» en la posición 2 de 3\./)).toBeAttached();
  await page.reload();
  await expect.poll(() => orderShown(page)).toEqual(['Cine de verano', 'Biblioteca', 'Ayuntamiento abierto']);
});

/** The live slides' titles in their order, read from the API with the page's session. */
async function slideOrder(page: Page, baseURL: string): Promise<string[]> {
  const response = await page.request.get('/api/slides?per_page=100&sort=position', {
    headers: await sessionHeaders(page, baseURL),
  });
  return ((await response.json()) as { data: Array<{ title: string }> }).data.map((slide) => slide.title);
}

test('an editor deletes a slide and restores it from the Papelera: its place comes back', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const origin = baseURL ?? '';
  const suffix = Date.now().toString(36);
  await useSession(page, editor);
  const image = await apiUploadImage(page, origin, { name: `papelera-${suffix}.png`, color: '#1d4ed8' });
  const titles = ['Primera', 'Segunda', 'Tercera'].map((title) => `${title} ${suffix}`);
  for (const title of titles) await apiCreate(page, origin, '/api/slides', { title, image });
  const before = await slideOrder(page, origin);
  const place = before.indexOf(titles[1]!);

  await page.goto(`/slide?view=table&search=${suffix}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Diapositivas' })).toBeVisible();
  await page.getByRole('button', { name: `Eliminar «${titles[1]}»` }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirmar eliminación' });
  await expect(confirm).toContainText(`¿Enviar «${titles[1]}» a la papelera?`);
  await confirm.getByRole('button', { name: 'Eliminar' }).click();
  await expect(page.getByText('Se ha enviado 1 elemento a la papelera.')).toBeVisible();
  expect(await slideOrder(page, origin)).not.toContain(titles[1]);

  // The trash, by keyboard: its tab, the row, "Restaurar".
  const trashTab = page.getByRole('link', { name: /^Papelera \(\d+\)$/ });
  await trashTab.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/papelera=1/);
  const row = page.getByRole('row').filter({ hasText: titles[1]! });
  await expect(row).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Enviado a la papelera' })).toBeVisible();
  await shot(page, 'trash-1280');
  await expectAccessible(page, 'papelera de diapositivas');

  await page.setViewportSize({ width: 375, height: 800 });
  await expect(page.getByRole('button', { name: `Restaurar «${titles[1]}»` })).toBeVisible();
  await shot(page, 'trash-375');
  await expectAccessible(page, 'papelera de diapositivas (375 px)');
  await page.setViewportSize({ width: 1280, height: 800 });

  // The confirmation of a permanent deletion says it cannot be undone; cancelled here.
  await page.getByRole('button', { name: `Eliminar definitivamente «${titles[1]}»` }).click();
  const forever = page.getByRole('dialog', { name: 'Eliminar definitivamente' });
  await expect(forever).toContainText('Esta acción no se puede deshacer.');
  await expectAccessible(page, 'confirmación de eliminar definitivamente');
  await page.keyboard.press('Escape');
  await expect(forever).toBeHidden();

  const restore = page.getByRole('button', { name: `Restaurar «${titles[1]}»` });
  await restore.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Se ha restaurado 1 elemento.')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: titles[1]! })).toHaveCount(0);

  // Back in its place in the order.
  expect((await slideOrder(page, origin)).indexOf(titles[1]!)).toBe(place);
  await page.getByRole('link', { name: 'Elementos', exact: true }).click();
  await expect(
    page.getByRole('cell', { name: titles[1] }).or(page.getByText(titles[1]!)).first(),
  ).toBeVisible();
});
