import { expectAccessible } from '../support/axe';
import { expect, test, useSession } from '../support/fixtures';
import { apiCreate, sessionHeaders, settled, shot } from '../support/pages';
import { editor } from '../support/test-users';

// Issue 19, "Restaurar una versión anterior": an editor (not an administrator) looks at an earlier
// version of a news item's body beside the current one, and restores it, by keyboard alone; the
// version dialog passes axe at 1280 and 375 px.

test('an editor restores a news item’s earlier body from its history', async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  const suffix = Date.now().toString(36);
  await useSession(page, editor, { visit: false });
  const created = await apiCreate<{ id: number; slug: string; updated_at: string }>(
    page,
    baseURL!,
    '/api/news',
    {
      title: `Versiones ${suffix}`,
      body: '<p>El pleno aprobó los presupuestos por unanimidad.</p>',
    },
  );
  const edited = await page.request.put(`/api/news/${created.id}`, {
    data: { body: '<p>El pleno rechazó los presupuestos.</p>', updated_at: created.updated_at },
    headers: await sessionHeaders(page, baseURL!),
  });
  expect(edited.status()).toBe(200);

  await page.goto(`/news/${created.slug}`);
  const body = page.getByRole('textbox', { name: 'Texto', exact: true });
  await expect(body).toContainText('rechazó');

  // The history (a sheet at 1280 px), by keyboard: its button, then the oldest entry's "Ver esta versión".
  await page.getByRole('button', { name: 'Historial', exact: true }).focus();
  await page.keyboard.press('Enter');
  const history = page.getByRole('complementary', { name: 'Historial' });
  await expect(history).toBeVisible();
  const view = history.getByRole('button', { name: /^Ver la versión del / });
  await expect(view).toHaveCount(2);
  // The newest entry is the record as it is: only the older one offers "Restaurar".
  await expect(history.getByRole('button', { name: /^Restaurar la versión del / })).toHaveCount(1);
  await view.last().focus();
  await page.keyboard.press('Enter');

  // Issue 30: to the second, and by whom, so two versions of one minute do not read alike.
  const dialog = page.getByRole('dialog', {
    name: /^Versión del \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2} \(Elena Editora\)$/,
  });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Un campo es distinto de la versión actual')).toBeVisible();
  const changed = dialog.getByRole('region', { name: 'Texto: distinto' });
  await expect(changed.getByText('Distinto')).toBeVisible();
  await expect(changed.getByRole('region', { name: 'Texto (esta versión)' })).toContainText('aprobó');
  await expect(changed.getByRole('region', { name: 'Texto (actual)' })).toContainText('rechazó');
  await settled(page);
  await expectAccessible(page, 'versión (1280 px)');
  await shot(page, 'versions-dialog-1280');

  await page.setViewportSize({ width: 375, height: 812 });
  await expect(dialog).toBeVisible();
  await expectAccessible(page, 'versión (375 px)');
  await shot(page, 'versions-dialog-375');
  await page.setViewportSize({ width: 1280, height: 800 });

  // "Restaurar esta versión", then the confirmation's "Restaurar" (focused), by keyboard.
  await dialog.getByRole('button', { name: 'Restaurar esta versión' }).focus();
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('dialog', { name: 'Restaurar versión' });
  await expect(confirm).toBeVisible();
  await expect(confirm.getByRole('button', { name: 'Restaurar', exact: true })).toBeFocused();
  await page.keyboard.press('Enter');

  await expect(
    page.getByText(/^Restaurada la versión del \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}(:\d{2})? de Elena Editora\.$/),
  ).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(body).toContainText('aprobó los presupuestos por unanimidad');
  await expect(
    history.getByText(/^Restaurada la versión del \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/),
  ).toBeVisible();
  await expect(history.getByText('Versión restaurada')).toBeVisible();
  await shot(page, 'versions-restored');
  const stored = await page.request.get(`/api/news/${created.id}`, {
    headers: await sessionHeaders(page, baseURL!),
  });
  expect(((await stored.json()) as { data: { body: string } }).data.body).toContain('aprobó');
});
