import type { Browser, Page, Request, Response } from '@playwright/test';
// The API tests' documents, built byte by byte: an untagged PDF, a tagged one, one from 2017.
import { pdf } from '../../apps/api/test/support/documents';
import { expectAccessible } from '../support/axe';
import { expect, newPersonWith, test, useSession } from '../support/fixtures';
import {
  apiUploadImage,
  pickFromLibrary,
  SCREEN_SIZES,
  sessionHeaders,
  settled,
  shot,
  writeNewsWithLink,
} from '../support/pages';
import { admin, type TestUser } from '../support/test-users';

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
      await expect(panel.getByRole('status')).toHaveText(
        'Sin problemas de accesibilidad detectados en el texto.',
      );
      await expect(panel.getByRole('paragraph')).toHaveText(
        'Sin problemas de accesibilidad detectados en el texto.',
      );
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

// docs/accessibility.md#documentos: a PDF of the library is checked when it is uploaded. Its side
// panel in Multimedia says what it lacks, what to do and the clause; a news item linking to it shows
// the same as warnings in the editor's «Accesibilidad», as the server's report does. The publisher
// only views the library (multimedia.view): the administrator uploads the files through the API.

interface UploadedDocument {
  id: number;
  url: string;
  original_name: string;
}

/** Uploads files to the library as the administrator, in a context of its own; returns the items. */
async function uploadAsAdmin(
  browser: Browser,
  baseURL: string,
  files: ReadonlyArray<{ name: string; buffer: Buffer }>,
): Promise<UploadedDocument[]> {
  const context = await browser.newContext({ baseURL, locale: 'es-ES' });
  const page = await context.newPage();
  await useSession(page, admin, { visit: false });
  const uploaded: UploadedDocument[] = [];
  for (const { name, buffer } of files) {
    const response = await page.request.post('/api/multimedia', {
      headers: await sessionHeaders(page, baseURL),
      multipart: { file: { name, mimeType: 'application/pdf', buffer } },
    });
    expect(response.status(), await response.text()).toBe(201);
    uploaded.push(((await response.json()) as { data: UploadedDocument }).data);
  }
  await context.close();
  return uploaded;
}

/** The editor's questions to the library about the documents a body links to. */
const isDocumentQuestion = (request: Request) => {
  const url = new URL(request.url());
  return url.pathname === '/api/multimedia' && url.searchParams.has('filter[file]');
};

