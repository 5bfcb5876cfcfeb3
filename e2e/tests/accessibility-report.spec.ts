import { expectAccessible } from '../support/axe';
import { expect, newPersonWith, test, useSession } from '../support/fixtures';
import { apiCreate, SCREEN_SIZES, shot } from '../support/pages';
import { admin, type TestUser } from '../support/test-users';

// docs/accessibility.md#la-pantalla-accesibilidad: «Accesibilidad» as a person who may read it and the
// areas, and nothing else. A news item published with a «pinche aquí» link and a reason is under
// clause 9.2.4.4, a link to its editor; the override lists the reason; «Copiar» puts the statement's
// draft on the clipboard, by keyboard. Axe-clean at 1280 and 375 px.

const READER = ['accessibility.view', 'news.view', 'page.view', 'event.view'] as const;
const REASON = 'Convocatoria copiada del boletín oficial; se corrige en la próxima edición.';

let reader: TestUser;
let news: { title: string; slug: string };

test.beforeAll(async ({ browser, baseURL }) => {
  reader = await newPersonWith(browser, baseURL!, 'Alba Auditora', READER);
  const context = await browser.newContext({ baseURL, locale: 'es-ES' });
  const page = await context.newPage();
  await useSession(page, admin);
  news = await apiCreate(page, baseURL!, '/api/news', {
    title: `Ayudas al alquiler ${Date.now().toString(36)}`,
    status: 'published',
    body: '<p>Las bases de las ayudas, <a href="https://sede.example.es/bases.pdf">pinche aquí</a>.</p>',
    accessibility_reason: REASON,
  });
  await context.close();
});

for (const [width, viewport] of SCREEN_SIZES) {
  test(`at ${width} px: the clause lists the item with a link, the reason shows, the statement’s draft copies by keyboard`, async ({
    page,
  }) => {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.setViewportSize(viewport);
    await useSession(page, reader, { visit: false });
    await page.goto('/accessibility');
    await expect(page.getByRole('heading', { level: 1, name: 'Accesibilidad' })).toBeVisible();

    // The clause, its level in words, the item as a link to its editor with the failing element.
    const clause = page.getByRole('region', { name: /^Error\s*:\s*9\.2\.4\.4 Propósito de los enlaces/ });
    await expect(clause).toBeVisible();
    const more = clause.getByRole('button', { name: /^Mostrar / });
    if (await more.isVisible()) await more.click();
    const link = clause.getByRole('link', { name: news.title, exact: true });
    await expect(link).toHaveAttribute('href', `/news/${news.slug}`);
    const item = clause
      .getByRole('listitem')
      .filter({ has: page.getByRole('link', { name: news.title, exact: true }) });
    await expect(item.getByText('Enlace «pinche aquí»', { exact: true })).toBeVisible();

    // The override, with its reason (a table's row, or on a phone a card).
    const overrides = page.getByRole('region', { name: 'Publicados con errores' });
    await expect(overrides.getByText(REASON, { exact: true }).first()).toBeVisible();

    await shot(page, `accessibility-report-${width}`);
    await expectAccessible(page, `/accessibility (${width} px)`);

    // «Copiar» of the statement's draft, reached and pressed from the keyboard.
    const statement = page.getByRole('region', { name: /^Declaración de accesibilidad/ });
    const copy = statement.getByRole('button', { name: 'Copiar' });
    await copy.focus();
    await expect(copy).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(statement.getByRole('status')).toHaveText('Borrador copiado al portapapeles.');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toContain('a) Falta de conformidad con el RD 1112/2018');
    expect(copied).toContain(`«${news.title}»`);
    expect(copied).toContain(REASON);
    await expect(statement.getByRole('textbox')).toHaveValue(copied);
  });
}
