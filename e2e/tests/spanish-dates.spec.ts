import type { Locator, Page, Request } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { expect, test, useSession } from '../support/fixtures';
import { settled, shot } from '../support/pages';
import { editor } from '../support/test-users';

// docs/architecture.md#the-spa, deliberate deviation from docs/architecture.md#the-spa: every date control is Spanish (dd/mm/aaaa,
// weeks from Monday, Spanish names read out), a date typed the Spanish way lands on that day in
// Madrid, and a date the control cannot read is an error on its field, never an empty value. The
// calendar stays in view below the sticky top bar. As the editor, the person who schedules news.

const FIELD = 'Fecha y hora de publicación programada';
const UNREADABLE = 'Escriba la fecha como dd/mm/aaaa hh:mm, por ejemplo 25/12/2026 10:00.';

/** POST /api/news or PUT /api/news/{id}. */
const isNewsWrite = (request: Request) =>
  /^\/api\/news(\/\d+)?$/.test(new URL(request.url()).pathname) &&
  (request.method() === 'POST' || request.method() === 'PUT');

async function newNews(page: Page, title: string): Promise<Locator> {
  await page.goto('/news/create');
  await expect(page.getByRole('heading', { level: 1, name: 'Nueva noticia' })).toBeVisible();
  await page.getByLabel('Título', { exact: true }).fill(title);
  return page.getByRole('combobox', { name: FIELD });
}

/** The Spanish name of a day of the week, from the browser's own calendar (not the code under test). */
const weekday = (year: number, month: number, day: number) =>
  new Date(Date.UTC(year, month - 1, day)).toLocaleDateString('es-ES', { weekday: 'long', timeZone: 'UTC' });

/** The calendar overlay (PrimeReact names it with the locale's "chooseDate"). */
const calendar = (page: Page) => page.getByRole('dialog', { name: 'Elegir fecha' });

/** The calendar's header (month and year) is drawn below the top bar and inside the viewport. */
async function expectCalendarInView(page: Page) {
  const header = calendar(page).locator('.p-datepicker-header');
  await expect(header).toBeVisible();
  // The panel fades in where it opens, then is aligned to its field: measured once it is still.
  await settled(page);
  const box = (await header.boundingBox())!;
  const topbar = (await page.locator('.layout-topbar').boundingBox())!;
  const viewport = page.viewportSize()!;
  expect(box.y, 'the month and year are not under the top bar').toBeGreaterThanOrEqual(
    topbar.y + topbar.height,
  );
  const panel = (await calendar(page).boundingBox())!;
  expect(panel.y + panel.height, 'the calendar ends inside the viewport').toBeLessThanOrEqual(
    viewport.height,
  );
  // What is on top at the header's centre is the header itself, not the top bar.
  const onTop = () =>
    header.evaluate((element) => {
      const { x, y, width, height } = element.getBoundingClientRect();
      return (
        document.elementFromPoint(x + width / 2, y + height / 2)?.closest('.p-datepicker-header') === element
      );
    });
  await expect.poll(onTop, { message: 'nothing covers the month and year' }).toBe(true);
}

test('a date typed the Spanish way is that day on Madrid’s clock, in the form and in the list', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const suffix = Date.now().toString(36);
  const title = `Navidad en la plaza ${suffix}`;
  const year = new Date().getFullYear() + 1;
  await useSession(page, editor);
  const when = await newNews(page, title);

  await expect(when).toHaveAttribute('placeholder', 'dd/mm/aaaa hh:mm');
  await when.pressSequentially(`25/12/${year} 10:00`);
  await when.press('Escape');
  await when.press('Tab');
  await expect(when).toHaveValue(`25/12/${year} 10:00`);

  const created = page.waitForRequest(isNewsWrite);
  await page.getByRole('button', { name: 'Programar' }).click();
  // Madrid is UTC+1 in December: 10:00 there is 09:00 UTC.
  expect((await created).postDataJSON()).toMatchObject({
    status: 'scheduled',
    published_at: `${year}-12-25T09:00:00.000Z`,
  });
  // The save says what it did: scheduled, for that day and hour on Madrid's clock (issue 30).
  await expect(page.getByText(`Noticia programada para el 25/12/${year} 10:00.`).last()).toBeVisible();
  await expect(
    page.getByRole('group', { name: 'Publicación' }).getByText(`25/12/${year} 10:00`),
  ).toBeVisible();
  await expect(page.getByRole('combobox', { name: FIELD })).toHaveValue(`25/12/${year} 10:00`);

  await page.goto(`/news?search=${suffix}`);
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row.getByText(`25/12/${year} 10:00`)).toBeVisible();

  // Short forms a person types: one-digit day, month and hour, a dot between hours and minutes.
  const other = await newNews(page, `Marzo ${suffix}`);
  await other.pressSequentially(`1/3/${year} 9.30`);
  await other.press('Escape');
  await other.press('Tab');
  await expect(other).toHaveValue(`01/03/${year} 09:30`);
  const second = page.waitForRequest(isNewsWrite);
  await page.getByRole('button', { name: 'Programar' }).click();
  // 1 March is still winter time in Madrid (UTC+1): never 3 January.
  expect((await second).postDataJSON()).toMatchObject({ published_at: `${year}-03-01T08:30:00.000Z` });
});

