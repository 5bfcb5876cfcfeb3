import type { Page } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { expect, newPersonWith, test, useSession } from '../support/fixtures';
import { waitForMail } from '../support/mailbox';
import { SAVED, SCREEN_SIZES, shot, writeNewsWithLink } from '../support/pages';
import type { TestUser } from '../support/test-users';

// docs/review.md, as the two people who do it meet it: a writer who may not publish (news.view,
// create, update and submit, nothing else) writes a news item and sends it to one reviewer with a
// note; the reviewer gets the mail, finds the item under «Pendiente de revisar», fixes the «pinche
// aquí» link the accessibility check flags, and publishes it; the writer is told it was approved.

const WRITER = ['news.view', 'news.create', 'news.update', 'news.submit'] as const;
const REVIEWER = [
  'news.view',
  'news.update',
  'news.review',
  'news.publish',
  'multimedia.view',
  'category.view',
] as const;

let writer: TestUser;
let reviewer: TestUser;
test.beforeAll(async ({ browser, baseURL }, { workerIndex }) => {
  // Each worker its own pair: the reviewer is chosen by name.
  writer = await newPersonWith(browser, baseURL!, `Wendy Redactora ${workerIndex + 1}`, WRITER);
  reviewer = await newPersonWith(browser, baseURL!, `Rita Revisora ${workerIndex + 1}`, REVIEWER);
});

/** A new draft whose body ends in a link «pinche aquí», typed with the editor's link dialog. */
async function writeDraft(page: Page, title: string) {
  await writeNewsWithLink(page, {
    title,
    sentence: 'Abre el plazo de inscripción en los talleres de otoño. ',
    href: 'https://sede.example.es/talleres',
    words: 'pinche aquí',
  });
  await page.getByRole('button', { name: 'Guardar', exact: true }).click();
  await expect(page.getByText(SAVED)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Editar noticia' })).toBeVisible();
}

/** The writer's part: a draft, sent to her reviewer with a note; what she sees then. */
async function sendToReview(page: Page, title: string, width: string) {
  await writeDraft(page, title);
  await expect(page.getByRole('button', { name: 'Publicar ahora' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Enviar a revisión' }).click();
  const send = page.getByRole('dialog', { name: 'Enviar a revisión' });
  await expect(send).toBeVisible();
  await send.getByLabel('Nota para quien revise').fill('¿Puedes mirar el enlace de inscripción?');
  // The reviewer, by keyboard: Enter opens the list.
  await send.getByLabel('Quién la revisa').focus();
  await page.keyboard.press('Enter');
  await page.getByRole('option', { name: reviewer.name }).click();
  await expect(send.locator('.p-dropdown-label', { hasText: reviewer.name })).toBeVisible();
  await expectAccessible(page, `diálogo «Enviar a revisión» (${width} px)`);
  await send.getByRole('button', { name: 'Enviar', exact: true }).click();
  await expect(page.getByText('Noticia enviada a revisión.')).toBeVisible();
  await expect(
    page.getByText(
      new RegExp(
        `En revisión desde el \\d\\d/\\d\\d/\\d{4} \\d\\d:\\d\\d · enviada por ${writer.name} para ${reviewer.name}`,
      ),
    ),
  ).toBeVisible();
  await expect(
    page.getByText('Está en revisión. Si guarda cambios, volverá a borrador y tendrá que enviarla de nuevo.'),
  ).toBeVisible();
  await shot(page, `review-sent-${width}`);
  await expectAccessible(page, `noticia en revisión, vista por quien la envió (${width} px)`);
}

for (const [width, viewport] of SCREEN_SIZES) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport });

    test('a writer sends her draft to a reviewer, who fixes the flagged link and publishes it', async ({
      browser,
      baseURL,
      page,
    }) => {
      test.setTimeout(90_000);
      const title = `Talleres de otoño ${Date.now().toString(36)}${width}`;
      const started = Date.now();

      // The writer, in a browser of her own: nothing to publish with, «Enviar a revisión» instead.
      const writerContext = await browser.newContext({
        baseURL,
        viewport,
        locale: 'es-ES',
        timezoneId: 'Europe/Madrid',
      });
      const writerPage = await writerContext.newPage();
      await useSession(writerPage, writer);
      await sendToReview(writerPage, title, width);
      // She leaves the editor open: having sent it, her tab no longer holds the edit lock, so her
      // reviewer can work on it (docs/review.md).

      // The reviewer is told by mail, with a link to the item.
      const mail = await waitForMail(reviewer.email, { since: started, subject: /Noticia para revisar/ });
      expect(mail.text).toContain(`${writer.name} ha enviado a revisión la noticia «${title}»`);
      expect(mail.text).toContain('¿Puedes mirar el enlace de inscripción?');

      // She finds it on her home page, marked as sent to her.
      await useSession(page, reviewer, { visit: false });
      await page.goto('/');
      const waiting = page.getByRole('region', { name: 'Pendiente de revisar' });
      const entry = waiting.getByRole('listitem').filter({ hasText: title });
      await expect(entry).toBeVisible();
      await expect(entry.getByText('Para usted')).toBeVisible();
      await expectAccessible(page, `inicio con «Pendiente de revisar» (${width} px)`);
      await entry.getByRole('link', { name: title }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Editar noticia' })).toBeVisible();
      await expect(page.getByText('Nota: ¿Puedes mirar el enlace de inscripción?')).toBeVisible();
      // The writer's tab is still open on it, but she does not hold the edit lock: the form is the
      // reviewer's to change.
      await expect(page.getByText(`${writer.name} está editando`, { exact: false })).toBeVisible();
      await expect(page.getByText(/tiene el control/)).toHaveCount(0);
      await expect(page.getByLabel('Título', { exact: true })).toBeEditable();

      // The check flags the link; «Ir al elemento» selects it and Ctrl+K rewrites it.
      const panel = page.getByRole('region', { name: 'Accesibilidad' });
      const finding = panel.getByRole('listitem');
      await expect(finding.getByText('UNE-EN 301 549, 9.2.4.4', { exact: true })).toBeVisible();
      await finding.getByRole('button', { name: 'Ir al elemento' }).click();
      await page.keyboard.press('Control+k');
      const edit = page.getByRole('dialog', { name: 'Editar enlace' });
      await edit.getByLabel('Texto del enlace').fill('inscripción en los talleres');
      await page.keyboard.press('Enter');
      await expect(edit).toBeHidden();
      await expect(panel.getByRole('status')).toHaveText(
        'Sin problemas de accesibilidad detectados en el texto.',
      );

      // Publishing it is approving it: the writer is told.
      const approved = Date.now();
      await page.getByRole('button', { name: 'Publicar ahora' }).click();
      await expect(
        page.getByRole('group', { name: 'Publicación' }).getByText('Publicada', { exact: true }),
      ).toBeVisible();
      const told = await waitForMail(writer.email, { since: approved, subject: /Noticia aprobada/ });
      expect(told.text).toContain(
        `Se ha aprobado la noticia «${title}» que envió a revisión y ya está publicada.`,
      );
      // The mail's link opens the item's editor (by id: a slug may change with the title).
      const link = /https?:\/\/\S+\/news\/\d+/.exec(told.text)?.[0];
      expect(link).toBeTruthy();
      await page.goto(new URL(link!).pathname);
      await expect(page.getByLabel('Título', { exact: true })).toHaveValue(title);
      await shot(page, `review-published-${width}`);
      await expectAccessible(page, `noticia aprobada y publicada (${width} px)`);
      await writerContext.close();
    });
  });
}
