import { expect, test, useSession } from '../support/fixtures';
import { editor } from '../support/test-users';

test('an unknown address shows the 404 page', async ({ page }) => {
  // Signed in, since the route guard sends guests to the sign-in page first.
  await useSession(page, editor, { visit: false });

  await page.goto('/no-existe');

  await expect(page.getByRole('heading', { name: '404' })).toBeVisible();
  await expect(page.getByText('Page Not Found', { exact: true })).toBeVisible();
  await expect(page.getByText('Page not found: /no-existe', { exact: true })).toBeVisible();

  await page.getByRole('link', { name: 'Volver al inicio' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: `Hola, ${editor.name}` })).toBeVisible();
});
