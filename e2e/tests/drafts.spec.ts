import type { Locator, Page } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { expect, signIn, test, useSession } from '../support/fixtures';
import { apiCreate, SAVED, sessionHeaders, shot } from '../support/pages';
import { admin, editor } from '../support/test-users';

// Issue 19 "Recovered drafts" (decision 028): a closed tab loses nothing typed. What a form holds is
// kept in this browser's localStorage per user and record; opening the record again offers it;
// saving or discarding removes it; signing out removes every draft; passwords are never kept.

const DRAFT_PREFIX = 'gestor.draft:';
const OFFER = /^Hay cambios sin guardar del \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/;

/** Every draft this browser keeps for the app: key → stored JSON. */
async function storedDrafts(page: Page): Promise<Record<string, string>> {
  return page.evaluate((prefix) => {
    const drafts: Record<string, string> = {};
    for (let index = 0; index < localStorage.length; index++) {
      const key = localStorage.key(index);
      if (key?.startsWith(prefix)) drafts[key] = localStorage.getItem(key) ?? '';
    }
    return drafts;
  }, DRAFT_PREFIX);
}

/** Waits until a draft holding `text` is kept (three seconds after the last keystroke). */
async function draftKept(page: Page, text: string): Promise<void> {
  await expect
    .poll(async () => Object.values(await storedDrafts(page)).some((json) => json.includes(text)), {
      timeout: 15_000,
    })
    .toBe(true);
}

/** Presses Tab until `target` has the focus, as a keyboard user would, then `key` on it. */
async function tabTo(page: Page, target: Locator, key = 'Enter'): Promise<void> {
  for (let presses = 0; presses < 60; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) {
      await page.keyboard.press(key);
      return;
    }
    await page.keyboard.press('Tab');
  }
  throw new Error('No se llega con el tabulador');
}

interface News {
  id: number;
  slug: string;
  updated_at: string;
  body: string;
  title: string;
}

async function createNews(page: Page, baseURL: string, title: string, body: string): Promise<News> {
  return apiCreate<News>(page, baseURL, '/api/news', { title, body });
}

async function readNews(page: Page, baseURL: string, id: number): Promise<News> {
  const response = await page.request.get(`/api/news/${id}`, {
    headers: await sessionHeaders(page, baseURL),
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: News }).data;
}

