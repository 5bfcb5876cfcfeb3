import type { Page } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { asAdministrator, expect, newReader, signIn, test, useSession } from '../support/fixtures';
import { apiCreate, apiUploadImage, SCREEN_SIZES, shot } from '../support/pages';
import { admin } from '../support/test-users';

// Issue 20 "Dashboard" (decision 030): the home page shows each person the widgets they may view,
// filled with their own drafts, what is scheduled and what others changed; the chart of news per
// month loads only once its widget scrolls into view, its numbers also in a table; axe finds nothing
// at 1280 and 375 px.

const DAY_MS = 86_400_000;

/** A request for the chart's own chunk (publications-chart-<hash>.js). */
const isChartChunk = (url: string) => /\/assets\/publications-chart-[\w-]+\.js$/.test(new URL(url).pathname);

const widget = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true });

for (const [label, viewport] of SCREEN_SIZES) {
  test.describe(`At ${label} px wide`, () => {
    test.use({ viewport });

    test('an editor’s dashboard: drafts, scheduled, others’ changes, the library, the chart after scrolling', async ({
      page,
      browser,
      baseURL,
    }) => {
      test.setTimeout(90_000);
      const suffix = `${label}-${Date.now().toString(36)}`;
      // An editor of her own: "Mis borradores" lists her drafts alone, whatever other tests running
      // at the same time write as the shared editor.
      const editor = await newReader(browser, baseURL!, `Elena Editora ${suffix}`, 'editor');
      await signIn(page, editor);
      // A full list of drafts (five), the latest one to open from the home page.
      for (const topic of ['las fiestas', 'el pleno', 'la piscina', 'el mercado']) {
        await apiCreate(page, baseURL!, '/api/news', { title: `Borrador sobre ${topic} ${suffix}` });
      }
      const draft = await apiCreate<{ slug: string }>(page, baseURL!, '/api/news', {
        title: `Borrador de la biblioteca ${suffix}`,
      });
      await apiCreate(page, baseURL!, '/api/news', {
        title: `Noticia programada ${suffix}`,
        status: 'scheduled',
        published_at: new Date(Date.now() + 2 * DAY_MS).toISOString(),
      });
      await apiCreate(page, baseURL!, '/api/news', {
        title: `Noticia publicada ${suffix}`,
        status: 'published',
      });
      await apiUploadImage(page, baseURL!, { name: `portada-${suffix}.png`, color: '#0a7' });

      // Another person's change, made in a browser of their own just before the editor looks.
      await asAdministrator(browser, baseURL!, (adminPage) =>
        apiCreate(adminPage, baseURL!, '/api/categories', { name: `Agenda cultural ${suffix}` }),
      );

      const chartRequests: string[] = [];
      page.on('request', (request) => {
        if (isChartChunk(request.url())) chartRequests.push(request.url());
      });
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1, name: `Hola, ${editor.name}` })).toBeVisible();

      const drafts = widget(page, 'Mis borradores');
      await expect(drafts.getByRole('link', { name: `Borrador de la biblioteca ${suffix}` })).toBeVisible();
      await expect(drafts.getByRole('listitem').first()).toContainText(`Borrador de la biblioteca ${suffix}`);
      await expect(drafts.getByRole('listitem')).toHaveCount(5);
      await expect(
        widget(page, 'Programado').getByRole('link', { name: `Noticia programada ${suffix}` }),
      ).toBeVisible();
      const recent = widget(page, 'Cambios recientes');
      await expect(recent.getByRole('link', { name: `Agenda cultural ${suffix}` })).toBeVisible();
      await expect(recent.getByText('Creación de Administrador', { exact: false }).first()).toBeVisible();
      // The editor's own news items are not "changes by others".
      await expect(recent.getByText(`Noticia publicada ${suffix}`)).toHaveCount(0);
      await expect(widget(page, 'Multimedia').getByRole('list', { name: 'Espacio por tipo' })).toBeVisible();
      await expect(
        page.getByRole('list', { name: 'Resumen' }).getByRole('link', { name: /^[\d.]+ Noticias$/ }),
      ).toBeVisible();

      // The chart waits below the fold: no chunk, no canvas, until the widget scrolls into view.
      const publications = widget(page, 'Publicaciones');
      await expect(publications).toBeAttached();
      const top = (await publications.boundingBox())?.y ?? 0;
      expect(top, 'the chart widget starts below the first screen').toBeGreaterThan(viewport.height);
      await page.waitForLoadState('networkidle');
      expect(chartRequests).toEqual([]);
      await expect(publications.locator('canvas')).toHaveCount(0);
      await expectAccessible(page, `home, top (${label})`);
      await shot(page, `dashboard-editor-top-${label}`);

      // At 375 px the widgets stack: one column, one above the other.
      if (label === '375') {
        const first = await drafts.boundingBox();
        const second = await widget(page, 'Programado').boundingBox();
        expect(second?.x).toBe(first?.x);
        expect(second!.y).toBeGreaterThan(first!.y + first!.height - 1);
      }

      await publications.scrollIntoViewIfNeeded();
      await expect(
        publications.getByRole('img', { name: /Gráfico de barras de las noticias publicadas/ }),
      ).toBeVisible();
      expect(chartRequests.length).toBe(1);
      // The same numbers as a table, behind a disclosure opened by keyboard.
      await publications.getByText('Ver los datos').focus();
      await page.keyboard.press('Enter');
      const table = publications.getByRole('table', { name: 'Noticias publicadas por mes' });
      await expect(table).toBeVisible();
      await expect(table.getByRole('row')).toHaveCount(13);
      const thisMonth = new Intl.DateTimeFormat('es-ES', {
        month: 'long',
        year: 'numeric',
        timeZone: 'Europe/Madrid',
      }).format(new Date());
      const current = table.getByRole('row', { name: new RegExp(`^${thisMonth}`) });
      expect(Number(await current.getByRole('cell').textContent())).toBeGreaterThanOrEqual(1);
      await expectAccessible(page, `home, chart and its table (${label})`);
      await shot(page, `dashboard-editor-chart-${label}`);

      // A draft opens its edit screen, by keyboard.
      await page.keyboard.press('Home');
      await drafts.getByRole('link', { name: `Borrador de la biblioteca ${suffix}` }).focus();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(new RegExp(`/news/${draft.slug}$`));
      await expect(page.getByRole('heading', { level: 1, name: 'Editar noticia' })).toBeVisible();
    });

    test('a person with one permission sees only that widget and its changes', async ({
      page,
      browser,
      baseURL,
    }) => {
      test.setTimeout(90_000);
      const suffix = `${label}-${Date.now().toString(36)}`;
      const person = {
        name: `Mónica Multimedia ${suffix}`,
        email: `monica-${suffix}@e2e.test`,
        password: 'monica-e2e-password',
      };
      const roleLabel = `Solo multimedia ${suffix}`;
      await useSession(page, admin);
      await apiCreate(page, baseURL!, '/api/roles', {
        name: `solo-multimedia-${suffix}`,
        label: roleLabel,
        permissions: ['multimedia.view'],
      });
      await apiCreate(page, baseURL!, '/api/users', {
        ...person,
        roles: [`solo-multimedia-${suffix}`],
        active: true,
      });
      await apiCreate(page, baseURL!, '/api/news', { title: `Noticia que Mónica no ve ${suffix}` });
      await apiUploadImage(page, baseURL!, { name: `cartel-${suffix}.png`, color: '#c50' });

      const context = await browser.newContext({ baseURL, locale: 'es-ES', viewport });
      try {
        const own = await context.newPage();
        await signIn(own, { ...person, role: 'lector', roleLabel });
        await expect(widget(own, 'Multimedia').getByRole('list', { name: 'Espacio por tipo' })).toContainText(
          /Imágenes\s*[\d.]+ archivos?, /,
        );
        // The library's changes by others, each opening the library (it has no edit screen).
        const upload = widget(own, 'Cambios recientes').getByRole('link', { name: `cartel-${suffix}.png` });
        await expect(upload).toHaveAttribute('href', '/multimedia');
        for (const hidden of ['Mis borradores', 'Programado', 'Publicaciones']) {
          await expect(widget(own, hidden)).toHaveCount(0);
        }
        const counts = own.getByRole('list', { name: 'Resumen' }).getByRole('link');
        await expect(counts).toHaveCount(1);
        await expect(counts).toHaveText(/Multimedia$/);
        await expect(own.getByText(`Noticia que Mónica no ve ${suffix}`)).toHaveCount(0);
        await expectAccessible(own, `home with one permission (${label})`);
        await shot(own, `dashboard-one-permission-${label}`);
      } finally {
        await context.close();
      }
    });
  });
}