test('a date the control cannot read is an error on the field, and nothing is sent', async ({ page }) => {
  const suffix = Date.now().toString(36);
  await useSession(page, editor);
  const when = await newNews(page, `Fecha imposible ${suffix}`);
  const writes: Request[] = [];
  page.on('request', (request) => {
    if (isNewsWrite(request)) writes.push(request);
  });
  const error = page.getByText(UNREADABLE, { exact: true });

  for (const typed of ['31/02/2026 10:00', 'abc', `25/12/${new Date().getFullYear() + 1}`]) {
    await when.fill('');
    await when.pressSequentially(typed);
    await when.press('Escape');
    await when.press('Tab');
    // What was typed stays, so the person can correct it, and the field says what it expects.
    await expect(when).toHaveValue(typed);
    await expect(error).toBeVisible();
    await expect(when).toHaveAttribute('aria-invalid', 'true');
    await expect(when).toHaveAccessibleDescription(
      new RegExp(UNREADABLE.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
    );
    await page.getByRole('button', { name: 'Programar' }).click();
    await expect(error).toBeVisible();
    await expect(when).toBeFocused();
  }
  await shot(page, 'spanish-dates-unreadable-1280');
  await expectAccessible(page, 'a date the control cannot read');
  expect(writes).toEqual([]);

  // Corrected, the message goes.
  await when.fill('');
  await when.pressSequentially(`02/03/${new Date().getFullYear() + 1} 12:15`);
  await when.press('Escape');
  await when.press('Tab');
  await expect(error).toBeHidden();
});

test('the calendar by keyboard: Spanish weeks and names, a day picked, Escape returns to the field', async ({
  page,
}) => {
  await useSession(page, editor);
  const when = await newNews(page, `Teclado ${Date.now().toString(36)}`);
  const year = new Date().getFullYear() + 1;
  await when.pressSequentially(`14/01/${year} 18:45`);

  // ArrowDown opens the calendar and puts focus on the chosen day.
  await when.press('ArrowDown');
  const grid = calendar(page).getByRole('grid');
  await expect(grid).toBeVisible();
  await expect(calendar(page).getByRole('button', { name: 'Elegir mes' })).toHaveText('enero');
  await expect(calendar(page).getByRole('button', { name: 'Elegir año' })).toHaveText(String(year));
  await expect(grid.getByRole('columnheader')).toHaveText(['lu', 'ma', 'mi', 'ju', 'vi', 'sá', 'do']);
  // The chosen day is selected, has focus, and says which day it is, in Spanish.
  const selected = grid.getByRole('gridcell', { selected: true });
  await expect(selected).toHaveCount(1);
  await expect(selected).toBeFocused();
  await expect(selected).toHaveAccessibleName(`${weekday(year, 1, 14)}, 14 de enero de ${year}`);
  await shot(page, 'spanish-dates-keyboard-1280');
  await expectAccessible(page, 'the calendar open by keyboard');

  // One day on, Enter: the 15th at the same time.
  await page.keyboard.press('ArrowRight');
  await expect(
    grid.getByRole('gridcell', { name: `${weekday(year, 1, 15)}, 15 de enero de ${year}` }),
  ).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(when).toHaveValue(`15/01/${year} 18:45`);

  // Escape closes the calendar and leaves the person in the field.
  await expect(calendar(page)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(calendar(page)).toBeHidden();
  await expect(when).toBeFocused();
});

for (const { device, viewport } of [
  { device: 'desktop', viewport: { width: 1280, height: 800 } },
  { device: 'phone', viewport: { width: 375, height: 812 } },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test(`the open calendar stays in view, near the top and near the bottom (${device})`, async ({
      page,
    }) => {
      await useSession(page, editor);
      const when = await newNews(page, `Vista ${device} ${Date.now().toString(36)}`);
      const topbar = (await page.locator('.layout-topbar').boundingBox())!;

      for (const place of ['bottom', 'middle', 'top'] as const) {
        await page.keyboard.press('Escape');
        await when.blur();
        await expect(calendar(page)).toBeHidden();
        // Scroll so the field sits near the bottom, in the middle, or just under the top bar.
        await when.evaluate(
          (element, { where, below }) => {
            const rect = element.getBoundingClientRect();
            const target =
              where === 'bottom'
                ? window.innerHeight - rect.height - 24
                : where === 'middle'
                  ? window.innerHeight / 2
                  : below + 8;
            window.scrollBy(0, rect.top - target);
          },
          { where: place, below: topbar.y + topbar.height },
        );
        // The field is for typing; the button beside it opens the calendar.
        await page.getByRole('button', { name: `${FIELD}: abrir calendario` }).click();
        await expect(calendar(page)).toBeVisible();
        await expectCalendarInView(page);
        // What the person sees: the window, not the whole page.
        if (process.env.E2E_SHOTS_DIR) {
          await page.screenshot({
            path: `${process.env.E2E_SHOTS_DIR}/spanish-dates-calendar-${place}-${viewport.width}.png`,
          });
        }
      }
      await expectAccessible(page, `the calendar open (${device})`);
    });
  });
}