test.describe('documents of the library', () => {
  const tag = Date.now().toString(36);
  let untagged: UploadedDocument;
  let clean: UploadedDocument;
  let exempt: UploadedDocument;
  let unreadable: UploadedDocument;
  test.beforeAll(async ({ browser, baseURL }) => {
    [untagged, clean, exempt, unreadable] = (await uploadAsAdmin(browser, baseURL!, [
      { name: `bases-${tag}.pdf`, buffer: pdf({}) },
      { name: `bases-accesibles-${tag}.pdf`, buffer: pdf({ title: 'Bases', lang: 'es-ES', tagged: true }) },
      { name: `ordenanza-2017-${tag}.pdf`, buffer: pdf({ created: "D:20170301120000+01'00'" }) },
      // A PDF's first line and nothing the check can read after it (as a damaged file).
      {
        name: `danado-${tag}.pdf`,
        buffer: Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<<', 'latin1'),
      },
    ])) as [UploadedDocument, UploadedDocument, UploadedDocument, UploadedDocument];
  });

  /** The item's side panel in Multimedia, opened by its address, and its accessibility section. */
  async function openDocument(page: Page, item: UploadedDocument) {
    await page.goto(`/multimedia?item=${item.id}`);
    const panel = page.getByRole('dialog', { name: item.original_name });
    await expect(panel).toBeVisible();
    const section = panel.getByRole('region', { name: 'Accesibilidad del documento' });
    await expect(section).toBeVisible();
    return section;
  }

  for (const [width, viewport] of SCREEN_SIZES) {
    test.describe(`at ${width} px`, () => {
      test.use({ viewport });

      test('the side panel lists what the document lacks, what to do and the clause', async ({ page }) => {
        await useSession(page, publisher);
        const section = await openDocument(page, untagged);
        await expect(section.getByText('3 avisos.', { exact: true })).toBeVisible();
        const issues = section.getByRole('listitem');
        await expect(issues).toHaveCount(3);
        const first = issues.first();
        // The level in words, what is wrong, what to do, the clause.
        await expect(first.getByText('Aviso', { exact: true })).toBeVisible();
        await expect(first.getByText('El documento no está etiquetado.', { exact: true })).toBeVisible();
        await expect(first.getByText(/Qué hacer: Expórtelo de nuevo a PDF con la opción/)).toBeVisible();
        await expect(first.getByText('UNE-EN 301 549, 10.1.3.1', { exact: true })).toBeVisible();
        await expect(issues.nth(1)).toContainText('El documento no tiene título en sus propiedades.');
        await expect(issues.nth(1)).toContainText('UNE-EN 301 549, 10.2.4.2');
        await expect(issues.nth(2)).toContainText('El documento no dice en qué idioma está.');
        await expect(issues.nth(2)).toContainText('UNE-EN 301 549, 10.3.1.1');
        await section.scrollIntoViewIfNeeded();
        await settled(page);
        await shot(page, `document-check-issues-${width}`);
        await expectAccessible(page, `the side panel of an untagged PDF (${width} px)`);
      });
    });
  }

  test('a clean, an exempt and an unreadable document each say so', async ({ page }) => {
    await useSession(page, publisher);

    let section = await openDocument(page, clean);
    await expect(section).toContainText(
      'Sin problemas. No se ha encontrado ningún problema: el documento está etiquetado, tiene título en sus propiedades y dice en qué idioma está.',
    );
    await expect(section.getByRole('listitem')).toHaveCount(0);

    section = await openDocument(page, exempt);
    await expect(section).toContainText('el documento se creó el 01/03/2017, antes del 20/09/2018');
    await expect(section).toContainText('el Real Decreto 1112/2018 lo exime');
    // What it lacks, as information: no warning.
    const issues = section.getByRole('listitem');
    await expect(issues).toHaveCount(3);
    await expect(issues.getByText('Información', { exact: true })).toHaveCount(3);
    await expect(section.getByText('Aviso', { exact: true })).toHaveCount(0);
    await section.scrollIntoViewIfNeeded();
    await settled(page);
    await shot(page, 'document-check-exempt-1280');
    await expectAccessible(page, 'the side panel of an exempt PDF');

    section = await openDocument(page, unreadable);
    await expect(section).toContainText('No se ha podido comprobar.');
    await expect(section).toContainText('puede estar protegido con contraseña o dañado');
    await expect(section).toContainText('revise a mano');
    await section.scrollIntoViewIfNeeded();
    await shot(page, 'document-check-unreadable-1280');
  });

  test('a link to the document shows its issues as warnings in the editor, asked about once', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const questions: string[] = [];
    page.on('request', (request) => {
      if (isDocumentQuestion(request))
        questions.push(new URL(request.url()).searchParams.get('filter[file]')!);
    });
    await useSession(page, publisher);
    const body = await writeNewsWithLink(page, {
      title: `Convocatoria con bases en PDF ${tag}`,
      sentence: 'Ya se pueden consultar las ',
      href: untagged.url,
      words: 'bases de la convocatoria',
    });

    // Warnings only: the list stays closed until she opens it; the counts say what there is.
    const panel = page.getByRole('region', { name: 'Accesibilidad' });
    const toggle = panel.getByRole('button', { name: /Accesibilidad/ });
    await expect(toggle).toContainText('3 avisos');
    await expect(panel.getByRole('status')).toHaveText('3 avisos de accesibilidad');
    await toggle.click();
    const findings = panel.getByRole('listitem');
    await expect(findings).toHaveCount(3);
    const first = findings.first();
    await expect(first.getByText('Aviso', { exact: true })).toBeVisible();
    await expect(first.getByText('Enlace «bases de la convocatoria»', { exact: true })).toBeVisible();
    await expect(
      first.getByText(`El documento «${untagged.original_name}» no está etiquetado: expórtelo de nuevo`, {
        exact: false,
      }),
    ).toBeVisible();
    await expect(first.getByText('UNE-EN 301 549, 10.1.3.1', { exact: true })).toBeVisible();
    // Only warnings: nothing to give a reason for.
    await expect(page.getByLabel(REASON_LABEL)).toHaveCount(0);
    expect(questions).toEqual([untagged.url.slice(untagged.url.lastIndexOf('/') + 1)]);

    // Writing on: the body is checked again (a paragraph in capitals is a fourth warning), the
    // library is not asked again.
    await body.press('End');
    await page.keyboard.press('Enter');
    await page.keyboard.type('PLAZO ABIERTO HASTA EL VIERNES');
    await expect(toggle).toContainText('4 avisos');
    expect(questions).toHaveLength(1);
    await shot(page, 'document-check-editor-1280');
    await expectAccessible(page, 'the editor with the warnings of a linked document');
  });

  test('without multimedia.view the editor asks nothing of the library and checks links as text', async ({
    browser,
    baseURL,
    page,
  }) => {
    test.setTimeout(90_000);
    const writer = await newPersonWith(browser, baseURL!, 'Rita Redactora', [
      'news.view',
      'news.create',
      'news.update',
      'category.view',
    ]);
    const questions: string[] = [];
    const refused: string[] = [];
    page.on('request', (request) => {
      if (isDocumentQuestion(request)) questions.push(request.url());
    });
    page.on('response', (response) => {
      if (response.status() === 403) refused.push(response.url());
    });
    await useSession(page, writer);
    await writeNewsWithLink(page, {
      title: `Convocatoria sin biblioteca ${tag}`,
      sentence: 'Las bases, ',
      href: untagged.url,
      words: 'pinche aquí',
    });
    // The link's own error, once checked; no warning of the document.
    const panel = page.getByRole('region', { name: 'Accesibilidad' });
    await expect(panel.getByRole('status')).toHaveText('1 error de accesibilidad');
    await expect(panel.getByRole('listitem')).toHaveCount(1);
    expect(questions).toEqual([]);
    expect(refused).toEqual([]);
  });
});

