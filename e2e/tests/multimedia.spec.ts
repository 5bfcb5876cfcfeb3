import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test, useSession } from '../support/fixtures';
import { admin } from '../support/test-users';

// docs/areas.md#multimedia, the SPA part: uploads (three at a time, each with its progress, a summary of
// what failed and why), the grid and the table, the type filter, and the side panel (alt text,
// replacing the file). Every test names its files after itself, so tests running side by side never
// see each other's uploads.

const fixture = (name: string) => new URL(`../fixtures/media/${name}`, import.meta.url);

interface UploadFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** A fixture file under another name (the test's own). */
function file(fixtureName: string, name: string, mimeType: string): UploadFile {
  return { name, mimeType, buffer: readFileSync(fixture(fixtureName)) };
}

async function openLibrary(page: Page, query = '') {
  await page.goto(`/multimedia${query}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Multimedia' })).toBeVisible();
}

/** "Subir archivos" → the browser's file chooser → these files. */
async function upload(page: Page, files: UploadFile[]) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Subir archivos' }).first().click();
  await (await chooser).setFiles(files);
}

const uploads = (page: Page) => page.getByRole('region', { name: 'Subida de archivos' });

/** Uploads one image and opens its side panel from the grid. */
async function uploadAndOpen(page: Page, image: UploadFile) {
  await openLibrary(page);
  await upload(page, [image]);
  await expect(uploads(page).getByText('Se ha subido el archivo.')).toBeVisible();
  await page.getByRole('button', { name: image.name, exact: true }).click();
  const panel = page.getByRole('dialog', { name: image.name });
  await expect(panel).toBeVisible();
  return panel;
}

test.beforeEach(async ({ page }) => {
  await useSession(page, admin);
});

test('uploads several files at once, three at a time, each with its own progress, and lists them', async ({
  page,
}) => {
  // Each upload is held back on its way, long enough for a loaded runner to see the queue at work.
  await page.route('**/api/multimedia?**', async (route) => {
    if (route.request().method() === 'POST') await new Promise((resolve) => setTimeout(resolve, 5_000));
    await route.continue();
  });
  const files = [
    file('paisaje.jpg', 'varios-paisaje.jpg', 'image/jpeg'),
    file('retrato.png', 'varios-retrato.png', 'image/png'),
    file('bases.pdf', 'varios-bases.pdf', 'application/pdf'),
    file('acta.txt', 'varios-acta.txt', 'text/plain'),
  ];
  const cancelled = file('atardecer.jpg', 'varios-cancelado.jpg', 'image/jpeg');
  await openLibrary(page);
  await upload(page, [...files, cancelled]);

  const region = uploads(page);
  await expect(region).toBeVisible();
  for (const { name } of files) {
    await expect(region.getByRole('progressbar', { name: `Progreso de «${name}»` })).toBeVisible();
    await expect(region.getByRole('button', { name: `Cancelar la subida de «${name}»` })).toBeVisible();
  }
  // Three on their way, the others waiting for one of them; one of those is called off.
  await expect(region.getByText(/^Subiendo…/)).toHaveCount(3);
  await expect(region.getByText('En espera', { exact: true })).toHaveCount(2);
  await region.getByRole('button', { name: `Cancelar la subida de «${cancelled.name}»` }).click();
  await expect(region.getByText('Cancelado', { exact: true })).toHaveCount(1);

  // The last of them is still held back on its way: two rounds of the hold.
  await expect(region.getByRole('status')).toHaveText('Se han subido los 4 archivos. Se canceló 1.', {
    timeout: 30_000,
  });
  // The list shows them without a reload: names beside images' thumbnails, type and extension else.
  await page.getByLabel('Buscar').fill('varios-');
  await expect(page).toHaveURL(/search=varios-/);
  for (const { name } of files) {
    await expect(page.getByRole('button', { name, exact: true })).toBeVisible();
  }
  await expect(page.getByRole('button', { name: cancelled.name, exact: true })).toBeHidden();
  const tile = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('button', { name: 'varios-bases.pdf' }) });
  await expect(tile).toContainText('PDF');
});

test('refuses what the server does not accept, and a file over the limit before sending it; nothing is added', async ({
  page,
}) => {
  let posted = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/multimedia') posted++;
  });
  await openLibrary(page);
  await upload(page, [
    file('dibujo.svg', 'rechazo-dibujo.svg', 'image/svg+xml'),
    // An executable renamed as a photo: the type comes from the bytes, not the name.
    {
      name: 'rechazo-programa.jpg',
      mimeType: 'image/jpeg',
      buffer: Buffer.from('MZ\x90\x00\x03\x00\x00\x00PE\x00\x00'),
    },
    // Over UPLOAD_MAX_MB (20): refused in the browser, never sent.
    { name: 'rechazo-enorme.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(21 * 1024 * 1024, 0xff) },
  ]);

  const summary = uploads(page).getByRole('alert');
  await expect(summary).toContainText('No se ha podido subir ninguno de los 3 archivos.');
  const failure = (name: string) => summary.getByRole('listitem').filter({ hasText: name });
  await expect(failure('rechazo-dibujo.svg')).toContainText('Este tipo de archivo no está permitido.');
  await expect(failure('rechazo-programa.jpg')).toContainText('Este tipo de archivo no está permitido.');
  await expect(failure('rechazo-enorme.jpg')).toContainText(
    'El archivo supera el tamaño máximo permitido (20 MB).',
  );
  expect(posted).toBe(2);

  await page.getByLabel('Buscar').fill('rechazo-');
  await expect(page).toHaveURL(/search=rechazo-/);
  await expect(page.getByText('Ningún resultado')).toBeVisible();

  await uploads(page).getByRole('button', { name: 'Cerrar' }).click();
  await expect(uploads(page)).toBeHidden();
});

test('replaces a file in the side panel: the same item, a new address', async ({ page }) => {
  await uploadAndOpen(page, file('paisaje.jpg', 'reemplazo-antes.jpg', 'image/jpeg'));
  const panel = page.getByRole('dialog');
  const id = new URL(page.url()).searchParams.get('item');
  expect(id).toMatch(/^\d+$/);
  const address = panel.getByRole('definition').filter({ hasText: '/storage/' });
  const before = await address.textContent();
  await expect(panel.getByText('800 × 600 px')).toBeVisible();

  const chooser = page.waitForEvent('filechooser');
  await panel.getByRole('button', { name: 'Reemplazar archivo' }).click();
  await (await chooser).setFiles(file('atardecer.jpg', 'reemplazo-despues.jpg', 'image/jpeg'));

  await expect(page.getByText('Archivo reemplazado.')).toBeVisible();
  await expect(panel.getByText('800 × 500 px')).toBeVisible();
  await expect(panel).toHaveAccessibleName('reemplazo-despues.jpg');
  await expect(address).not.toHaveText(before ?? '');
  expect(new URL(page.url()).searchParams.get('item')).toBe(id);

  // The new file is what the new address serves; the grid shows the same item under its new name.
  const served = await page.request.get((await address.textContent()) ?? '');
  expect(served.ok()).toBe(true);
  expect(served.headers()['content-type']).toBe('image/jpeg');
  await page.keyboard.press('Escape');
  await page.getByLabel('Buscar').fill('reemplazo-');
  await expect(page.getByRole('button', { name: 'reemplazo-despues.jpg', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'reemplazo-antes.jpg', exact: true })).toBeHidden();
});

test('edits the alt text: the thumbnail then carries it', async ({ page }) => {
  // Unique per attempt: CI retries a failed test once against the same database.
  const name = `alternativo-${Date.now().toString(36)}.png`;
  const panel = await uploadAndOpen(page, file('retrato.png', name, 'image/png'));
  await panel.getByLabel('Texto alternativo').fill('Retrato en tonos violetas con un sol naranja');
  await panel.getByLabel('Título').fill('Retrato violeta');
  await panel.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Guardado correctamente.')).toBeVisible();
  // The panel's title follows the new title.
  await expect(page.getByRole('dialog', { name: 'Retrato violeta' })).toBeVisible();

  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  // Closing gives the focus back to the tile that opened the panel.
  await expect(page.getByRole('button', { name, exact: true })).toBeFocused();
  await page.getByLabel('Buscar').fill(name.replace('.png', ''));
  // The search reaches the address (debounced) before the tile is opened.
  await expect(page).toHaveURL(/[?&]search=alternativo-/);
  await expect(page.getByRole('img', { name: 'Retrato en tonos violetas con un sol naranja' })).toBeVisible();

  // A reload keeps what was saved (and reopens the panel from its address).
  await page.getByRole('button', { name, exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Retrato violeta' })).toBeVisible();
  await expect(page).toHaveURL(/[?&]item=\d+/);
  await page.reload();
  await expect(
    page.getByRole('dialog', { name: 'Retrato violeta' }).getByLabel('Texto alternativo'),
  ).toHaveValue('Retrato en tonos violetas con un sol naranja');
});

test('switches between grid and table (kept in the address) and filters by type', async ({ page }) => {
  await openLibrary(page);
  await upload(page, [
    file('paisaje.jpg', 'vista-paisaje.jpg', 'image/jpeg'),
    file('bases.pdf', 'vista-bases.pdf', 'application/pdf'),
  ]);
  await expect(uploads(page).getByRole('status')).toHaveText('Se han subido los 2 archivos.');
  await page.getByLabel('Buscar').fill('vista-');
  await expect(page).toHaveURL(/search=vista-/);

  // The grid is the default view.
  await expect(page.getByRole('link', { name: 'Cuadrícula' })).toHaveAttribute('aria-current', 'true');
  await expect(page.getByRole('button', { name: 'vista-paisaje.jpg', exact: true })).toBeVisible();

  await page.getByRole('link', { name: 'Tabla' }).click();
  await expect(page).toHaveURL(/view=table/);
  await expect(page.getByRole('link', { name: 'Tabla' })).toHaveAttribute('aria-current', 'true');
  const table = page.getByRole('table');
  await expect(table.getByRole('columnheader', { name: 'Tamaño' })).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(3);

  await page.locator('.list-filter').filter({ hasText: 'Tipo' }).locator('.p-dropdown').click();
  await page.getByRole('option', { name: 'Documento' }).click();
  await expect(page).toHaveURL(/filter\[type\]=document/);
  await expect(page).toHaveURL(/view=table/);
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('button', { name: 'vista-bases.pdf', exact: true })).toBeVisible();

  // A reload keeps the view and the filter; the table's name opens the same panel.
  await page.reload();
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(2);
  await page.getByRole('button', { name: 'vista-bases.pdf', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'vista-bases.pdf' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Abrir el PDF/ })).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Cerrar' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();

  await page.getByRole('link', { name: 'Cuadrícula' }).click();
  await expect(page).not.toHaveURL(/view=/);
  await expect(page).toHaveURL(/filter\[type\]=document/);
  await expect(page.getByRole('button', { name: 'vista-bases.pdf', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'vista-paisaje.jpg', exact: true })).toBeHidden();
});

test('saving over someone else’s change offers the latest version', async ({ page }) => {
  await uploadAndOpen(page, file('paisaje.jpg', 'conflicto-foto.jpg', 'image/jpeg'));
  const panel = page.getByRole('dialog', { name: 'conflicto-foto.jpg' });
  const id = new URL(page.url()).searchParams.get('item');

  // Someone else (the same session, another tab) gives it a title meanwhile.
  // Sanctum: a cookie session counts only for requests from the SPA's own origin (its Referer).
  const cookies = await page.context().cookies();
  const xsrf = decodeURIComponent(cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '');
  const headers = { Accept: 'application/json', Referer: page.url() };
  const current = await page.request.get(`/api/multimedia/${id}`, { headers });
  const { data } = (await current.json()) as { data: { updated_at: string } };
  const other = await page.request.patch(`/api/multimedia/${id}`, {
    headers: { ...headers, 'X-XSRF-TOKEN': xsrf },
    data: { title: 'Título de otra persona', updated_at: data.updated_at },
  });
  expect(other.ok()).toBe(true);

  await panel.getByLabel('Texto alternativo').fill('Montañas verdes bajo un sol amarillo');
  await panel.getByRole('button', { name: 'Guardar' }).click();
  const conflict = page.getByRole('dialog', { name: 'Registro modificado' });
  await expect(conflict).toBeVisible();
  await conflict.getByRole('button', { name: 'Cargar la última versión' }).click();
  await expect(conflict).toBeHidden();
  await expect(page.getByRole('dialog', { name: 'Título de otra persona' }).getByLabel('Título')).toHaveValue(
    'Título de otra persona',
  );
});

test('a tile opened while a search is still on its way keeps its panel open', async ({ page }) => {
  const name = `panel-abierto-${Date.now().toString(36)}.png`;
  await openLibrary(page);
  await upload(page, [file('retrato.png', name, 'image/png')]);
  await expect(uploads(page).getByText('Se ha subido el archivo.')).toBeVisible();
  // Typing, then opening the tile at once: the search reaches the address after the panel opened.
  await page.getByLabel('Buscar').fill(name.replace('.png', ''));
  await page.getByRole('button', { name, exact: true }).click();
  await expect(page).toHaveURL(/[?&]search=panel-abierto-/);
  await expect(page).toHaveURL(/[?&]item=\d+/);
  await expect(page.getByRole('dialog', { name })).toBeVisible();
});
