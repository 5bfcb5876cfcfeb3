import { expect, signIn, test } from '../support/fixtures';
import { editor } from '../support/test-users';

test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

test.describe('At 375 px wide', () => {
  test('the sign-in page fits without horizontal scrolling', async ({ page }) => {
    await page.goto('/auth/login');
    await expect(page.getByRole('button', { name: 'Acceder', exact: true })).toBeVisible();

    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, 'pixels the page is wider than the screen').toBe(0);
  });

  test('the menu button opens the sidebar', async ({ page }) => {
    await signIn(page, editor);
    const menu = page.getByRole('navigation', { name: 'Menú principal' });
    await expect(menu).not.toBeInViewport();

    await page.getByRole('button', { name: 'Mostrar u ocultar el menú' }).click();

    await expect(menu).toBeInViewport();
    await expect(menu.getByRole('link', { name: 'Inicio', exact: true })).toBeVisible();
  });
});
