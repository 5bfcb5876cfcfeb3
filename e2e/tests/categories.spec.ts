import { expectAccessible } from '../support/axe';
import { expect, test, useSession } from '../support/fixtures';
import { pngBytes, SAVED, shot } from '../support/pages';
import { admin } from '../support/test-users';

// End to end: the category tree (parent from a searchable select, the path, the filter by
// parent, addresses by slug), an image from the media picker (uploaded from inside it), and the media
// library refusing to delete that image while the category uses it.

test('a category tree with an image from the picker; the image cannot be deleted while in use', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const suffix = Date.now().toString(36);
  const parent = `Deportes ${suffix}`;
  const child = `Fútbol ${suffix}`;
  const parentSlug = `deportes-${suffix}`;
  const childSlug = `futbol-${suffix}`;
  const imageName = `escudo-${suffix}.png`;

  await useSession(page, admin);
  await page.getByRole('navigation').getByRole('link', { name: 'Categorías', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Categorías' })).toBeVisible();

  // The parent: the slug follows the name until the person writes one.
  await page.getByRole('link', { name: 'Nueva categoría' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Nueva categoría' })).toBeVisible();
  await page.getByLabel('Nombre', { exact: true }).fill(parent);
  await expect(
    page.getByText(`Dirección: /category/${parentSlug} (se genera a partir del nombre)`),
  ).toBeVisible();
  await page.getByLabel('Color', { exact: true }).fill('#16a34a');
  await shot(page, 'category-create-1280');
  await expectAccessible(page, 'nueva categoría');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText(SAVED)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/category/${parentSlug}$`));

  // The child: parent from the searchable select, image uploaded from inside the picker.
  await page.goto('/category/create');
  await page.getByLabel('Nombre', { exact: true }).fill(child);
  // By keyboard: the select opens with Enter and its search box takes the focus.
  await page.getByLabel('Categoría superior').focus();
  await page.keyboard.press('Enter');
  await page.getByPlaceholder('Buscar…').fill(suffix);
  await page.getByRole('option', { name: parent, exact: true }).click();
  await page.getByRole('button', { name: 'Elegir imagen' }).click();
  const picker = page.getByRole('dialog');
  await expect(picker).toBeVisible();
  await shot(page, 'media-picker-1280');
  // Its accessibility is accessibility.spec's ("the media picker", opened from /category/create at
  // both widths): each screen state is checked once per width (issue 29).
  await picker.locator('input[type="file"]').setInputFiles({
    name: imageName,
    mimeType: 'image/png',
    buffer: await pngBytes(page, '#16a34a'),
  });
  // The uploaded file becomes the choice.
  await expect(picker.getByText(`Elegido: ${imageName}`)).toBeVisible({ timeout: 20_000 });
  await picker.getByRole('button', { name: 'Elegir', exact: true }).click();
  await expect(picker).toBeHidden();
  await expect(page.getByText(imageName)).toBeVisible();
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText(SAVED)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/category/${childSlug}$`));
  await shot(page, 'category-edit-1280');
  await expectAccessible(page, 'editar categoría');

  // The list shows the path and filters by parent.
  await page.goto(`/category?search=${suffix}`);
  const rows = page.getByRole('row');
  await expect(rows.filter({ hasText: `${parent} › ${child}` })).toHaveCount(1);
  await shot(page, 'category-list-1280');
  await expectAccessible(page, 'categorías');
  await page.goto(`/category?filter[parent]=${parentSlug}`);
  await expect(rows.filter({ hasText: child })).toHaveCount(1);
  await expect(rows.filter({ hasText: `${parent} ›` })).toHaveCount(1);

  // A parent with a subcategory offers no delete; the child does.
  await page.goto(`/category?search=${suffix}`);
  await expect(page.getByRole('button', { name: `Eliminar «${parent}»` })).toHaveCount(0);
  await expect(page.getByRole('button', { name: `Eliminar «${child}»` })).toBeVisible();

  // The image is in use: the confirmation itself says where, and offers no button to delete it.
  await page.goto(`/multimedia?search=${suffix}`);
  await page.getByText(imageName).first().click();
  const details = page.getByRole('dialog');
  await expect(details.getByText(child)).toBeVisible();
  await details.getByRole('button', { name: /Eliminar/ }).click();
  const refused = page.getByRole('dialog', { name: 'No se puede eliminar' });
  await expect(refused).toContainText('Se usa en 1 sitio:');
  await expect(refused).toContainText(`Categorías: «${child}»`);
  await expect(refused.getByRole('button', { name: 'Eliminar', exact: true })).toHaveCount(0);
  await shot(page, 'media-delete-refused-1280');
  await refused.getByRole('button', { name: 'Cerrar' }).click();

  // On a phone, the form stacks.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(`/category/${childSlug}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Editar categoría' })).toBeVisible();
  await shot(page, 'category-edit-375');
  await expectAccessible(page, 'editar categoría (375 px)');
  await page.goto(`/category?search=${suffix}`);
  await shot(page, 'category-list-375');
  await expectAccessible(page, 'categorías (375 px)');
});
