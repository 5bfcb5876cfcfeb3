import type { Page } from '@playwright/test';
import { expect, test, useSession } from '../support/fixtures';
import { admin } from '../support/test-users';

// The list screens on a phone (row actions reachable, a tidy header) and without layout shifts.

const pageOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** Every layout shift of this document so far (buffered), as CLS counts them, and what moved. */
const layoutShift = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<{ sum: number; moved: string[] }>((resolve) => {
        let sum = 0;
        const moved: string[] = [];
        const observer = new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & {
            value: number;
            hadRecentInput: boolean;
            sources: { node?: Node | null }[];
          })[]) {
            if (entry.hadRecentInput) continue;
            sum += entry.value;
            const nodes = entry.sources.map((source) => {
              const node = source.node as Element | null | undefined;
              return node
                ? `${node.nodeName.toLowerCase()}.${String(node.className).split(' ').join('.')}`
                : '?';
            });
            moved.push(`${entry.value.toFixed(4)} at ${entry.startTime.toFixed(0)} ms: ${nodes.join(', ')}`);
          }
        });
        observer.observe({ type: 'layout-shift', buffered: true });
        // Buffered entries arrive in the first callback; give it a frame or two.
        setTimeout(() => {
          observer.disconnect();
          resolve({ sum, moved });
        }, 500);
      }),
  );

test.describe('At 375 px wide', () => {
  test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

  test('a row’s actions are on screen and the header fits in one row', async ({ page }) => {
    await useSession(page, admin, { visit: false });
    for (const [path, heading, record, create] of [
      ['/role', 'Roles', 'Editor', 'Nuevo rol'],
      ['/user', 'Usuarios', 'Elena Editora', 'Nuevo usuario'],
    ] as const) {
      await page.goto(path);
      const title = page.getByRole('heading', { level: 1, name: heading });
      await expect(title).toBeVisible();
      const edit = page.getByRole('link', { name: `Editar «${record}»` });
      const remove = page.getByRole('button', { name: `Eliminar «${record}»` });
      // Each record is a card: scrolled to, its actions are whole on screen.
      await edit.scrollIntoViewIfNeeded();
      await expect(edit).toBeInViewport({ ratio: 1 });
      await expect(remove).toBeInViewport({ ratio: 1 });
      expect(await pageOverflow(page), `pixels ${path} is wider than the screen`).toBe(0);

      // The header's actions sit beside the title, in one row, and keep their names.
      const create_ = page.getByRole('link', { name: create });
      const csv = page.getByRole('link', { name: 'Exportar CSV' });
      const bulk = page.getByRole('button', { name: 'Eliminar seleccionados' });
      const box = async (locator: typeof title) => {
        const found = await locator.boundingBox();
        if (!found) throw new Error(`${path}: no box for ${locator}`);
        return found;
      };
      const titleBox = await box(title);
      for (const button of [bulk, csv, create_]) {
        const box_ = await box(button);
        expect(box_.y, `${path}: header actions in the title's row`).toBeLessThan(
          titleBox.y + titleBox.height,
        );
        expect(box_.x + box_.width).toBeLessThanOrEqual(375);
      }
    }
  });
});

for (const viewport of [
  { width: 1280, height: 720 },
  { width: 375, height: 740 },
]) {
  test(`the list screens do not shift while loading at ${viewport.width} px`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await useSession(page, admin, { visit: false });
    for (const [path, cell] of [
      ['/user', admin.email],
      ['/role', 'Administrador'],
    ] as const) {
      // A fresh document, as when the address is opened: its every layout shift is buffered.
      await page.goto(path);
      // A table's cell at 1280 px, a card's line on a phone.
      await expect(page.getByRole('main').getByText(cell, { exact: true }).first()).toBeVisible();
      await expect(page.locator('.p-paginator')).toBeVisible();
      await page.waitForTimeout(300);
      const { sum, moved } = await layoutShift(page);
      expect(sum, `cumulative layout shift of ${path}:\n${moved.join('\n')}`).toBeLessThan(0.01);
    }
  });
}
