import type { Page, Response } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { expect, newPersonWith, test, useSession } from '../support/fixtures';
import { SCREEN_SIZES, shot, writeNewsWithLink } from '../support/pages';
import type { TestUser } from '../support/test-users';

// docs/accessibility.md: the body's accessibility check as a publisher meets it. She writes a link
// «pinche aquí», the panel under the editor says why it fails (UNE-EN 301 549, 9.2.4.4), «Ir al
// elemento» selects it, she rewrites it and publishes. Left as it is, the API refuses to publish it
// until she gives a reason, which the publishing panel asks for.

/** A role that writes and publishes news, with what the news form's pickers read; nothing else. */
const PUBLISHER = [
  'news.view',
  'news.create',
  'news.update',
  'news.publish',
  'multimedia.view',
  'category.view',
] as const;

const REASON_LABEL = 'Motivo para publicar con errores de accesibilidad';

let publisher: TestUser;
test.beforeAll(async ({ browser, baseURL }) => {
  publisher = await newPersonWith(browser, baseURL!, 'Paula Publicadora', PUBLISHER);
});

const isNewsCreate = (response: Response) =>
  new URL(response.url()).pathname === '/api/news' && response.request().method() === 'POST';

/** A new news item whose body ends in a link «pinche aquí», made with the editor's link dialog by keyboard. */
const writeGenericLink = (page: Page, title: string) =>
  writeNewsWithLink(page, {
    title,
    sentence: 'Ya se pueden consultar las bases de la convocatoria: ',
    href: 'https://sede.example.es/bases.pdf',
    words: 'pinche aquí',
  });

for (const [width, viewport] of SCREEN_SIZES) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport });

    test('the panel names the failing link, «Ir al elemento» selects it, and the fixed item publishes', async ({
      page,
    }) => {
      test.setTimeout(90_000);
      const suffix = `${Date.now().toString(36)}${width}`;
      await useSession(page, publisher);
      const body = await writeGenericLink(page, `Convocatoria de ayudas ${suffix}`);

      // Errors open the list; the level is said in words, with the element, the message and the clause.
      const panel = page.getByRole('region', { name: 'Accesibilidad' });
      const toggle = panel.getByRole('button', { name: /Accesibilidad/ });
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      await expect(toggle).toContainText('1 error');
      const finding = panel.getByRole('listitem');
      await expect(finding).toHaveCount(1);
      await expect(finding.getByText('Error', { exact: true })).toBeVisible();
      await expect(finding.getByText('Enlace «pinche aquí»', { exact: true })).toBeVisible();
      await expect(finding.getByText(/«pinche aquí» no dice adónde lleva el enlace/)).toBeVisible();
      await expect(finding.getByText('UNE-EN 301 549, 9.2.4.4', { exact: true })).toBeVisible();
      // Announced once, politely, when the count changed (not on each key typed).
      await expect(panel.getByRole('status')).toHaveText('1 error de accesibilidad');
      // The reason is asked for only while there are errors, of someone who publishes.
      await expect(page.getByLabel(REASON_LABEL)).toBeVisible();
      await shot(page, `accessibility-panel-${width}`);
      await expectAccessible(page, `noticia con un error de accesibilidad, panel abierto (${width} px)`);

      // The disclosure by keyboard: closed and opened again.
      await toggle.focus();
      await page.keyboard.press('Enter');
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await expect(finding).toBeHidden();
      await page.keyboard.press('Space');
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');

      // «Ir al elemento» by keyboard: the link's words are selected in the editor; Ctrl+K edits the
      // link, its words too.
      await finding.getByRole('button', { name: 'Ir al elemento' }).focus();
      await page.keyboard.press('Enter');
      await expect(body).toBeFocused();
      await expect.poll(() => page.evaluate(() => window.getSelection()?.toString())).toBe('pinche aquí');
      await page.keyboard.press('Control+k');
      const dialog = page.getByRole('dialog', { name: 'Editar enlace' });
      await expect(dialog.getByLabel('Dirección')).toBeFocused();
      await page.keyboard.press('Tab');
      await expect(dialog.getByLabel('Texto del enlace')).toBeFocused();
      await expect(dialog.getByLabel('Texto del enlace')).toHaveValue('pinche aquí');
      await page.keyboard.press('Control+a');
      await page.keyboard.type('Bases de la convocatoria');
      await page.keyboard.press('Enter');
      await expect(dialog).toBeHidden();
      const link = body.getByRole('link', { name: 'Bases de la convocatoria', exact: true });
      await expect(link).toBeVisible();
      await expect(link).toHaveAttribute('href', 'https://sede.example.es/bases.pdf');

      // Checked again once typing pauses: said, and shown, once.
      await expect(panel.getByRole('status')).toHaveText('Sin problemas de accesibilidad detectados.');
      await expect(panel.getByRole('paragraph')).toHaveText('Sin problemas de accesibilidad detectados.');
      await expect(panel.getByRole('listitem')).toHaveCount(0);
      await expect(page.getByLabel(REASON_LABEL)).toHaveCount(0);

      const created = page.waitForResponse(isNewsCreate);
      await page.getByRole('button', { name: 'Publicar ahora' }).click();
      const response = await created;
      expect(response.status(), await response.text()).toBe(201);
      const sent = response.request().postDataJSON() as Record<string, unknown>;
      expect(sent).not.toHaveProperty('accessibility_reason');
      expect((await response.json()).data.body).toContain('>Bases de la convocatoria</a>');
      await expect(page.getByRole('heading', { level: 1, name: 'Editar noticia' })).toBeVisible();
      await expect(
        page.getByRole('group', { name: 'Publicación' }).getByText('Publicada', { exact: true }),
      ).toBeVisible();
    });
  });
}

