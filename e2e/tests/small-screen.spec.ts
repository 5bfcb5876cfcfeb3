import type { Page } from '@playwright/test';
import { expect, test, useSession } from '../support/fixtures';
import { admin, editor } from '../support/test-users';

test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

test.describe('At 375 px wide', () => {
  const pageOverflow = (page: Page) =>
    page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

  test('the sign-in page fits without horizontal scrolling', async ({ page }) => {
    await page.goto('/auth/login');
    await expect(page.getByRole('button', { name: 'Acceder', exact: true })).toBeVisible();

    expect(await pageOverflow(page), 'pixels the page is wider than the screen').toBe(0);
  });

  test('the role and user screens fit without horizontal scrolling', async ({ page }) => {
    await useSession(page, admin, { visit: false });
    const screens: [string, string][] = [
      ['/role', 'Roles'],
      ['/role/create', 'Nuevo rol'],
      ['/user', 'Usuarios'],
      ['/user/create', 'Nuevo usuario'],
    ];
    for (const [path, heading] of screens) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      // Wide tables and the permission matrix scroll inside their card, never the whole page.
      expect(await pageOverflow(page), `pixels ${path} is wider than the screen`).toBe(0);
    }
  });

  test('the menu button opens the sidebar', async ({ page }) => {
    await useSession(page, editor);
    const menu = page.getByRole('navigation', { name: 'Menú principal' });
    await expect(menu).not.toBeInViewport();

    await page.getByRole('button', { name: 'Mostrar u ocultar el menú' }).click();

    await expect(menu).toBeInViewport();
    await expect(menu.getByRole('link', { name: 'Inicio', exact: true })).toBeVisible();
  });
});