test('an editor closes the tab mid-edit, opens the news item again, recovers the text by keyboard and saves it', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const suffix = Date.now().toString(36);
  await useSession(page, editor, { visit: false });
  const news = await createNews(
    page,
    baseURL!,
    `Pleno de presupuestos ${suffix}`,
    '<p>El pleno se reúne hoy.</p>',
  );

  await page.goto(`/news/${news.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Editar noticia' })).toBeVisible();
  const body = page.getByRole('textbox', { name: 'Texto', exact: true });
  await body.click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type(` Se aprueban las cuentas de ${suffix}.`);
  await draftKept(page, `las cuentas de ${suffix}`);
  // The tab is closed, not navigated away from: no dialog, no unload prompt.
  await page.close();

  const again = await context.newPage();
  await again.goto(`/news/${news.slug}`);
  const offer = again.getByRole('region', { name: OFFER });
  await expect(offer).toBeVisible();
  // The record has not changed since: no warning about it.
  await expect(offer.getByText('ha cambiado desde entonces')).toHaveCount(0);
  // The form shows the saved text until the person chooses.
  const recoveredBody = again.getByRole('textbox', { name: 'Texto', exact: true });
  await expect(recoveredBody).toHaveText('El pleno se reúne hoy.');

  // What differs, field by field, named by the field table; the added words marked in words too.
  await tabTo(again, offer.getByRole('button', { name: 'Ver las diferencias' }));
  await expect(offer.getByRole('button', { name: 'Ocultar las diferencias' })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  const differences = offer.getByRole('definition');
  await expect(offer.getByRole('term')).toHaveText(['Texto']);
  await expect(differences.filter({ hasText: 'Sin guardar:' }).locator('ins')).toContainText(
    `Se aprueban las cuentas de ${suffix}.`,
  );
  await expect(differences.filter({ hasText: 'Sin guardar:' })).toContainText('[texto añadido:');
  await shot(again, 'drafts-offer-1280');
  await expectAccessible(again, 'cambios sin guardar ofrecidos (1280 px)');
  await again.setViewportSize({ width: 375, height: 800 });
  await expect(offer).toBeVisible();
  await shot(again, 'drafts-offer-375');
  await expectAccessible(again, 'cambios sin guardar ofrecidos (375 px)');
  await again.setViewportSize({ width: 1280, height: 800 });

  await tabTo(again, offer.getByRole('button', { name: 'Recuperar los cambios sin guardar' }));
  await expect(offer).toBeHidden();
  const reminder = again.getByRole('status').filter({ hasText: 'Se han recuperado los cambios sin guardar' });
  await expect(reminder).toBeVisible();
  await expect(recoveredBody).toContainText(`Se aprueban las cuentas de ${suffix}.`);
  await shot(again, 'drafts-recovered-1280');
  await expectAccessible(again, 'cambios recuperados');

  // Recovered changes are still unsaved: the person saves them (by keyboard, too).
  await tabTo(again, again.getByRole('button', { name: 'Guardar borrador' }));
  await expect(again.getByText(SAVED).last()).toBeVisible();
  await expect(reminder).toBeHidden();
  expect((await readNews(again, baseURL!, news.id)).body).toContain(`Se aprueban las cuentas de ${suffix}.`);
  // A save that succeeds removes the draft.
  await expect.poll(() => storedDrafts(again)).toEqual({});
  await again.reload();
  await expect(again.getByRole('heading', { level: 1, name: 'Editar noticia' })).toBeVisible();
  await expect(again.getByRole('textbox', { name: 'Texto', exact: true })).toContainText(suffix);
  await expect(again.getByRole('region', { name: OFFER })).toHaveCount(0);
});

test('discarding removes the draft; a record changed since says so and saving meets the conflict dialog', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const suffix = Date.now().toString(36);
  await useSession(page, editor, { visit: false });
  const news = await createNews(page, baseURL!, `Fiestas ${suffix}`, '<p>Programa de fiestas.</p>');

  // Discard.
  await page.goto(`/news/${news.slug}`);
  const title = page.getByLabel('Título', { exact: true });
  await title.fill(`Fiestas patronales ${suffix}`);
  await draftKept(page, `Fiestas patronales ${suffix}`);
  await page.close();
  let tab = await context.newPage();
  await tab.goto(`/news/${news.slug}`);
  let offer = tab.getByRole('region', { name: OFFER });
  await offer.getByRole('button', { name: 'Ver las diferencias' }).click();
  await expect(offer.getByRole('definition')).toHaveText([
    `Guardado: Fiestas ${suffix}`,
    `Sin guardar: Fiestas patronales ${suffix}`,
  ]);
  await offer.getByRole('button', { name: 'Descartar' }).click();
  await expect(offer).toBeHidden();
  await expect(tab.getByLabel('Título', { exact: true })).toHaveValue(`Fiestas ${suffix}`);
  // The focus is not lost with the notice: it moves to the form's first field.
  await expect(tab.getByLabel('Título', { exact: true })).toBeFocused();
  expect(await storedDrafts(tab)).toEqual({});
  await tab.reload();
  await expect(tab.getByLabel('Título', { exact: true })).toHaveValue(`Fiestas ${suffix}`);
  await expect(tab.getByRole('region', { name: OFFER })).toHaveCount(0);

  // Changed by someone else after the draft began.
  await tab.getByLabel('Título', { exact: true }).fill(`Fiestas de verano ${suffix}`);
  // A tab that closes does not wait three seconds: `pagehide` keeps the changes at once.
  const kept = await tab.evaluate((prefix) => {
    const drafts = () =>
      Object.keys(localStorage)
        .filter((key) => key.startsWith(prefix))
        .map((key) => localStorage.getItem(key))
        .join();
    const before = drafts();
    window.dispatchEvent(new PageTransitionEvent('pagehide'));
    return { before, after: drafts() };
  }, DRAFT_PREFIX);
  expect(kept.before).not.toContain(`Fiestas de verano ${suffix}`);
  expect(kept.after).toContain(`Fiestas de verano ${suffix}`);
  await tab.close();
  const otherPage = await context.newPage();
  const latest = await readNews(otherPage, baseURL!, news.id);
  const put = await otherPage.request.put(`/api/news/${news.id}`, {
    data: { excerpt: 'Cambiada por otra persona.', updated_at: latest.updated_at },
    headers: await sessionHeaders(otherPage, baseURL!),
  });
  expect(put.status(), await put.text()).toBe(200);
  await otherPage.close();

  tab = await context.newPage();
  await tab.goto(`/news/${news.slug}`);
  offer = tab.getByRole('region', { name: OFFER });
  await expect(offer.getByText('La noticia ha cambiado desde entonces.')).toBeVisible();
  await expectAccessible(tab, 'cambios sin guardar de una noticia cambiada después');
  await offer.getByRole('button', { name: 'Recuperar los cambios sin guardar' }).click();
  await expect(tab.getByLabel('Título', { exact: true })).toHaveValue(`Fiestas de verano ${suffix}`);
  // The saved excerpt shows; the changes began before it, so saving is the usual 409.
  await expect(tab.getByLabel('Entradilla')).toHaveValue('Cambiada por otra persona.');
  await tab.getByRole('button', { name: 'Guardar borrador' }).click();
  const conflict = tab.getByRole('dialog', { name: 'Registro modificado' });
  await expect(conflict).toBeVisible();
  await conflict.getByRole('button', { name: 'Cancelar' }).click();
  // Nothing was overwritten, and the draft is still kept.
  expect((await readNews(tab, baseURL!, news.id)).title).toBe(`Fiestas ${suffix}`);
  expect(Object.values(await storedDrafts(tab)).join()).toContain(`Fiestas de verano ${suffix}`);
});

test('signing out removes every draft of the browser; a session that ended keeps them only for their owner', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const suffix = Date.now().toString(36);
  await signIn(page, editor);
  await page.goto('/news/create');
  await page.getByLabel('Título', { exact: true }).fill(`Borrador nuevo ${suffix}`);
  await draftKept(page, `Borrador nuevo ${suffix}`);
  expect(Object.keys(await storedDrafts(page))).toEqual([
    expect.stringMatching(/^gestor\.draft:\d+:news:nuevo$/),
  ]);

  // The create form counts as one record: opening it again offers the draft.
  await page.goto('/news');
  await page.goto('/news/create');
  await expect(page.getByRole('region', { name: OFFER })).toBeVisible();

  await page.getByRole('button', { name: 'Menú de usuario' }).click();
  await page.getByRole('menuitem', { name: 'Cerrar sesión', exact: true }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
  expect(await storedDrafts(page)).toEqual({});
  // Nor anywhere else the browser keeps data for the app.
  expect(await page.evaluate(async () => (await indexedDB.databases()).length)).toBe(0);

  // A session that ends (401) keeps the draft for its owner...
  await signIn(page, editor);
  await page.goto('/news/create');
  await expect(page.getByRole('region', { name: OFFER })).toHaveCount(0);
  await page.getByLabel('Título', { exact: true }).fill(`Sesión caducada ${suffix}`);
  await draftKept(page, `Sesión caducada ${suffix}`);
  await page.context().clearCookies({ name: 'gestor_session' });
  // The next call answers 401 (docs/http-api.md#sign-in-lifecycle: signed out, to the sign-in screen, no question asked).
  await page.getByRole('button', { name: 'Elegir imagen' }).click();
  await expect(page).toHaveURL(/\/auth\/login/);
  expect(Object.values(await storedDrafts(page)).join()).toContain(`Sesión caducada ${suffix}`);
  // ...and someone else signing in on this browser removes it.
  await signIn(page, admin);
  expect(await storedDrafts(page)).toEqual({});
});

test('a user form never keeps a password, on create or edit', async ({ page, context, baseURL }) => {
  test.setTimeout(150_000);
  const suffix = Date.now().toString(36);
  const secret = `clave-secreta-${suffix}`;
  await useSession(page, admin, { visit: false });

  await page.goto('/user/create');
  await page.getByLabel('Nombre', { exact: true }).fill(`Rosa Ruiz ${suffix}`);
  await page.getByLabel('Correo electrónico').fill(`rosa-${suffix}@e2e.test`);
  await page.getByLabel('Contraseña', { exact: true }).fill(secret);
  await draftKept(page, `Rosa Ruiz ${suffix}`);
  // Typed last: kept at once when the tab is hidden, still without the password.
  await page.getByLabel('Contraseña', { exact: true }).fill(`${secret}-2`);
  await page.evaluate(() => window.dispatchEvent(new PageTransitionEvent('pagehide')));
  let stored = Object.values(await storedDrafts(page)).join();
  expect(stored).toContain(`rosa-${suffix}@e2e.test`);
  expect(stored).not.toContain(secret);
  expect(stored).not.toContain('"password"');

  // Editing a user: a new password typed with another change.
  const found = await page.request.get(`/api/users?search=${encodeURIComponent(editor.email)}`, {
    headers: await sessionHeaders(page, baseURL!),
  });
  const [editorRecord] = ((await found.json()) as { data: { id: number }[] }).data;
  await page.goto(`/user/${editorRecord!.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Editar usuario' })).toBeVisible();
  await page.getByLabel('Nueva contraseña (opcional)').fill(secret);
  await page.getByLabel('Nombre', { exact: true }).fill(`Elena Editora ${suffix}`);
  await draftKept(page, `Elena Editora ${suffix}`);
  const editUrl = page.url();
  stored = Object.values(await storedDrafts(page)).join();
  expect(stored).not.toContain(secret);
  await page.close();

  const again = await context.newPage();
  await again.goto(editUrl);
  const offer = again.getByRole('region', { name: OFFER });
  await offer.getByRole('button', { name: 'Ver las diferencias' }).click();
  await expect(offer.getByRole('term')).toHaveText(['Nombre']);
  await offer.getByRole('button', { name: 'Recuperar los cambios sin guardar' }).click();
  await expect(again.getByLabel('Nombre', { exact: true })).toHaveValue(`Elena Editora ${suffix}`);
  await expect(again.getByLabel('Nueva contraseña (opcional)')).toHaveValue('');
  // Not saved: the shared editor account keeps its name for the other tests.
  await again.getByRole('link', { name: 'Cancelar' }).click();
  await again.getByRole('button', { name: 'Salir sin guardar' }).click();
  await expect(again).toHaveURL(/\/user$/);
  // Leaving on purpose ("Salir sin guardar": the changes will be lost) keeps nothing, once the leaving
  // screen has let go of its draft (the address changes first).
  await expect
    .poll(async () => Object.keys(await storedDrafts(again)))
    .toEqual([expect.stringMatching(/:user:nuevo$/)]);
});