test.describe('at 375 px', () => {
  test.use({ viewport: SCREEN_SIZES[1][1] });

  test('with an error left in, the API refuses to publish until the publisher gives a reason', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const suffix = Date.now().toString(36);
    await useSession(page, publisher);
    const body = await writeGenericLink(page, `Ayudas al alquiler ${suffix}`);
    const reason = page.getByLabel(REASON_LABEL);
    await expect(reason).toBeVisible();
    await expect(page.getByText(/Al menos 10 caracteres: se guarda en el historial/)).toBeVisible();

    // Without a reason: the API's 422 shows under the body, which gets the focus; nothing is created.
    const refused = page.waitForResponse(isNewsCreate);
    await page.getByRole('button', { name: 'Publicar ahora' }).click();
    expect((await refused).status()).toBe(422);
    await expect(page.getByText(/El texto tiene un error de accesibilidad/)).toBeVisible();
    await expect(body).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByRole('heading', { level: 1, name: 'Nueva noticia' })).toBeVisible();

    // Too short: the shared schema says so under the field before anything is sent.
    await reason.fill('Urgente');
    await page.getByRole('button', { name: 'Publicar ahora' }).click();
    await expect(page.getByText(/Explique el motivo en al menos 10 caracteres/)).toBeVisible();

    const given = 'El enlace lo impone la plantilla del boletín provincial.';
    await reason.fill(given);
    const created = page.waitForResponse(isNewsCreate);
    await page.getByRole('button', { name: 'Publicar ahora' }).click();
    const response = await created;
    expect(response.status(), await response.text()).toBe(201);
    expect(response.request().postDataJSON()).toMatchObject({ accessibility_reason: given });
    await expect(page.getByRole('heading', { level: 1, name: 'Editar noticia' })).toBeVisible();
    await expect(
      page.getByRole('group', { name: 'Publicación' }).getByText('Publicada', { exact: true }),
    ).toBeVisible();
    // An instruction: never read back; the form offers it empty again while the error is there.
    await expect(page.getByLabel(REASON_LABEL)).toHaveValue('');
    await shot(page, 'accessibility-reason-375');
  });
});
