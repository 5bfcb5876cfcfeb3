import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { expect, newPersonWith, signIn, test } from '../support/fixtures';
import { SCREEN_SIZES, shot } from '../support/pages';

// Questionnaires §2, as the person who prepares them does it, with the tests' permissions alone: she
// opens a test to the public in «Publicación» (dates typed the Spanish way, on Madrid's clock), is
// told beside the field that «Enlace y PIN» needs a PIN, chooses single-use codes instead, saves, and
// makes 3 codes with 15 extra minutes: the CSV a Spanish Excel opens, and the sheet to print with a
// QR code per code.

interface SavedTest {
  id: number;
  slug: string;
  access: string;
  identity: string;
  opens_at: string | null;
  closes_at: string | null;
  time_limit_minutes: number | null;
  on_expiry: string;
  grace_minutes: number | null;
}

const PIN_NEEDED = 'Indique el PIN de 4 a 8 cifras que pedirá el test.';
const CODE = /^[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/;

/** What is on screen now (a dialog over the page), where `shot` would show the whole page behind it. */
async function viewShot(page: Page, name: string) {
  const directory = process.env.E2E_SHOTS_DIR;
  if (directory) await page.screenshot({ path: `${directory}/${name}.png` });
}

/** Types a date and time into a date control as a person does, and leaves the field. */
async function typeDate(field: Locator, text: string) {
  await field.pressSequentially(text);
  await field.press('Escape');
  await field.press('Tab');
}

/** Picks an option of a dropdown with the mouse. */
async function choose(page: Page, label: string, option: string) {
  await page.locator('.p-dropdown', { has: page.getByLabel(label, { exact: true }) }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

for (const [width, viewport] of SCREEN_SIZES) {
  test(`a test opened with single-use codes, their CSV and their printed sheet (${width} px)`, async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(viewport);
    const suffix = `${Date.now().toString(36)}${width}`;
    const year = new Date().getFullYear() + 1;
    const person = await newPersonWith(browser, baseURL!, 'Marta Convocatorias', [
      'test.view',
      'test.create',
      'test.update',
      'test.delete',
    ]);

    await signIn(page, person);
    if (width === '375') await page.getByRole('button', { name: 'Mostrar u ocultar el menú' }).click();
    await page
      .getByRole('navigation', { name: 'Menú principal' })
      .getByRole('link', { name: 'Tests', exact: true })
      .click();
    await page.getByRole('link', { name: 'Nuevo test' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Nuevo test' })).toBeVisible();

    const title = `Oposición auxiliar administrativo ${suffix}`;
    await page.getByLabel('Título', { exact: true }).fill(title);
    const publication = page.getByRole('group', { name: 'Publicación', exact: true });
    await expect(publication).toBeVisible();
    await expect(publication.getByText('Nadie puede responderlo')).toBeVisible();

    // «Enlace y PIN» by keyboard, as the survey's kind is chosen: Enter opens, the arrows move, Enter takes.
    const writes: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/tests' && request.method() === 'POST') {
        writes.push(request.url());
      }
    });
    await page.getByLabel('Acceso', { exact: true }).focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    const pin = publication.getByRole('textbox', { name: 'PIN', exact: true });
    await expect(pin).toHaveAttribute('inputmode', 'numeric');
    await expect(pin).toHaveAttribute('autocomplete', 'off');
    // Saved with no PIN: the message beside the field, and nothing sent.
    await page.getByRole('button', { name: 'Guardar', exact: true }).click();
    await expect(publication.getByText(PIN_NEEDED)).toBeVisible();
    await expect(pin).toHaveAttribute('aria-invalid', 'true');
    await expect(pin).toHaveAccessibleDescription(
      new RegExp(PIN_NEEDED.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
    );
    await expect(pin).toBeFocused();
    expect(writes).toEqual([]);

    // The dates the way an office worker types them; September is summer time in Madrid (UTC+2).
    await typeDate(publication.getByRole('combobox', { name: 'Apertura' }), `1/9/${year} 9.00`);
    await typeDate(publication.getByRole('combobox', { name: 'Cierre' }), `30/09/${year} 14:00`);
    await expect(publication.getByRole('combobox', { name: 'Apertura' })).toHaveValue(`01/09/${year} 09:00`);
    await expect(publication.getByRole('combobox', { name: 'Cierre' })).toHaveValue(`30/09/${year} 14:00`);

    // Codes instead: the PIN goes, and each person is known by the code, set and said.
    await choose(page, 'Acceso', 'Códigos de un solo uso');
    await expect(pin).toHaveCount(0);
    await expect(publication.getByText(PIN_NEEDED)).toHaveCount(0);
    const identity = publication.getByLabel('Identificación', { exact: true });
    await expect(identity).toBeDisabled();
    await expect(identity).toHaveAccessibleDescription(/cada persona se identifica con el suyo/);
    await expect(
      publication.locator('.p-dropdown-label', { hasText: 'El código de cada persona' }),
    ).toBeVisible();

    await publication.getByLabel('Tiempo límite').fill('20');
    await choose(page, 'Al terminar el tiempo', 'Unos minutos de cortesía para enviar; después no cuenta');
    await publication.getByLabel('Minutos de cortesía').fill('5');
    // A control that appears leaves the others in sight (Chromium once laid them out 0 px tall).
    for (const label of ['Máximo de respuestas', 'Tiempo límite', 'Intentos por persona']) {
      await expect(publication.getByLabel(label, { exact: true })).toBeVisible();
    }
    await expect(publication.getByRole('combobox', { name: 'Apertura' })).toBeVisible();
    await expect(publication.getByLabel('Texto de consentimiento')).toHaveCount(0);
    await expectAccessible(page, `«Publicación» de un test nuevo (${width} px)`);
    await shot(page, `test-publication-form-${width}`);

    const created = page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname === '/api/tests' && response.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Guardar', exact: true }).click();
    const response = await created;
    expect(response.status()).toBe(201);
    const saved = ((await response.json()) as { data: SavedTest }).data;
    expect(saved).toMatchObject({
      access: 'codes',
      identity: 'code',
      opens_at: `${year}-09-01T07:00:00.000Z`,
      closes_at: `${year}-09-30T12:00:00.000Z`,
      time_limit_minutes: 20,
      on_expiry: 'grace',
      grace_minutes: 5,
    });
    await expect(page.getByRole('heading', { level: 1, name: 'Editar test' })).toBeVisible();

    // The answering page's address, to copy or open.
    const address = `${new URL(baseURL!).origin}/t/${saved.slug}`;
    const addressGroup = page.getByRole('group', { name: 'Dirección para responder' });
    await expect(addressGroup.getByRole('link', { name: new RegExp(`^${address}`) })).toHaveAttribute(
      'target',
      '_blank',
    );
    await expect(addressGroup.getByRole('button', { name: 'Copiar dirección' })).toBeVisible();

    // «Códigos»: none yet; 3 with 15 extra minutes each.
    const codes = page.getByRole('region', { name: 'Códigos', exact: true });
    await expect(codes.getByText('Quedan 0 códigos sin usar.')).toBeVisible();
    await codes.getByRole('button', { name: 'Generar códigos' }).click();
    const dialog = page.getByRole('dialog', { name: 'Generar códigos' });
    await dialog.getByLabel('Número de códigos').fill('3');
    await dialog.getByLabel('Minutos extra por código (para quien necesite más tiempo)').fill('15');
    await expectAccessible(page, `«Generar códigos» (${width} px)`);
    await viewShot(page, `test-codes-dialog-${width}`);
    const generated = page.waitForResponse(
      (answer) =>
        new URL(answer.url()).pathname === `/api/tests/${saved.id}/codes` &&
        answer.request().method() === 'POST',
    );
    await dialog.getByRole('button', { name: 'Generar', exact: true }).click();
    const answer = await generated;
    expect(answer.status()).toBe(201);
    expect(answer.request().postDataJSON()).toEqual({ count: 3, extra_minutes: 15 });
    const made = ((await answer.json()) as { data: { codes: Array<{ code: string; url: string }> } }).data;
    // Each code's own address: the answering page with the code in it.
    for (const { code, url } of made.codes) expect(url).toBe(`${address}?code=${code}`);
    await expect(dialog).toBeHidden();
    const warning = codes.getByText('Estos 3 códigos se muestran solo ahora: no se podrán volver a ver.');
    await expect(warning).toBeVisible();
    const shown = await codes
      .getByRole('list', { name: 'Códigos generados' })
      .getByRole('listitem')
      .allTextContents();
    expect(shown).toEqual(made.codes.map(({ code }) => code));
    for (const code of shown) expect(code).toMatch(CODE);
    await expect(codes.getByText('Quedan 3 códigos sin usar.')).toBeVisible();
    await expectAccessible(page, `códigos recién generados (${width} px)`);
    await shot(page, `test-codes-made-${width}`);

    // The CSV as a Spanish Excel opens it: BOM, «;», CRLF, a header and one row per code.
    const downloading = page.waitForEvent('download');
    await codes.getByRole('button', { name: 'Descargar CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`codigos-${saved.slug}.csv`);
    const bytes = await readFile((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').split('\r\n');
    expect(lines.at(-1)).toBe('');
    expect(lines.slice(0, -1)).toEqual([
      'Código;Enlace;Minutos extra',
      ...made.codes.map(({ code, url }) => `${code};${url};15`),
    ]);

    // The sheet to print: a card per code, each with a QR code named after it.
    const printButton = codes.getByRole('button', { name: 'Imprimir', exact: true });
    await printButton.click();
    const sheet = page.getByRole('dialog', { name: `Códigos para imprimir: ${title}` });
    for (const code of shown) {
      await expect(sheet.getByRole('img', { name: `Código QR de ${code}`, exact: true })).toBeVisible();
      await expect(sheet.getByText(code, { exact: true })).toBeVisible();
    }
    await expect(sheet.getByRole('img', { name: /^Código QR de / })).toHaveCount(3);
    await expect(sheet.getByText('Incluye 15 minutos extra.').first()).toBeVisible();
    await expectAccessible(page, `hoja de códigos para imprimir (${width} px)`);
    await viewShot(page, `test-codes-sheet-${width}`);
    // Printed, the sheet alone: the application behind it is left out.
    await page.emulateMedia({ media: 'print' });
    await expect(page.locator('#root')).toBeHidden();
    await expect(sheet.getByRole('img', { name: `Código QR de ${shown[0]}` })).toBeVisible();
    await viewShot(page, `test-codes-sheet-print-${width}`);
    await page.emulateMedia({ media: 'screen' });
    // Escape closes it, and the focus goes back to «Imprimir».
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();
    await expect(printButton).toBeFocused();
  });
}
