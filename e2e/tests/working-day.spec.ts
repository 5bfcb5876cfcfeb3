import type { Page } from '@playwright/test';
import { expect, newReader, submitSignIn, test } from '../support/fixtures';
import { apiCreate, pngBytes, sessionHeaders, shot } from '../support/pages';
import { admin } from '../support/test-users';

// Issue 30, "What a working day found": an administrator sets up a «Redacción» role by the name she
// reads, a writer holding only news view/create/update and multimedia view/create writes a news item
// with a new photo uploaded from the picker, and the administrator restores an earlier version of
// the published item without taking it off the website. At 1280 and 375 px.

/** The sign-in steps, with room for a loaded machine (the whole day runs in one test). */
async function signInAs(page: Page, email: string, password: string, name: string) {
  await page.goto('/auth/login');
  await submitSignIn(page, email, password);
  await expect(page.getByRole('heading', { name: `Hola, ${name}` })).toBeVisible({ timeout: 30_000 });
}

for (const [device, viewport] of [
  ['1280', { width: 1280, height: 800 }],
  ['375', { width: 375, height: 812 }],
] as const) {
  test(`a writer’s and an administrator’s day at ${device} px`, async ({ page, browser, baseURL }) => {
    test.setTimeout(300_000);
    await page.setViewportSize(viewport);
    const suffix = `${device}-${Date.now().toString(36)}`;

    // The administrator names the role the way people read it; the identifier follows.
    await signInAs(page, admin.email, admin.password, admin.name);
    await page.goto('/role/create');
    await page.getByLabel('Nombre', { exact: true }).fill(`Redacción ${suffix}`);
    await page.getByText('Avanzado', { exact: true }).click();
    await expect(page.getByLabel('Identificador', { exact: true })).toHaveValue(`redaccion-${suffix}`);
    await shot(page, `working-day-role-form-${device}`);
    const role = await apiCreate<{ name: string }>(page, baseURL!, '/api/roles', {
      label: `Redactora ${suffix}`,
      permissions: ['news.view', 'news.create', 'news.update', 'multimedia.view', 'multimedia.create'],
    });
    expect(role.name).toBe(`redactora-${suffix}`);
    const writer = await newReader(browser, baseURL!, 'Rosa Redactora', role.name);

    // The writer: a new item with a photo she uploads from the cover's picker.
    const context = await browser.newContext({ baseURL, locale: 'es-ES', viewport });
    const desk = await context.newPage();
    await signInAs(desk, writer.email, writer.password, writer.name);
    await desk.goto('/news/create');
    const title = `Fiestas del barrio ${suffix}`;
    await desk.getByLabel('Título', { exact: true }).fill(title);
    await desk.getByLabel('Subtítulo', { exact: true }).fill('Programa de los tres días');
    await desk.getByRole('button', { name: 'Elegir imagen' }).first().click();
    const picker = desk.getByRole('dialog', { name: 'Elegir imagen' });
    await expect(picker.getByRole('button', { name: 'Subir archivo' })).toBeVisible();
    await picker.getByPlaceholder('Nombre, título o texto alternativo').fill(`nada-${suffix}`);
    await picker.getByPlaceholder('Nombre, título o texto alternativo').press('Enter');
    await expect(picker.getByText(`Ningún archivo coincide con «nada-${suffix}».`)).toBeVisible();
    await shot(desk, `working-day-picker-${device}`);
    await picker.locator('input[type="file"]').setInputFiles({
      name: `cartel-${suffix}.png`,
      mimeType: 'image/png',
      buffer: await pngBytes(desk, '#0f766e'),
    });
    await expect(picker.getByText(`Elegido: cartel-${suffix}.png`)).toBeVisible({ timeout: 20_000 });
    await picker.getByRole('button', { name: 'Elegir', exact: true }).click();
    await expect(picker).toBeHidden();
    // A new upload has no alternative in the library: she says what the photo shows in this item,
    // which publishing it needs (docs/accessibility.md).
    await desk
      .getByLabel('Texto alternativo en esta noticia', { exact: true })
      .fill('Cartel de las fiestas del barrio');
    // Without news.publish her only save is «Guardar» (a draft).
    await desk.getByRole('button', { name: 'Guardar', exact: true }).click();
    await expect(desk.getByRole('heading', { level: 1, name: 'Editar noticia' })).toBeVisible();
    await shot(desk, `working-day-writer-saved-${device}`);
    // Done with it: back to her list (an item open in someone's form is theirs until they leave it).
    await desk.goto('/news');
    await expect(desk.getByRole('heading', { level: 1, name: 'Noticias' })).toBeVisible();

    // The administrator corrects the title and publishes it from the form: the toast says so and
    // links to the item on the website, in a new tab.
    const headers = await sessionHeaders(page, baseURL!);
    const found = await page.request.get(`/api/news?search=${encodeURIComponent(suffix)}`, { headers });
    const [item] = ((await found.json()) as { data: Array<{ id: number; slug: string }> }).data;
    await page.goto(`/news/${item!.slug}`);
    await page.getByLabel('Título', { exact: true }).fill(`${title} (corregido)`);
    await page.getByRole('button', { name: 'Publicar ahora' }).click();
    await expect(page.getByText('Noticia publicada.').last()).toBeVisible();
    const onTheWeb = page.getByRole('link', { name: /^Ver en la web/ });
    await expect(onTheWeb).toHaveAttribute('href', `https://www.example.org/noticias/${item!.slug}`);
    await expect(onTheWeb).toHaveAttribute('target', '_blank');
    await shot(page, `working-day-published-toast-${device}`);
    await page.getByRole('button', { name: 'Historial', exact: true }).click();
    const history = page.getByRole('complementary', { name: 'Historial' });
    await history.getByRole('button', { name: /^Restaurar la versión del .* de Rosa Redactora$/ }).click();
    const confirm = page.getByRole('dialog', { name: 'Restaurar versión' });
    await expect(confirm.getByText('Su estado de publicación no cambia.')).toBeVisible();
    await confirm.getByText('Restaurar también el estado de publicación de esa versión').click();
    await expect(confirm.getByText('La noticia dejará de estar publicada.')).toBeVisible();
    await shot(page, `working-day-restore-confirm-${device}`);
    await confirm.getByText('Restaurar también el estado de publicación de esa versión').click();
    await confirm.getByRole('button', { name: 'Restaurar', exact: true }).click();
    await expect(page.getByText(/^Restaurada la versión del .* de Rosa Redactora\.$/)).toBeVisible();
    await expect(page.getByLabel('Título', { exact: true })).toHaveValue(title);
    const site = await page.request.get(`/api/public/v1/news/${item!.slug}`);
    expect(site.status()).toBe(200);
    expect(((await site.json()) as { data: { subtitle: string } }).data.subtitle).toBe(
      'Programa de los tres días',
    );
    await shot(page, `working-day-restored-${device}`);

    // Published, it is beyond the writer's reach: the screen says "Ver", not "Editar".
    await desk.goto(`/news/${item!.slug}`);
    await expect(desk.getByRole('heading', { level: 1, name: 'Ver noticia' })).toBeVisible();
    await shot(desk, `working-day-writer-view-${device}`);

    // The activity log names the browser.
    await page.goto('/activity');
    await shot(page, `working-day-activity-${device}`);
    await context.close();
  });
}
