import type { Locator, Page } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { expect, test } from '../support/fixtures';

// The public API's reference page (decision 022): Swagger UI with our corrections. It must pass axe
// at desktop and phone widths, fit a phone without sideways scrolling, and work by keyboard alone.

const WIDTHS = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true },
] as const;

const REFERENCE = '/api/public/v1/docs';

const pageOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** Presses Tab (or Shift+Tab) until `target` has the focus, or gives up after `limit` presses. */
async function tabTo(page: Page, target: Locator, key = 'Tab', limit = 80): Promise<void> {
  for (let press = 0; press < limit; press++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press(key);
  }
  throw new Error(`${limit} pulsaciones de Tab sin llegar a ${target}`);
}

const listNews = (page: Page) => page.locator('#operations-Noticias-listNews');
const listNewsSummary = (page: Page) => listNews(page).locator('.opblock-summary-control');

for (const { name: device, ...options } of WIDTHS) {
  test.describe(`The public API reference at ${options.viewport.width} px`, () => {
    test.use(options);
    test.describe.configure({ timeout: 90_000 });

    test(`shows the API and its paths, passes axe and fits (${device})`, async ({ page }) => {
      await page.goto(REFERENCE);
      await expect(page).toHaveTitle('Gestor: referencia de la API pública');
      await expect(page.locator('html')).toHaveAttribute('lang', 'es');
      await expect(page.getByRole('heading', { name: /Gestor: API pública/ })).toBeVisible();
      for (const path of ['/news', '/news/{slug}', '/rss/news.xml']) {
        await expect(page.locator('.opblock-summary-path').getByText(path, { exact: true })).toBeVisible();
      }
      // The generated document is not flagged (jsonSchemaDialect left to its default).
      await expect(page.locator('.errors-wrapper')).toHaveCount(0);
      await expect(page.getByText(/jsonSchemaDialect/)).toHaveCount(0);

      await expectAccessible(page, `${REFERENCE} (${device})`);
      expect(await pageOverflow(page), 'pixels the page is wider than the screen').toBe(0);

      // An operation opened, ready to try, and its answer: the same checks.
      await listNewsSummary(page).click();
      await expect(listNewsSummary(page)).toHaveAttribute('aria-expanded', 'true');
      await listNews(page).getByRole('button', { name: 'Execute' }).click();
      await expect(
        listNews(page).locator('.live-responses-table tr.response .response-col_status').first(),
      ).toHaveText('200');
      await expectAccessible(page, `${REFERENCE} with GET /news tried (${device})`);
      expect(await pageOverflow(page), 'pixels the opened operation is wider than the screen').toBe(0);
    });

    test(`by keyboard alone, GET /news is opened, tried and answers 200 (${device})`, async ({ page }) => {
      await page.goto(REFERENCE);
      await expect(listNewsSummary(page)).toBeVisible();

      await tabTo(page, listNewsSummary(page));
      await expect(listNewsSummary(page)).toBeFocused();
      // The focus is visible: an outline drawn around the control.
      expect(
        await listNewsSummary(page).evaluate((element) => getComputedStyle(element).outlineStyle),
      ).not.toBe('none');
      await page.keyboard.press('Enter');
      await expect(listNewsSummary(page)).toHaveAttribute('aria-expanded', 'true');

      const execute = listNews(page).getByRole('button', { name: 'Execute' });
      await tabTo(page, execute);
      await page.keyboard.press('Enter');
      const status = listNews(page).locator('.live-responses-table tr.response .response-col_status').first();
      await expect(status).toHaveText('200');
      await expect(listNews(page).locator('.live-responses-table .microlight').first()).toContainText(
        '"data"',
      );

      // And closed again from the keyboard.
      await tabTo(page, listNewsSummary(page), 'Shift+Tab');
      await page.keyboard.press('Enter');
      await expect(listNewsSummary(page)).toHaveAttribute('aria-expanded', 'false');
    });
  });
}
