import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { expect, test, useSession } from '../support/fixtures';
import { apiCreate, settled, withHistory } from '../support/pages';
import { admin, editor } from '../support/test-users';

// docs/architecture.md#the-spa: axe-core finds nothing (WCAG 2.2 AA) on any screen, dialog or overlay, on a desktop
// and on a phone. Each test checks several screens and reports every violation it finds.

const WIDTHS = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true },
] as const;

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true });

const mediaFixture = (name: string) => readFileSync(new URL(`../fixtures/media/${name}`, import.meta.url));

for (const { name: device, ...options } of WIDTHS) {
  test.describe(`Accessibility at ${options.viewport.width} px`, () => {
    test.use(options);
    // Each screen is loaded, then analysed by axe-core: slower than a plain visit.
    test.describe.configure({ timeout: 120_000 });

    test(`signed-out screens (${device})`, async ({ page }) => {
      await page.goto('/auth/login');
      await expect(heading(page, 'Acceder')).toBeVisible();
      await expectAccessible(page, '/auth/login');

      // The sign-in error, with the server's message under the field.
      await page.getByLabel('Correo electrónico').fill('nadie@e2e.test');
      await page.getByLabel('Contraseña', { exact: true }).fill('incorrecta');
      await page.getByRole('button', { name: 'Acceder', exact: true }).click();
      await expect(page.getByText('Error al intentar iniciar sesión')).toBeVisible();
      await expectAccessible(page, '/auth/login with an error');

      await page.goto('/auth/forgot-password');
      await expect(heading(page, 'Olvidé mi contraseña')).toBeVisible();
      await expectAccessible(page, '/auth/forgot-password');

      await page.goto('/auth/reset/un-token-cualquiera?email=alguien%40e2e.test');
      await expect(heading(page, 'Restablecer contraseña')).toBeVisible();
      await expectAccessible(page, '/auth/reset/{token}');

      await page.goto('/logout-ok');
      await expect(heading(page, 'Sesión cerrada')).toBeVisible();
      await expectAccessible(page, '/logout-ok');
    });

    test(`screens of an administrator (${device})`, async ({ page }) => {
      await useSession(page, admin);
      await expectAccessible(page, 'home');

      await page.goto('/no-existe');
      await expect(page.getByRole('heading', { name: '404' })).toBeVisible();
      await expectAccessible(page, 'the 404 error page');

      await page.goto('/role');
      await expect(heading(page, 'Roles')).toBeVisible();
      await expect(page.getByRole('link', { name: 'Editor', exact: true })).toBeVisible();
      await expectAccessible(page, '/role');

      await page.goto('/role/create');
      await expect(heading(page, 'Nuevo rol')).toBeVisible();
      await expectAccessible(page, '/role/create (permission matrix)');

      // The administrator role: its matrix is all disabled, yet scrolls on a phone.
      await page.goto('/role');
      await page.getByRole('link', { name: 'Administrador', exact: true }).click();
      await expect(heading(page, 'Editar rol')).toBeVisible();
      await expect(page.getByRole('checkbox', { name: 'Usuarios: Ver', exact: true })).toBeDisabled();
      await expectAccessible(page, '/role/{id} of the administrator role (matrix disabled)');

      await page.goto('/role');
      await page.getByRole('link', { name: 'Editor', exact: true }).click();
      await expect(heading(page, 'Editar rol')).toBeVisible();
      await withHistory(page, () => expectAccessible(page, '/role/{id} with its Historial'));

      await page.goto('/user');
      await expect(heading(page, 'Usuarios')).toBeVisible();
      // A table's cell, or on a phone a card's line.
      await expect(page.getByText(editor.email, { exact: true })).toBeVisible();
      await expectAccessible(page, '/user');

      await page.goto('/user/create');
      await expect(heading(page, 'Nuevo usuario')).toBeVisible();
      await expectAccessible(page, '/user/create');

      await page.goto(`/user?search=${encodeURIComponent(editor.email)}`);
      await page.getByRole('link', { name: editor.name, exact: true }).click();
      await expect(heading(page, 'Editar usuario')).toBeVisible();
      await withHistory(page, () => expectAccessible(page, '/user/{id} with its Historial'));
    });

    test(`dialogs, menus and the configurator (${device})`, async ({ page }) => {
      await useSession(page, admin, { visit: false });

      // The bulk-delete confirmation.
      await page.goto('/role');
      await expect(page.getByRole('link', { name: 'Editor', exact: true })).toBeVisible();
      // The selection checkboxes are named, in Spanish, by the action a click takes.
      // The table's header checkbox, or above a phone's cards its own.
      await expect(
        page.getByRole('checkbox', { name: /^Seleccionar (todas las filas|todos los) de esta página$/ }),
      ).not.toBeChecked();
      const row = page.getByRole('checkbox', { name: 'Seleccionar «Editor»', exact: true });
      await expect(row).not.toBeChecked();
      await row.click();
      await expect(
        page.getByRole('checkbox', { name: 'Quitar de la selección «Editor»', exact: true }),
      ).toBeChecked();
      await page.getByRole('button', { name: 'Eliminar seleccionados (1)' }).click();
      const confirm = page.getByRole('dialog', { name: 'Confirmar eliminación' });
      await expect(confirm).toBeVisible();
      await expectAccessible(page, 'the bulk-delete confirmation');
      await confirm.getByRole('button', { name: 'Cancelar' }).click();
      await expect(confirm).toBeHidden();

      // The unsaved-changes warning.
      await page.goto('/role/create');
      await page.getByLabel('Nombre', { exact: true }).fill('Sin guardar');
      await page.getByRole('link', { name: 'Volver a la lista' }).click();
      const leave = page.getByRole('dialog', { name: 'Cambios sin guardar' });
      await expect(leave).toBeVisible();
      await expectAccessible(page, 'the unsaved-changes dialog');
      await leave.getByRole('button', { name: 'Salir sin guardar' }).click();
      await expect(heading(page, 'Roles')).toBeVisible();

      // The user menu.
      await page.getByRole('button', { name: 'Menú de usuario' }).click();
      await expect(page.getByRole('menuitem', { name: 'Cerrar sesión', exact: true })).toBeVisible();
      await expectAccessible(page, 'the user menu');
      await page.keyboard.press('Escape');

      // The configurator.
      await page.getByRole('button', { name: 'Abrir configuración' }).click();
      await expect(page.getByRole('dialog', { name: 'Configuración' })).toBeVisible();
      await expectAccessible(page, 'the configurator');
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog', { name: 'Configuración' })).toBeHidden();

      // The menu, which on a phone opens over the content.
      const menu = page.getByRole('navigation', { name: 'Menú principal' });
      if (
        !(await menu.isVisible()) ||
        !(await menu.evaluate((element) => element.getBoundingClientRect().right > 0))
      ) {
        await page.getByRole('button', { name: 'Mostrar u ocultar el menú' }).click();
      }
      await expect(menu).toBeInViewport();
      await expectAccessible(page, 'the open menu');
    });

    test(`the media library: uploads, grid, table, side panel and picker (${device})`, async ({ page }) => {
      // Names of this attempt's own: a retry must not find the first attempt's files as well.
      const tag = `${device}-${Date.now().toString(36)}`;
      await useSession(page, admin, { visit: false });
      await page.goto('/multimedia');
      await expect(heading(page, 'Multimedia')).toBeVisible();

      // Uploads held back a moment, so the progress of each file is on screen for axe.
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route('**/api/multimedia?**', async (route) => {
        if (route.request().method() === 'POST') await held;
        await route.continue();
      });
      const chooser = page.waitForEvent('filechooser');
      await page.getByRole('button', { name: 'Subir archivos' }).first().click();
      await (await chooser).setFiles([
        { name: `axe-${tag}-foto.jpg`, mimeType: 'image/jpeg', buffer: mediaFixture('paisaje.jpg') },
        { name: `axe-${tag}-bases.pdf`, mimeType: 'application/pdf', buffer: mediaFixture('bases.pdf') },
        { name: `axe-${tag}-acta.txt`, mimeType: 'text/plain', buffer: mediaFixture('acta.txt') },
        { name: `axe-${tag}-dibujo.svg`, mimeType: 'image/svg+xml', buffer: mediaFixture('dibujo.svg') },
      ]);
      const uploads = page.getByRole('region', { name: 'Subida de archivos' });
      await expect(uploads.getByRole('progressbar')).toHaveCount(4);
      await expectAccessible(page, '/multimedia while uploading');
      release();
      await expect(uploads.getByRole('alert')).toContainText('Se han subido 3 de 4 archivos.');
      await expectAccessible(page, '/multimedia with the upload summary');

      await page.goto(`/multimedia?search=axe-${tag}`);
      const photo = page.getByRole('button', { name: `axe-${tag}-foto.jpg`, exact: true });
      await expect(photo).toBeVisible();
      await expectAccessible(page, '/multimedia (grid)');

      await page.getByRole('checkbox', { name: `Seleccionar «axe-${tag}-acta.txt»` }).check();
      await page.getByRole('button', { name: 'Eliminar seleccionados (1)' }).click();
      await expect(page.getByRole('dialog', { name: 'Confirmar eliminación' })).toBeVisible();
      await expectAccessible(page, '/multimedia bulk-delete confirmation');
      await page.getByRole('button', { name: 'Cancelar' }).click();

      await page.getByRole('link', { name: 'Tabla' }).click();
      // The table's layout: a table, or on a phone its cards.
      await expect(page.locator('.resource-table, .record-cards').first()).toBeVisible();
      await expectAccessible(page, '/multimedia?view=table');

      await page.getByRole('button', { name: `axe-${tag}-foto.jpg`, exact: true }).click();
      const panel = page.getByRole('dialog', { name: `axe-${tag}-foto.jpg` });
      await expect(panel.getByRole('complementary', { name: 'Historial' })).toBeVisible();
      await settled(page);
      await expectAccessible(page, 'the media side panel (image)');
      await page.keyboard.press('Escape');
      await expect(panel).toBeHidden();

      await page.getByRole('button', { name: `axe-${tag}-bases.pdf`, exact: true }).click();
      await expect(page.getByRole('dialog', { name: `axe-${tag}-bases.pdf` })).toBeVisible();
      await settled(page);
      await expectAccessible(page, 'the media side panel (document)');
      await page.keyboard.press('Escape');
      // Closing it changes the address: a navigation started before that ends is aborted.
      await expect(page.getByRole('dialog', { name: `axe-${tag}-bases.pdf` })).toBeHidden();

      // The picker, as a category's form offers it.
      await page.goto('/category/create');
      await page.getByRole('button', { name: 'Elegir imagen' }).click();
      const picker = page.getByRole('dialog', { name: 'Elegir imagen' });
      await expect(picker.getByText(`axe-${tag}-foto.jpg`)).toBeVisible();
      await settled(page);
      await expectAccessible(page, 'the media picker');
      await picker.getByText(`axe-${tag}-foto.jpg`).click();
      await picker.getByRole('button', { name: 'Elegir', exact: true }).click();
      await expect(picker).toBeHidden();
      await expect(page.getByRole('button', { name: 'Cambiar' })).toBeVisible();
      await expectAccessible(page, 'a form with a chosen image');
    });

    test(`news and pages: lists, forms with the rich text editor, their dialogs (${device})`, async ({
      page,
    }) => {
      const suffix = Date.now().toString(36);
      await useSession(page, admin, { visit: false });

      await page.goto('/news');
      await expect(heading(page, 'Noticias')).toBeVisible();
      // The list appears with the first page (rows or cards, or its empty message).
      await expect(page.locator('.resource-table, .resource-view').first()).toBeVisible();
      await expectAccessible(page, '/news');

      // The form with the editor loaded (its own chunk), then the editor's link dialog.
      await page.goto('/news/create');
      await expect(heading(page, 'Nueva noticia')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Negrita' })).toBeVisible();
      await expectAccessible(page, '/news/create with the editor and the publishing panel');
      await page.getByLabel('Título', { exact: true }).fill(`Accesible ${device} ${suffix}`);
      await page.getByRole('textbox', { name: 'Texto', exact: true }).click();
      await page.keyboard.type('Un párrafo.');
      await page.getByRole('button', { name: 'Enlace', exact: true }).click();
      const link = page.getByRole('dialog', { name: 'Insertar enlace' });
      await expect(link).toBeVisible();
      await settled(page);
      await expectAccessible(page, "the editor's link dialog");
      await link.getByRole('button', { name: 'Cancelar' }).click();
      await expect(link).toBeHidden();

      await page.getByRole('button', { name: 'Guardar borrador' }).click();
      await expect(heading(page, 'Editar noticia')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Negrita' })).toBeVisible();
      await withHistory(page, () => expectAccessible(page, '/news/{slug} with its Historial'));

      await page.goto(`/news?search=${suffix}`);
      await expect(
        page.getByRole('link', { name: `Accesible ${device} ${suffix}`, exact: true }),
      ).toBeVisible();
      await expectAccessible(page, '/news with a draft');

      await page.goto('/page');
      await expect(heading(page, 'Páginas')).toBeVisible();
      await expect(page.getByRole('link', { name: 'Aviso legal', exact: true })).toBeVisible();
      await expectAccessible(page, '/page');

      await page.getByRole('button', { name: 'Nueva página' }).click();
      const create = page.getByRole('dialog', { name: 'Nueva página' });
      await expect(create.getByLabel('Título')).toBeFocused();
      await create.getByRole('button', { name: 'Crear' }).click();
      await expect(create.getByText('El campo título es obligatorio.')).toBeVisible();
      await settled(page);
      await expectAccessible(page, 'the "Nueva página" dialog with its message');
      await create.getByRole('button', { name: 'Cancelar' }).click();
      await expect(create).toBeHidden();

      await page.getByRole('link', { name: 'Aviso legal', exact: true }).click();
      await expect(heading(page, 'Editar página')).toBeVisible();
      await withHistory(page, async () => {});
      await expect(page.getByRole('button', { name: 'Negrita' })).toBeVisible();
      await expectAccessible(page, '/page/{id} with the editor');
    });

    test(`overlay controls open: calendars, multiselect, dropdown, colour (${device})`, async ({
      page,
      baseURL,
    }) => {
      const suffix = Date.now().toString(36);
      await useSession(page, admin, { visit: false });
      // Enough categories for the lists to scroll.
      for (const n of [1, 2, 3, 4, 5, 6, 7, 8]) {
        await apiCreate(page, baseURL!, '/api/categories', { name: `Overlay ${device} ${suffix} ${n}` });
      }

      // A date-time calendar, opened by keyboard from its field, then by its button.
      await page.goto('/news/create');
      await expect(heading(page, 'Nueva noticia')).toBeVisible();
      const publishAt = 'Fecha y hora de publicación programada';
      const calendar = page.getByRole('dialog', { name: 'Elegir fecha' });
      await page.getByRole('combobox', { name: publishAt }).press('ArrowDown');
      await expect(calendar.getByRole('grid').locator(':focus')).toHaveCount(1);
      await settled(page);
      await expectAccessible(page, 'the publication calendar, opened by keyboard');
      await page.keyboard.press('Escape');
      await expect(calendar).toBeHidden();
      await expect(page.getByRole('combobox', { name: publishAt })).toBeFocused();
      await page.getByRole('button', { name: `${publishAt}: abrir calendario` }).click();
      await expect(calendar.getByRole('grid')).toBeVisible();
      await settled(page);
      await expectAccessible(page, 'the publication calendar, open');
      // Month and year views are part of the same calendar.
      await calendar.getByRole('button', { name: 'Elegir mes' }).click();
      await expect(calendar.getByRole('button', { name: 'dic', exact: true })).toBeVisible();
      await settled(page);
      await expectAccessible(page, 'the publication calendar, choosing the month');
      await calendar.getByRole('button', { name: 'Elegir año' }).click();
      await settled(page);
      await expectAccessible(page, 'the publication calendar, choosing the year');
      await page.keyboard.press('Escape');
      await expect(calendar).toBeHidden();

      // The categories multiselect, its list opened by keyboard.
      await page.getByRole('combobox', { name: 'Categorías' }).focus();
      await page.keyboard.press('ArrowDown');
      const list = page.getByRole('listbox');
      await expect(list.getByRole('option', { name: `Overlay ${device} ${suffix} 1` })).toHaveCount(1);
      await settled(page);
      await expectAccessible(page, 'the categories multiselect, open');
      await page.keyboard.press('Escape');
      await expect(list).toBeHidden();

      // The slides' window: two date-time calendars side by side.
      await page.goto('/slide/create');
      await expect(heading(page, 'Nueva diapositiva')).toBeVisible();
      await page.getByRole('button', { name: 'Se muestra hasta: abrir calendario' }).click();
      await expect(calendar.getByRole('grid')).toBeVisible();
      await settled(page);
      await expectAccessible(page, "the slide window's calendar, open");
      await page.keyboard.press('Escape');

      // A dropdown (a category's parent) with its list and search box open, and the colour control.
      await page.goto('/category/create');
      await expect(heading(page, 'Nueva categoría')).toBeVisible();
      await page.getByLabel('Categoría superior').focus();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('option', { name: `Overlay ${device} ${suffix} 1` })).toHaveCount(1);
      await settled(page);
      await expectAccessible(page, 'the parent dropdown, open');
      await page.keyboard.press('Escape');
      // The swatch opens the browser's own colour picker, which is outside the page: axe checks the
      // swatch, the text box and the suggested colours with one chosen.
      await page.getByRole('button', { name: 'Verde (#15803d)', exact: true }).click();
      await expect(page.getByLabel('Color', { exact: true })).not.toHaveValue('');
      await page.getByLabel('Selector de color para «Color»').focus();
      await expectAccessible(page, 'the colour control with a colour chosen');
    });

    test(`the "Sin permiso" page (${device})`, async ({ page }) => {
      await useSession(page, editor, { visit: false });
      await page.goto('/role');
      await expect(page.getByRole('heading', { name: 'Sin permiso' })).toBeVisible();
      await expectAccessible(page, '"Sin permiso"');
    });
  });
}
