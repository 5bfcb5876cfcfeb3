import { expect, test, useSession } from '../support/fixtures';
import { admin } from '../support/test-users';

// The rich text editor's code arrives after the form: its shell must be as tall as the editor will
// be, toolbar rows included, or the fields under it move down under a finger about to tap them (a
// tap then lands on nothing: seen in working-day.spec.ts at 375 px). The toolbar wraps into up to
// four rows on a phone.

for (const width of [320, 375, 768, 1280]) {
  test(`at ${width} px the news form does not move when the editor arrives`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await useSession(page, admin);
    // The editor's chunk held back until the shell has been measured.
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/rich-text-editor-[^/]*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/news/create');
    await expect(page.getByText('Cargando el editor…')).toBeVisible();
    const cover = page.getByRole('button', { name: 'Elegir imagen' }).first();
    const before = await cover.boundingBox();
    release();
    await expect(page.getByRole('button', { name: 'Negrita' })).toBeVisible();
    const after = await cover.boundingBox();
    expect(
      Math.abs((after?.y ?? 0) - (before?.y ?? 0)),
      `moved from ${before?.y} to ${after?.y}`,
    ).toBeLessThan(2);
  });
}
