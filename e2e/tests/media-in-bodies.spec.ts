import { expectAccessible } from '../support/axe';
import { expect, test, useSession } from '../support/fixtures';
import { apiUploadImage, pngBytes, sessionHeaders, shot } from '../support/pages';
import { editor } from '../support/test-users';

// docs/areas.md#rules-shared-by-the-content-areas: a body points at its library images by id, so replacing a file from the
// multimedia screen (a routine task) leaves every news item that shows it showing the new file, in
// the editor and in what the API gives the website. Done as the editor role would.

test('an image in a news body still shows after its file is replaced from the library', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const suffix = Date.now().toString(36);
  const title = `Fiestas patronales ${suffix}`;
  const imageName = `cartel-${suffix}.png`;
  const replacementName = `cartel-definitivo-${suffix}.png`;
  await useSession(page, editor);
  await apiUploadImage(page, baseURL!, { name: imageName, color: '#b91c1c', width: 160, height: 120 });

  // The image goes into the body from the library picker, found by its name.
  await page.goto('/news/create');
  await page.getByLabel('Título', { exact: true }).fill(title);
  const body = page.getByRole('textbox', { name: 'Texto', exact: true });
  await body.click();
  await page.keyboard.type('El cartel de este año:');
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Imagen de la biblioteca' }).click();
  const picker = page.getByRole('dialog', { name: 'Insertar imagen' });
  await picker.getByLabel('Buscar').fill(`cartel-${suffix}`);
  await picker.getByText(imageName).click();
  await picker.getByRole('button', { name: 'Elegir', exact: true }).click();
  await expect(picker).toBeHidden();
  await expect(body.locator('img')).toHaveCount(1);
  const created = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/news' && response.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Guardar borrador' }).click();
  const saved = (await (await created).json()) as { data: { slug: string; body: string } };
  expect(saved.data.body).toMatch(/<img data-media-id="\d+" src="[^"]+" width="160" height="120"/);
  await expect(page).toHaveURL(new RegExp(`/news/${saved.data.slug}$`));

  // The file is replaced from the multimedia screen.
  await page.goto(`/multimedia?search=cartel-${suffix}`);
  await page.getByRole('button', { name: imageName, exact: true }).click();
  await expect(page.getByRole('dialog', { name: imageName })).toBeVisible();
  // The panel is named after the file, and the file changes.
  const panel = page.getByRole('dialog');
  const address = panel.getByRole('definition').filter({ hasText: '/storage/' });
  const before = (await address.textContent()) ?? '';
  await expect(panel.getByRole('link', { name: title })).toBeVisible();
  const chooser = page.waitForEvent('filechooser');
  await panel.getByRole('button', { name: 'Reemplazar archivo' }).click();
  await (await chooser).setFiles({
    name: replacementName,
    mimeType: 'image/png',
    buffer: await pngBytes(page, '#15803d', 200, 100),
  });
  await expect(page.getByText('Archivo reemplazado.')).toBeVisible();
  await expect(panel).toHaveAccessibleName(replacementName);
  await expect(address).not.toHaveText(before);
  const after = (await address.textContent()) ?? '';
  expect((await page.request.get(before)).status()).toBe(404);
  // Still used by the news item: the replace kept the usage.
  await expect(panel.getByRole('link', { name: title })).toBeVisible();

  // The editor shows the new file, loaded, at its new size.
  await page.goto(`/news/${saved.data.slug}`);
  const image = body.locator('img');
  await expect(image).toHaveAttribute('src', after);
  await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBe(200);
  await shot(page, 'news-body-replaced-image-1280');
  await expectAccessible(page, 'noticia con la imagen sustituida');

  // And so does the body the API gives out.
  const read = await page.request.get(`/api/news/${saved.data.slug}`, {
    headers: await sessionHeaders(page, baseURL!),
  });
  const bodyHtml = ((await read.json()) as { data: { body: string } }).data.body;
  expect(bodyHtml).toContain(`src="${after}" width="200" height="100"`);
  expect(bodyHtml).not.toContain(before);

  await page.setViewportSize({ width: 375, height: 800 });
  await page.reload();
  await expect(image).toHaveAttribute('src', after);
  await shot(page, 'news-body-replaced-image-375');
});
