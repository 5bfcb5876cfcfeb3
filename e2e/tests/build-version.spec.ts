import { expect, test, useSession } from '../support/fixtures';
import { editor } from '../support/test-users';

const HOUR = 3_600_000;

test('a new build deployed while the app is open is announced within the hour', async ({ page }) => {
  // The SPA checks /version.json every hour: the clock is faked so that hour passes at once.
  await page.clock.install();

  // Serve the real version.json until the "deployment", then a different build.
  let deployed = false;
  await page.route('**/version.json*', async (route) => {
    if (!deployed) return route.fallback();
    const response = await route.fetch();
    const current = (await response.json()) as Record<string, unknown>;
    const newer = Object.fromEntries(
      Object.entries(current).map(([key, value]) => [
        key,
        typeof value === 'string' ? `${value}-nueva` : value,
      ]),
    );
    return route.fulfill({ response, json: newer });
  });

  await useSession(page, editor);
  const notice = page.getByRole('status').filter({ hasText: 'Hay una nueva versión de Gestor disponible.' });
  await expect(notice).toHaveCount(0);

  deployed = true;
  await page.clock.runFor(HOUR);

  await expect(notice).toBeVisible();
  await expect(notice.getByRole('button', { name: 'Recargar' })).toBeVisible();
});
