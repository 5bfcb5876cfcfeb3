import { expectAccessible } from '../support/axe';
import { expect, submitSignIn, test, useSession } from '../support/fixtures';
import { resetLinkIn, waitForMail } from '../support/mailbox';
import { apiCreate, apiUploadImage, shot } from '../support/pages';
import { admin } from '../support/test-users';

// Issue 16, "Words a Spanish office uses" and two "Roles" points: an invitation that welcomes, a
// media deletion refused in its own confirmation, a free-text question graded by a person, the
// detected type of a misnamed upload, and «Dirección web (slug)». At 1280 and 375 px.

for (const [device, viewport] of [
  ['1280', { width: 1280, height: 800 }],
  ['375', { width: 375, height: 812 }],
] as const) {
  test.describe(`at ${device} px`, () => {
    test.use({ viewport });
    const suffix = () => `${device}-${Date.now().toString(36)}`;

    test('an invitation welcomes the person by name and lets them create a password', async ({
      page,
      baseURL,
    }) => {
      const id = suffix();
      const email = `invitada-${id}@e2e.test`;
      await useSession(page, admin);
      const since = Date.now();
      await apiCreate(page, baseURL!, '/api/users', {
        name: `Begoña ${id}`,
        email,
        roles: ['lector'],
        send_invitation: true,
      });
      const mail = await waitForMail(email, { since });
      expect(mail.text).toContain(`Hola, Begoña ${id}:`);
      expect(mail.text).toContain('Crear su contraseña');
      expect(mail.text).toContain('Este enlace caduca en 7 días');

      await page.context().clearCookies();
      await page.goto(resetLinkIn(mail));
      await expect(page.getByRole('heading', { level: 1, name: 'Crear su contraseña' })).toBeVisible();
      await expect(page).toHaveTitle('Crear su contraseña · Gestor');
      await expect(page.getByText(`Le damos la bienvenida, Begoña ${id}.`)).toBeVisible();
      await expect(page.getByText('Restablecer contraseña')).toHaveCount(0);
      await shot(page, `invitation-${device}`);
      await expectAccessible(page, `invitation (${device} px)`);

      // By keyboard: the new password field has the focus; Enter sends the form.
      await expect(page.getByLabel('Nueva contraseña')).toBeFocused();
      await page.keyboard.type('primera-contraseña-e2e');
      await page.keyboard.press('Tab');
      await page.keyboard.type('primera-contraseña-e2e');
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/auth\/login/);
      await expect(page.getByRole('status')).toContainText('Su contraseña se ha creado. Ya puede acceder.');
      // Issue 30: her address is filled in; the password she just chose is what is left to type.
      await expect(page.getByLabel('Correo electrónico')).toHaveValue(email);
      await expect(page.getByLabel('Contraseña', { exact: true })).toBeFocused();
      await submitSignIn(page, email, 'primera-contraseña-e2e');
      await expect(page.getByRole('heading', { name: `Hola, Begoña ${id}` })).toBeVisible();
    });

    test('a media item in use cannot be confirmed for deletion: the dialog says where it is used', async ({
      page,
      baseURL,
    }) => {
      const id = suffix();
      await useSession(page, admin);
      const used = await apiUploadImage(page, baseURL!, { name: `usada-${id}.png`, color: '#2a6' });
      await apiUploadImage(page, baseURL!, { name: `libre-${id}.png`, color: '#a26' });
      await apiCreate(page, baseURL!, '/api/categories', { name: `Fiestas ${id}`, image: used });

      await page.goto(`/multimedia?search=${id}`);
      await page.getByRole('button', { name: `usada-${id}.png`, exact: true }).click();
      const panel = page.getByRole('dialog', { name: `usada-${id}.png` });
      await panel.getByRole('button', { name: 'Eliminar', exact: true }).click();
      const refused = page.getByRole('dialog', { name: 'No se puede eliminar' });
      await expect(refused).toContainText('Se usa en 1 sitio:');
      await expect(refused).toContainText(`Categorías: «Fiestas ${id}»`);
      await expect(refused.getByRole('button', { name: 'Eliminar', exact: true })).toHaveCount(0);
      await expect(refused.getByRole('button', { name: 'Cerrar' })).toBeFocused();
      await shot(page, `media-delete-in-use-${device}`);
      await expectAccessible(page, `media in use, delete (${device} px)`);
      await page.keyboard.press('Enter');
      await expect(refused).toHaveCount(0);
      await page.keyboard.press('Escape');

      // Several at once: the one in use is named, and nothing can be confirmed.
      await page.goto(`/multimedia?search=${id}`);
      await page.getByRole('checkbox', { name: `Seleccionar «usada-${id}.png»` }).check();
      await page.getByRole('checkbox', { name: `Seleccionar «libre-${id}.png»` }).check();
      await page.getByRole('button', { name: 'Eliminar seleccionados (2)' }).click();
      const bulk = page.getByRole('dialog', { name: 'No se puede eliminar' });
      await expect(bulk).toContainText('1 de los 2 archivos elegidos se usa:');
      await expect(bulk).toContainText(`«usada-${id}.png» se usa en 1 sitio:`);
      await expect(bulk.getByRole('button', { name: 'Eliminar', exact: true })).toHaveCount(0);
      await shot(page, `media-bulk-delete-in-use-${device}`);
      await expectAccessible(page, `media in use, bulk delete (${device} px)`);
      await bulk.getByRole('button', { name: 'Cerrar' }).click();

      // The free one alone still asks and deletes.
      await page.getByRole('checkbox', { name: `Quitar de la selección «usada-${id}.png»` }).uncheck();
      await page.getByRole('button', { name: 'Eliminar seleccionados (1)' }).click();
      const confirm = page.getByRole('dialog', { name: 'Confirmar eliminación' });
      await confirm.getByRole('button', { name: 'Eliminar', exact: true }).click();
      await expect(page.getByRole('button', { name: `libre-${id}.png`, exact: true })).toHaveCount(0);
    });

    test('a .jpg holding text is uploaded as text, and the queue says so', async ({ page }) => {
      const id = suffix();
      await useSession(page, admin, { visit: false });
      await page.goto('/multimedia');
      const chooser = page.waitForEvent('filechooser');
      await page.getByRole('button', { name: 'Subir archivos' }).first().click();
      await (await chooser).setFiles({
        name: `foto-${id}.jpg`,
        mimeType: 'image/jpeg',
        buffer: Buffer.from('Acta de la reunión del pleno.\n'),
      });
      const uploads = page.getByRole('region', { name: 'Subida de archivos' });
      await expect(uploads).toContainText(
        `foto-${id}.jpg: Se ha subido como documento de texto: su contenido no es una imagen JPEG.`,
      );
      await shot(page, `upload-detected-type-${device}`);
      await expectAccessible(page, `upload with a detected type (${device} px)`);
    });

    test('the test preview says a free-text question is graded by a person', async ({ page, baseURL }) => {
      const id = suffix();
      await useSession(page, admin, { visit: false });
      const created = await apiCreate<{ id: number }>(page, baseURL!, '/api/tests', {
        title: `Atención al público ${id}`,
        passing_score: 50,
        questions: [
          {
            prompt: '¿A qué hora abre el registro?',
            type: 'single',
            options: [{ text: '9', correct: true }, { text: '10' }],
          },
          { prompt: 'Explique cómo atendería una queja.', type: 'text' },
        ],
      });
      await page.goto(`/test/${created.id}`);
      await page.getByRole('button', { name: 'Vista previa' }).click();
      const preview = page.getByRole('dialog', { name: `Vista previa: Atención al público ${id}` });
      await preview.getByRole('button', { name: 'Empezar' }).click();
      const free = preview.getByRole('group', { name: /Pregunta 2/ });
      await expect(free).toContainText('La corrige una persona; no cuenta en la nota automática.');
      await expect(free).not.toContainText('punto');
      await expect(preview.getByRole('group', { name: /Pregunta 1/ })).toContainText('1 punto');
      await free.scrollIntoViewIfNeeded();
      await shot(page, `test-preview-free-text-${device}`);
      await expectAccessible(page, `test preview with a free-text question (${device} px)`);
    });

    test('a slug is called «Dirección web (slug)» on forms and lists', async ({ page }) => {
      await useSession(page, admin, { visit: false });
      await page.goto('/news/create');
      await expect(page.getByLabel('Dirección web (slug)', { exact: true })).toBeVisible();
      await expect(page.getByLabel('Slug', { exact: true })).toHaveCount(0);
      await shot(page, `slug-label-${device}`);
      await page.goto('/page');
      await expect(page.getByRole('heading', { level: 1, name: 'Páginas' })).toBeVisible();
      if (device === '1280') {
        await expect(page.getByRole('columnheader', { name: /Dirección web \(slug\)/ })).toBeVisible();
      }
      await expect(page.getByText(/^Slug$/)).toHaveCount(0);
    });
  });
}