// docs/accessibility.md#images-the-alternative-belongs-to-the-use: a cover's text alternative
// belongs to the news item. The image comes from the library without one (uploaded by the
// administrator; the publisher only views the library): the form says so under the picker, the API
// refuses «Publicar ahora» with the message under «Texto alternativo en esta noticia», which takes
// the focus; «Imagen decorativa» turns the box off; the alternative she types is what the website
// reads.
test.describe('a cover’s text alternative', () => {
  const tag = Date.now().toString(36);
  const fileName = `fiestas-${tag}.png`;
  const ALT_LABEL = 'Texto alternativo en esta noticia';
  const DECORATIVE_LABEL = 'Imagen decorativa (no aporta información)';
  test.beforeAll(async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, locale: 'es-ES' });
    const page = await context.newPage();
    await useSession(page, admin);
    await apiUploadImage(page, baseURL!, { name: fileName, color: '#b45309' });
    await context.close();
  });

  for (const [width, viewport] of SCREEN_SIZES) {
    test.describe(`at ${width} px`, () => {
      test.use({ viewport });

      test('refused without one, said under the box; decorative turns it off; the one typed reaches the website', async ({
        page,
      }) => {
        test.setTimeout(90_000);
        await useSession(page, publisher, { visit: false });
        await page.goto('/news/create');
        await expect(page.getByRole('heading', { level: 1, name: 'Nueva noticia' })).toBeVisible();
        const title = `Fiestas del barrio ${tag} ${width}`;
        await page.getByLabel('Título', { exact: true }).fill(title);
        const body = page.getByRole('textbox', { name: 'Texto', exact: true });
        await expect(page.getByRole('button', { name: 'Negrita' })).toBeVisible();
        await body.click();
        await page.keyboard.type('Tres días de música y comidas populares en la plaza.');

        // No image, no alternative to write.
        await expect(page.getByLabel(ALT_LABEL)).toHaveCount(0);
        await pickFromLibrary(page, { opener: 'Elegir imagen', fileName });
        const alt = page.getByLabel(ALT_LABEL, { exact: true });
        const decorative = page.getByLabel(DECORATIVE_LABEL, { exact: true });
        await expect(alt).toBeEditable();
        await expect(decorative).not.toBeChecked();
        await expect(
          page.getByText('Sin texto alternativo en la biblioteca.', { exact: true }),
        ).toBeVisible();
        await expect(
          page.getByText(
            'La imagen no tiene texto alternativo en la biblioteca: escriba uno o márquela como decorativa.',
            { exact: true },
          ),
        ).toBeVisible();
        // The live check, with the API's own function: what «Publicar ahora» would be refused for,
        // read with the box; and the reason the publisher could give instead.
        const finding =
          'Imagen de portada: escriba un texto alternativo que diga lo que la imagen muestra aquí, o márquela como decorativa si no aporta nada al texto. (UNE-EN 301 549, 9.1.1.1)';
        await expect(alt).toHaveAccessibleDescription(new RegExp(escapeRegExp(finding)));
        await expect(page.getByLabel(REASON_LABEL)).toBeVisible();

        // Refused: the server's message under the box, which gets the focus; nothing is created.
        const refused = page.waitForResponse(isNewsCreate);
        await page.getByRole('button', { name: 'Publicar ahora' }).click();
        const refusal = await refused;
        expect(refusal.status()).toBe(422);
        expect(((await refusal.json()) as { errors: Record<string, string[]> }).errors.cover_alt).toEqual([
          'La portada tiene un error de accesibilidad: corríjalo o indique el motivo para publicarlo así.',
          finding,
        ]);
        await expect(alt).toBeFocused();
        await expect(alt).toHaveAttribute('aria-invalid', 'true');
        await expect(alt).toHaveAccessibleDescription(
          /La portada tiene un error de accesibilidad: corríjalo o indique el motivo para publicarlo así\./,
        );
        await expect(page.getByRole('heading', { level: 1, name: 'Nueva noticia' })).toBeVisible();
        await alt.scrollIntoViewIfNeeded();
        await settled(page);
        await shot(page, `cover-alternative-refused-${width}`);
        await expectAccessible(page, `noticia con portada sin texto alternativo, rechazada (${width} px)`);

        // Decorative: the box is off and says why; nothing is left to refuse.
        await decorative.check();
        await expect(alt).toBeDisabled();
        await expect(alt).toHaveAccessibleDescription(/^Desactivado: la imagen está marcada como decorativa/);
        await expect(alt).not.toHaveAttribute('aria-invalid', 'true');
        await expect(page.getByLabel(REASON_LABEL)).toHaveCount(0);
        await shot(page, `cover-alternative-decorative-${width}`);
        await expectAccessible(page, `noticia con portada decorativa (${width} px)`);
        await decorative.uncheck();
        await expect(alt).toBeEditable();

        // Described here: nothing to refuse; published, the website reads it.
        const described = 'Vecinos bailando en la plaza durante las fiestas';
        await alt.fill(described);
        await expect(page.getByText(finding, { exact: true })).toHaveCount(0);
        await expect(page.getByLabel(REASON_LABEL)).toHaveCount(0);
        const created = page.waitForResponse(isNewsCreate);
        await page.getByRole('button', { name: 'Publicar ahora' }).click();
        const response = await created;
        expect(response.status(), await response.text()).toBe(201);
        expect(response.request().postDataJSON()).toMatchObject({
          cover_alt: described,
          cover_decorative: false,
        });
        const { slug } = ((await response.json()) as { data: { slug: string } }).data;
        await expect(page.getByRole('heading', { level: 1, name: 'Editar noticia' })).toBeVisible();
        await expect(page.getByLabel(ALT_LABEL, { exact: true })).toHaveValue(described);
        const published = await page.request.get(`/api/public/v1/news/${slug}`);
        expect(published.status()).toBe(200);
        expect(((await published.json()) as { data: { cover: { alt: string } } }).data.cover.alt).toBe(
          described,
        );
      });
    });
  }
});

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
