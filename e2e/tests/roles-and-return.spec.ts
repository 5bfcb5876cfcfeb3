import type { Page } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { expect, submitSignIn, test, useSession } from '../support/fixtures';
import {
  apiCreate,
  apiUploadImage,
  chooseTag,
  pickFromLibrary,
  SAVED,
  sessionHeaders,
  shot,
} from '../support/pages';
import { admin } from '../support/test-users';

// A role made for writing news brings the view
// permissions its pickers need (decision 014) and says what it would lose without them; a person sent
// to sign in from /news/create comes back there; a return address outside the SPA is ignored.

for (const width of [1280, 375]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 375 ? 812 : 800 } });

    test('a news role picks a cover, a body image and a category; sign-in returns to /news/create', async ({
      page,
      baseURL,
    }) => {
      test.setTimeout(120_000);
      const suffix = `${width}-${Date.now().toString(36)}`;
      const role = { name: `noticias-${suffix}`, label: `Noticias ${suffix}` };
      const person = {
        name: `Nuria Noticias ${suffix}`,
        email: `nuria-${suffix}@e2e.test`,
        password: 'nuria-e2e-pw-1',
      };
      const imageName = `cartel-${suffix}.png`;
      const category = `Vecindario ${suffix}`;
      const matrix = (name: string) => page.getByRole('checkbox', { name, exact: true });

      // The administrator makes the role from the form: news view, create and update.
      await useSession(page, admin, { visit: false });
      await page.goto('/role/create');
      await expect(page.getByRole('heading', { level: 1, name: 'Nuevo rol' })).toBeVisible();
      // Issue 30: the name people read first; the identifier under "Avanzado".
      await page.getByLabel('Nombre', { exact: true }).fill(role.label);
      await page.getByText('Avanzado', { exact: true }).click();
      await page.getByLabel('Identificador', { exact: true }).fill(role.name);
      await matrix('Noticias: Ver').click();
      await matrix('Noticias: Crear').click();
      // Crear brings what the news form picks from.
      await expect(matrix('Multimedia: Ver')).toBeChecked();
      // Decision 044: and uploading the photo she inserts.
      await expect(matrix('Multimedia: Crear')).toBeChecked();
      await expect(matrix('Categorías: Ver')).toBeChecked();
      await matrix('Noticias: Editar').click();
      await expect(page.getByText(/al marcar Crear o Editar se marca también Ver/)).toBeVisible();

      // Taking one away says what the role could no longer pick.
      await matrix('Multimedia: Ver').click();
      const missing = page.getByText(
        'en Noticias, la portada y las imágenes del texto (falta «Multimedia: Ver»).',
      );
      await expect(missing).toBeVisible();
      await shot(page, `role-picker-needs-missing-${width}`);
      await expectAccessible(page, `rol con una dependencia quitada (${width})`);
      await matrix('Multimedia: Ver').press('Space');
      await expect(missing).toHaveCount(0);
      await shot(page, `role-picker-needs-${width}`);
      await page.getByRole('button', { name: 'Guardar' }).click();
      await expect(page.getByText(SAVED).last()).toBeVisible();

      // Saved as shown: read back after a reload.
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: 'Editar rol' })).toBeVisible();
      for (const name of [
        'Noticias: Ver',
        'Noticias: Crear',
        'Noticias: Editar',
        'Multimedia: Ver',
        'Categorías: Ver',
      ]) {
        await expect(matrix(name)).toBeChecked();
      }
      await expect(matrix('Noticias: Eliminar')).not.toBeChecked();

      // A person with that role, an image in the library and a category to choose.
      await apiCreate(page, baseURL!, '/api/users', { ...person, roles: [role.name], active: true });
      await apiUploadImage(page, baseURL!, { name: imageName, color: '#0f766e' });
      await apiCreate(page, baseURL!, '/api/categories', { name: category });
      await page.context().clearCookies();

      // Sent to sign in from /news/create, the person comes back there.
      await page.goto('/news/create');
      await expect(page).toHaveURL(/\/auth\/login\?redirect=%2Fnews%2Fcreate$/);
      await submitSignIn(page, person.email, person.password);
      await expect(page).toHaveURL(/\/news\/create$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Nueva noticia' })).toBeVisible();

      const forbidden: string[] = [];
      page.on('response', (response) => {
        if (response.status() === 403) forbidden.push(response.url());
      });
      await page.getByLabel('Título', { exact: true }).fill(`Fiestas del barrio ${suffix}`);
      await page.getByRole('textbox', { name: 'Texto', exact: true }).click();
      await page.keyboard.type('Programa de las fiestas.');
      await page.keyboard.press('Enter');
      await pickFromLibrary(page, {
        opener: 'Imagen de la biblioteca',
        dialog: 'Insertar imagen',
        fileName: imageName,
      });
      await pickFromLibrary(page, { opener: 'Elegir imagen', fileName: imageName });
      await chooseTag(page, suffix, category);
      await expect(page.getByRole('listbox')).toHaveCount(0);
      await shot(page, `news-role-picked-${width}`);

      await page.getByRole('button', { name: 'Guardar', exact: true }).click();
      await expect(page.getByText(SAVED).last()).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`/news/fiestas-del-barrio-${suffix}$`));
      // Read back as the API holds it, with the person's own session.
      const read = await page.request.get(`/api/news/fiestas-del-barrio-${suffix}`, {
        headers: await sessionHeaders(page, baseURL!),
      });
      expect(read.status(), await read.text()).toBe(200);
      const news = (
        (await read.json()) as {
          data: { cover: { name: string } | null; categories: { name: string }[]; body: string };
        }
      ).data;
      expect(news.cover?.name).toBe(imageName);
      expect(news.categories.map((item) => item.name)).toEqual([category]);
      expect(news.body).toMatch(/<img data-media-id="\d+"/);
      expect(forbidden).toEqual([]);
      await expectAccessible(page, `noticia creada por un rol de noticias (${width})`);
    });
  });
}

async function signInWithReturn(page: Page, redirect: string) {
  await page.goto(`/auth/login?redirect=${encodeURIComponent(redirect)}`);
  await submitSignIn(page, admin.email, admin.password);
}

test('a return address outside the SPA is ignored: the person lands at home', async ({ page, baseURL }) => {
  for (const outside of [
    '//evil.example',
    '/\\evil.example',
    'https://evil.example/news',
    'javascript:alert(1)',
  ]) {
    await signInWithReturn(page, outside);
    await expect(page.getByRole('heading', { name: `Hola, ${admin.name}` })).toBeVisible();
    expect(page.url()).toBe(`${baseURL}/`);
    await page.context().clearCookies();
  }
  // A signed-in person opening the sign-in screen with a return address goes there.
  await signInWithReturn(page, '/news');
  await expect(page).toHaveURL(/\/news$/);
  await page.goto('/auth/login?redirect=%2Fpage');
  await expect(page).toHaveURL(/\/page$/);
});
