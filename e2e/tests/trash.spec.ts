import type { Page } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { expect, test, useSession } from '../support/fixtures';
import { apiCreate, apiUploadImage, sessionHeaders, shot } from '../support/pages';
import { editor } from '../support/test-users';

// Issue 19 "A trash" (decision 026): an editor (not an administrator) deletes a slide, finds it in
// the list's Papelera and restores it there by keyboard; it comes back to its place in the order.

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
