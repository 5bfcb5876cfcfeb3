import type { Page, Request } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { expect, test, useSession } from '../support/fixtures';
import { apiCreate, apiUploadImage, dragStep, dragTo, SAVED, shot, withHistory } from '../support/pages';
import { admin, editor } from '../support/test-users';

// End to end: an entity whose wrong CIF is explained on the field by the shared check before
// anything is sent, then saved with a good one; a space with its entity chosen in the searchable
// select and a gallery of three images from the picker, reordered by keyboard, by mouse and with the
// buttons, saved and read back in that order.

/**
 * A valid CIF for a foundation (G) with digits of this run's own: tax ids are unique, and a retry
 * runs on the same database.
 */
function freshCif(): { typed: string; stored: string } {
  const digits = String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0');
  let sum = 0;
  for (const [index, char] of [...digits].entries()) {
    const digit = Number(char);
    if (index % 2 === 1) sum += digit;
    else sum += Math.floor((digit * 2) / 10) + ((digit * 2) % 10);
  }
  const control = (10 - (sum % 10)) % 10;
  return { typed: `g-${digits}-${control}`, stored: `G${digits}${control}` };
}

/** POST /api/entities or PUT /api/entities/{id}: what the entity form writes. */
const isEntityWrite = (request: Request) =>
  /^\/api\/entities(\/\d+)?$/.test(new URL(request.url()).pathname) &&
  (request.method() === 'POST' || request.method() === 'PUT');

/** A full-page screenshot from the top (a fixed top bar would otherwise be drawn where the page was scrolled). */
async function shotFromTop(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, name);
}

test('an entity: a wrong CIF is explained on its field before sending, a good one is saved', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const suffix = Date.now().toString(36);
  const name = `Asociación Cultural ${suffix}`;
  const cif = freshCif();
  const writes: Request[] = [];
  page.on('request', (request) => {
    if (isEntityWrite(request)) writes.push(request);
  });

  await useSession(page, admin);
  await page.getByRole('navigation').getByRole('link', { name: 'Entidades', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Entidades' })).toBeVisible();
  // An empty list offers the link again under its explanation: the header's comes first.
  await page.getByRole('link', { name: 'Nueva entidad' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Nueva entidad' })).toBeVisible();

  await page.getByLabel('Nombre', { exact: true }).fill(name);
  await page.getByLabel('Tipo', { exact: true }).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('option', { name: 'Asociación', exact: true }).click();
  await page.getByLabel('Correo electrónico').fill('Info@Cultura.example');
  await page.getByLabel('Web', { exact: true }).fill('www.cultura.example');

  // A CIF whose control digit is wrong: said on the field as soon as the person leaves it.
  const taxId = page.getByLabel('NIF/CIF');
  await taxId.fill('G12345670');
  await taxId.press('Tab');
  await expect(page.getByText('El dígito de control del CIF no es correcto.')).toBeVisible();
  await expect(taxId).toHaveAttribute('aria-invalid', 'true');
  await expect(taxId).toHaveAttribute('aria-describedby', /-error/);
  // "Guardar" sends nothing: the same check refuses it in the browser.
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('El dígito de control del CIF no es correcto.')).toBeVisible();
  await expect(taxId).toBeFocused();
  // Another way of being wrong, another sentence.
  await taxId.fill('B1234567D');
  await taxId.press('Tab');
  await expect(
    page.getByText('El CIF que empieza por B termina en un dígito de control, no en una letra.'),
  ).toBeVisible();
  await shotFromTop(page, 'entity-create-error-1280');
  await expectAccessible(page, 'nueva entidad con un CIF erróneo');
  expect(writes).toHaveLength(0);

  // A good one, written with dashes and in lower case: shown as it will be stored.
  await taxId.fill(cif.typed);
  await taxId.press('Tab');
  await expect(taxId).toHaveValue(cif.stored);
  await expect(page.getByText(/control del CIF/)).toHaveCount(0);
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText(SAVED)).toBeVisible();
  await expect(page).toHaveURL(/\/entity\/\d+$/);
  expect(writes).toHaveLength(1);
  expect(writes[0]!.postDataJSON()).toMatchObject({
    name,
    type: 'asociacion',
    tax_id: cif.stored,
    email: 'info@cultura.example',
    website: 'https://www.cultura.example',
  });
  await expect(page.getByLabel('Web', { exact: true })).toHaveValue('https://www.cultura.example');
  await shotFromTop(page, 'entity-edit-1280');
  await expectAccessible(page, 'editar entidad');

  // The list: its type and NIF, no spaces yet, filtered by type and active.
  await page.goto(`/entity?search=${suffix}&filter[type]=asociacion&filter[active]=true`);
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(cif.stored);
  await expect(row).toContainText('Asociación');
  await shot(page, 'entity-list-1280');
  await expectAccessible(page, 'entidades');
  await page.goto(`/entity?search=${suffix}&filter[type]=empresa`);
  await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(0);

  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(`/entity?search=${suffix}`);
  await expect(page.getByText(name)).toBeVisible();
  await shot(page, 'entity-list-375');
  await expectAccessible(page, 'entidades (375 px)');
  await page.goto('/entity/create');
  await page.getByLabel('NIF/CIF').fill('12345678A');
  await page.getByLabel('NIF/CIF').press('Tab');
  await expect(page.getByText('La letra de control del NIF no es correcta.')).toBeVisible();
  await shotFromTop(page, 'entity-create-375');
  await expectAccessible(page, 'nueva entidad (375 px)');
});

test('a space: its entity from the searchable select, a gallery of three images reordered and kept', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const origin = baseURL ?? '';
  const suffix = Date.now().toString(36);
  const entityName = `Fundación Teatro ${suffix}`;
  const spaceName = `Sala principal ${suffix}`;
  const [red, green, blue] = [`roja-${suffix}.png`, `verde-${suffix}.png`, `azul-${suffix}.png`];

  await useSession(page, admin);
  const entity = await apiCreate<{ id: number }>(page, origin, '/api/entities', {
    name: entityName,
    type: 'fundacion',
  });
  await apiUploadImage(page, origin, { name: red, color: '#b91c1c' });
  await apiUploadImage(page, origin, { name: green, color: '#15803d' });
  await apiUploadImage(page, origin, { name: blue, color: '#1d4ed8' });

  await page.getByRole('navigation').getByRole('link', { name: 'Espacios', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Espacios' })).toBeVisible();
  await page.getByRole('link', { name: 'Nuevo espacio' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Nuevo espacio' })).toBeVisible();
  await page.getByLabel('Nombre', { exact: true }).fill(spaceName);
  await page.getByLabel('Aforo').fill('120');

  // The entity, by keyboard: Enter opens the select and its search box takes the focus.
  await page.getByLabel('Entidad', { exact: true }).focus();
  await page.keyboard.press('Enter');
  await page.getByPlaceholder('Buscar…').fill(suffix);
  await page.getByRole('option', { name: entityName, exact: true }).click();
  await expect(page.locator('.p-dropdown-label', { hasText: entityName })).toBeVisible();

  // Three images from the picker, chosen in this order.
  const gallery = page.getByRole('group', { name: 'Galería de imágenes' });
  await expect(gallery.getByText('Todavía no hay imágenes en la galería.')).toBeVisible();
  await gallery.getByRole('button', { name: 'Añadir imágenes' }).click();
  const picker = page.getByRole('dialog', { name: 'Añadir imágenes a la galería' });
  await expect(picker).toBeVisible();
  await picker.getByRole('searchbox').fill(suffix);
  await expect(picker.getByText(red)).toBeVisible();
  await expect(picker.getByText(blue)).toBeVisible();
  for (const image of [red, green, blue]) await picker.getByText(image).click();
  await expect(picker.getByText('3 elegidos.')).toBeVisible();
  await shot(page, 'space-picker-1280');
  await expectAccessible(page, 'selector de imágenes de la galería');
  await picker.getByRole('button', { name: 'Elegir (3)' }).click();
  await expect(picker).toBeHidden();

  const order = () => gallery.locator('.media-gallery-name').allTextContents();
  const named = (names: string[]) => names.map((image, index) => `${index + 1} de 3: ${image}`);
  await expect.poll(order).toEqual(named([red, green, blue]));
  // The thumbnails carry the images' alt text (none here: decorative, the name is beside them).
  await expect(gallery.locator('img')).toHaveCount(3);
  await expect(page.getByText('3 imágenes añadidas al final de la galería.')).toBeAttached();

  // Keyboard: the blue one's handle picks it up with Space, two arrows up, Space drops it.
  const handle = (image: string) => gallery.getByRole('button', { name: `Arrastrar la imagen «${image}»` });
  // Each step is announced; the next key waits for it (an arrow may first scroll the page smoothly).
  await handle(blue).focus();
  await page.keyboard.press('Space');
  await expect(page.getByText(`Se ha tomado Imagen «${blue}», en la posición 3 de 3.`)).toBeAttached();
  await dragStep(page, 'ArrowUp', `Imagen «${blue}», ahora en la posición 2 de 3.`);
  await dragStep(page, 'ArrowUp', `Imagen «${blue}», ahora en la posición 1 de 3.`);
  await page.keyboard.press('Space');
  await expect.poll(order).toEqual(named([blue, red, green]));
  await expect(handle(blue)).toBeFocused();

  // Buttons: "Bajar" by keyboard; the focus stays with the image, on its way down.
  const down = gallery.getByRole('button', { name: `Bajar la imagen «${blue}»` });
  await down.focus();
  await page.keyboard.press('Enter');
  await expect.poll(order).toEqual(named([red, blue, green]));
  await expect(down).toBeFocused();
  await expect(page.getByText(`Imagen «${blue}» movida a la posición 2 de 3.`)).toBeAttached();

  // Mouse: the green one dragged by its handle onto the first place.
  await dragTo(page, handle(green), gallery.locator('.media-gallery-item').first());
  await expect.poll(order).toEqual(named([green, red, blue]));
  await shotFromTop(page, 'space-create-1280');
  await expectAccessible(page, 'nuevo espacio con galería');

  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText(SAVED)).toBeVisible();
  await expect(page).toHaveURL(/\/space\/\d+$/);
  const spaceId = Number(new URL(page.url()).pathname.split('/').pop());
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Editar espacio' })).toBeVisible();
  await expect.poll(order).toEqual(named([green, red, blue]));
  await expect(page.locator('.p-dropdown-label', { hasText: entityName })).toBeVisible();
  await expect(page.getByLabel('Aforo')).toHaveValue('120 personas');
  const stored = await page.request.get(`/api/spaces/${spaceId}`, {
    headers: { Accept: 'application/json', Referer: `${origin}/` },
  });
  expect(stored.status()).toBe(200);
  const data = ((await stored.json()) as { data: { images: Array<{ name: string }>; entity: unknown } }).data;
  expect(data.images.map((image) => image.name)).toEqual([green, red, blue]);
  expect(data.entity).toEqual({ id: entity.id, name: entityName });

  // Taking one out and saving keeps the rest in order.
  await gallery.getByRole('button', { name: `Quitar la imagen «${red}»` }).click();
  await expect
    .poll(() => gallery.locator('.media-gallery-name').allTextContents())
    .toEqual([`1 de 2: ${green}`, `2 de 2: ${blue}`]);
  await expect(gallery.getByRole('button', { name: `Quitar la imagen «${blue}»` })).toBeFocused();
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText(SAVED)).toBeVisible();
  await page.reload();
  await expect
    .poll(() => gallery.locator('.media-gallery-name').allTextContents())
    .toEqual([`1 de 2: ${green}`, `2 de 2: ${blue}`]);
  await withHistory(page, (history) => expect(history.getByText(`Quitadas: ${red}`)).toBeVisible());
  await shotFromTop(page, 'space-edit-1280');
  await expectAccessible(page, 'editar espacio');

  // The list filtered by entity; the entity counts its space and offers no delete.
  await page.goto(`/space?filter[entity]=${entity.id}`);
  const row = page.getByRole('row').filter({ hasText: spaceName });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(entityName);
  await expect(row).toContainText('120');
  await shot(page, 'space-list-1280');
  await expectAccessible(page, 'espacios');
  await page.goto(`/entity?search=${suffix}`);
  const entityRow = page.getByRole('row').filter({ hasText: entityName });
  await expect(entityRow.getByRole('cell', { name: '1', exact: true })).toHaveCount(1);
  await expect(page.getByRole('button', { name: `Eliminar «${entityName}»` })).toHaveCount(0);

  // On a phone.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(`/space/${spaceId}`);
  await expect.poll(() => gallery.locator('.media-gallery-name').allTextContents()).toHaveLength(2);
  await shotFromTop(page, 'space-edit-375');
  await expectAccessible(page, 'editar espacio (375 px)');
  await gallery.getByRole('button', { name: 'Añadir imágenes' }).click();
  await expect(picker).toBeVisible();
  await shot(page, 'space-picker-375');
  await expectAccessible(page, 'selector de imágenes de la galería (375 px)');
  await picker.getByRole('button', { name: 'Cancelar' }).click();
  await page.goto(`/space?filter[entity]=${entity.id}`);
  await expect(page.getByText(spaceName)).toBeVisible();
  await shot(page, 'space-list-375');
  await expectAccessible(page, 'espacios (375 px)');
});

test('read-only for the editor role (view only): the entity and space forms show their values, nothing to save, and pass axe', async ({
  page,
  browser,
  baseURL,
}) => {
  const origin = baseURL!;
  const suffix = Date.now().toString(36);
  await useSession(page, admin);
  const entity = await apiCreate<{ id: number }>(page, origin, '/api/entities', {
    name: `Ayuntamiento de lectura ${suffix}`,
    type: 'ayuntamiento',
  });
  const space = await apiCreate<{ id: number }>(page, origin, '/api/spaces', {
    name: `Salón de plenos ${suffix}`,
    entity: entity.id,
    capacity: 80,
  });

  const context = await browser.newContext({ baseURL, locale: 'es-ES', timezoneId: 'Europe/Madrid' });
  const reader = await context.newPage();
  await useSession(reader, editor);
  for (const width of [1280, 375]) {
    await reader.setViewportSize({ width, height: 900 });
    await reader.goto(`/entity/${entity.id}`);
    await expect(reader.getByLabel('Nombre')).toHaveValue(`Ayuntamiento de lectura ${suffix}`);
    // The type is a disabled select whose value must stay readable (axe checks its contrast below).
    await expect(reader.locator('.p-dropdown-label', { hasText: 'Ayuntamiento' })).toBeVisible();
    await expect(reader.getByRole('button', { name: 'Guardar' })).toHaveCount(0);
    await expectAccessible(reader, `entidad de solo lectura a ${width} px`);
    await reader.goto(`/space/${space.id}`);
    await expect(reader.getByLabel('Nombre')).toHaveValue(`Salón de plenos ${suffix}`);
    await expect(reader.getByRole('button', { name: 'Guardar' })).toHaveCount(0);
    await expectAccessible(reader, `espacio de solo lectura a ${width} px`);
  }
  await context.close();
});
