import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { expect, signIn, test, useSession } from '../support/fixtures';
import { apiCreate, apiUploadImage, SAVED, shot } from '../support/pages';
import { admin, type TestUser } from '../support/test-users';

// Issue 18 in the browser, as a person holding only what the job needs (webhook.view/create/update,
// news.view, page.view), not the administrator: a webhook is created and its secret seen once;
// "Enviar prueba" reaches a receiver this test starts and shows in "Entregas" as delivered;
// "Reenviar" makes a second attempt of the same message; a draft's "Vista previa" opens in a
// dialog (no PUBLIC_PREVIEW_URL in the e2e server) with its title and its body's image, and in a new
// tab once the answer carries the website's address.
// The e2e server runs with WEBHOOKS_ALLOW_PRIVATE=true (support/global-setup.ts): the receiver
// listens on 127.0.0.1.

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 812 };

const suffix = Date.now().toString(36);
const roleName = `integracion-${suffix}`;
const person: TestUser = {
  name: `Iñaki Integración ${suffix}`,
  email: `inaki-${suffix}@e2e.test`,
  password: 'inaki-e2e-password',
  role: 'lector',
  roleLabel: `Integración web ${suffix}`,
};
const draftTitle = `Borrador con plano del casco antiguo ${suffix}`;
const imageAlt = `Plano del casco antiguo ${suffix}`;

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * The website's end: every POST is kept and answered 200 with a short text saying how many times
 * that message (its webhook-id) has arrived. Other specs publish news beside this one, and the
 * webhook made here hears of it: a check counts only the messages it is about.
 */
const received: Received[] = [];
const pings = () =>
  received.filter((message) => (JSON.parse(message.body) as { type?: string }).type === 'ping');
let receiver: Server;
let receiverUrl = '';
let draftSlug = '';

test.beforeAll(async ({ browser, baseURL }) => {
  receiver = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      body += chunk;
    });
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      const id = request.headers['webhook-id'];
      const times = received.filter((message) => message.headers['webhook-id'] === id).length;
      response.writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8' });
      response.end(`recibido ${times}`);
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/gestor-webhooks`;

  const page = await (await browser.newContext({ baseURL })).newPage();
  await useSession(page, admin);
  const origin = baseURL!;
  await apiCreate(page, origin, '/api/roles', {
    name: roleName,
    label: person.roleLabel,
    permissions: ['webhook.view', 'webhook.create', 'webhook.update', 'news.view', 'page.view'],
  });
  await apiCreate(page, origin, '/api/users', {
    name: person.name,
    email: person.email,
    password: person.password,
    roles: [roleName],
    active: true,
  });
  const image = await apiUploadImage(page, origin, {
    name: `plano-casco-${suffix}.png`,
    color: '#b45309',
    width: 320,
    height: 200,
  });
  const draft = await apiCreate<{ slug: string }>(page, origin, '/api/news', {
    title: draftTitle,
    excerpt: 'Un borrador que todavía nadie fuera de Gestor ha visto.',
    body: `<p>El texto del borrador, con su plano:</p><p><img data-media-id="${image}" alt="${imageAlt}" /></p>`,
  });
  draftSlug = draft.slug;
  await page.context().close();
});

test.afterAll(async () => {
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

/** The "Entregas" section of the webhook's screen. */
const deliveriesOf = (page: Page) => page.getByRole('region', { name: 'Entregas' });

test('a webhook: its secret once, a test delivery to a real receiver, a resend', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.setViewportSize(DESKTOP);
  await signIn(page, person);

  // The menu offers the area to a holder of webhook.view.
  await page
    .getByRole('navigation', { name: 'Menú principal' })
    .getByRole('link', { name: 'Webhooks' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();
  await expectAccessible(page, 'webhooks list (empty), 1280');
  await page.getByRole('link', { name: 'Nuevo webhook' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Nuevo webhook' })).toBeVisible();

  // Saving with no event says what is missing, in Spanish, on the events group.
  const name = `Sitio web ${suffix}`;
  await page.getByLabel('Nombre', { exact: true }).fill(name);
  await page.getByLabel('Dirección (URL)', { exact: true }).fill(receiverUrl);
  await page.getByRole('button', { name: 'Guardar' }).click();
  const events = page.getByRole('group', { name: 'Eventos' });
  await expect(events.getByText('Elija al menos un evento.')).toBeVisible();
  await events.getByRole('checkbox', { name: 'Noticia publicada', exact: true }).check();
  // By keyboard: Space ticks the focused box.
  await events.getByRole('checkbox', { name: 'Página publicada', exact: true }).focus();
  await page.keyboard.press('Space');
  await expect(events.getByRole('checkbox', { name: 'Página publicada', exact: true })).toBeChecked();
  await expectAccessible(page, 'webhook create form, 1280');
  await shot(page, 'webhook-create-1280');
  await page.getByRole('button', { name: 'Guardar' }).click();

  // The secret, once: a dialog that only its button closes.
  const secretDialog = page.getByRole('dialog', { name: 'Secreto de firma' });
  await expect(secretDialog).toBeVisible();
  // Saved: said at once, beside the dialog (the message lasts seconds; the dialog as long as it takes).
  await expect(page.getByText(SAVED)).toBeVisible();
  await expect(secretDialog.getByText('Guarde este secreto: no se volverá a mostrar.')).toBeVisible();
  const secretBox = secretDialog.getByLabel('Secreto de firma', { exact: true });
  const secret = await secretBox.inputValue();
  expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
  await expect(page).toHaveURL(/\/webhook\/\d+$/);
  await expectAccessible(page, 'webhook secret dialog, 1280');
  await shot(page, 'webhook-secret-1280');
  await page.keyboard.press('Escape');
  await expect(secretDialog).toBeVisible();
  await secretDialog.getByRole('button', { name: 'Copiar' }).click();
  await expect(secretDialog.getByText('Secreto copiado al portapapeles.')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  await secretDialog.getByRole('button', { name: 'He guardado el secreto' }).click();
  await expect(secretDialog).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Editar webhook' })).toBeFocused();

  // Never again: not on this screen, not after reopening it.
  await expect(page.getByText(secret)).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Editar webhook' })).toBeVisible();
  await expect(page.getByText('El secreto de firma solo se muestra al crear el webhook')).toBeVisible();
  await expect(secretDialog).toHaveCount(0);
  expect(await page.content()).not.toContain(secret);

  // "Enviar prueba", by keyboard: the receiver gets a ping and the log shows it delivered.
  const deliveries = deliveriesOf(page);
  await expect(deliveries.getByText('Todavía no se ha enviado nada a este webhook.')).toBeVisible();
  await deliveries.getByRole('button', { name: 'Enviar prueba' }).focus();
  await page.keyboard.press('Enter');
  const row = deliveries.getByRole('row').filter({ hasText: 'Prueba' });
  await expect(row).toHaveCount(1);
  await expect(row.getByText('Entregado')).toBeVisible({ timeout: 20_000 });
  await expect(row.getByRole('cell', { name: '200', exact: true })).toBeVisible();
  await expect(row.getByRole('cell').nth(5)).toHaveText('1');
  await expect.poll(() => pings().length).toBe(1);
  const first = pings()[0]!;
  expect(JSON.parse(first.body)).toMatchObject({ type: 'ping' });
  expect(first.headers['webhook-signature']).toMatch(/^v1,/);

  // The answer, opened with the keyboard.
  const answerToggle = row.getByRole('button', { name: 'Respuesta' });
  await answerToggle.focus();
  await page.keyboard.press('Enter');
  await expect(answerToggle).toHaveAttribute('aria-expanded', 'true');
  await expect(deliveries.getByText('recibido 1', { exact: true })).toBeVisible();
  await expectAccessible(page, 'webhook edit with deliveries, 1280');
  await shot(page, 'webhook-deliveries-1280');

  // "Reenviar": a second attempt of the same message (the same webhook-id).
  await row.getByRole('button', { name: 'Reenviar' }).click();
  await expect(row.getByRole('cell').nth(5)).toHaveText('2', { timeout: 20_000 });
  await expect(row.getByText('Entregado')).toBeVisible();
  await expect.poll(() => pings().length).toBe(2);
  expect(pings()[1]!.headers['webhook-id']).toBe(first.headers['webhook-id']);

  // On a phone: the log is a list of cards, nothing scrolls sideways.
  await page.setViewportSize(PHONE);
  const card = deliveries.getByRole('listitem').filter({ hasText: 'Prueba' });
  await expect(card).toBeVisible();
  await expect(card.getByRole('button', { name: 'Reenviar' })).toBeVisible();
  // The desktop menu slides away after the resize: the page as it settles.
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
    .toBeLessThanOrEqual(PHONE.width);
  await expectAccessible(page, 'webhook edit with deliveries, 375');
  await shot(page, 'webhook-deliveries-375');

  // The list, on a phone and on a laptop.
  await page.goto('/webhook');
  await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await expectAccessible(page, 'webhooks list, 375');
  await shot(page, 'webhooks-list-375');
  await page.setViewportSize(DESKTOP);
  const listRow = page.getByRole('row').filter({ hasText: name });
  await expect(listRow.getByText('2 eventos')).toBeVisible();
  await expect(listRow.getByText(receiverUrl)).toBeVisible();
  await shot(page, 'webhooks-list-1280');
});

test('a secret dialog and a new webhook fit a phone', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await signIn(page, person);
  await page.goto('/webhook/create');
  await expect(page.getByRole('heading', { level: 1, name: 'Nuevo webhook' })).toBeVisible();
  await page.getByLabel('Nombre', { exact: true }).fill(`Intranet ${suffix}`);
  await page.getByLabel('Dirección (URL)', { exact: true }).fill(`${receiverUrl}/intranet`);
  await page.getByRole('checkbox', { name: 'Cambio en diapositivas', exact: true }).check();
  await expectAccessible(page, 'webhook create form, 375');
  await shot(page, 'webhook-create-375');
  await page.getByRole('button', { name: 'Guardar' }).click();
  const secretDialog = page.getByRole('dialog', { name: 'Secreto de firma' });
  await expect(secretDialog).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await expectAccessible(page, 'webhook secret dialog, 375');
  await shot(page, 'webhook-secret-375');
  await secretDialog.getByRole('button', { name: 'He guardado el secreto' }).click();
  await expect(secretDialog).toBeHidden();
});

test("a draft's preview opens in a dialog with its title and its body's image", async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  await page.setViewportSize(DESKTOP);
  await signIn(page, person);
  await page.goto(`/news/${draftSlug}`);
  // She may view news, not change them: the item is headed as what she can do with it (issue 30).
  await expect(page.getByRole('heading', { level: 1, name: 'Ver noticia' })).toBeVisible();

  const button = page.getByRole('button', { name: 'Vista previa' });
  await button.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Vista previa' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('heading', { level: 2, name: draftTitle })).toBeVisible();
  await expect(
    dialog.getByText(/El enlace caduca (el \d{2}\/\d{2}\/\d{4} )?a las \d{2}:\d{2}\./),
  ).toBeVisible();
  // The body, isolated: a frame without scripts (axe cannot run in it: its title and the image's
  // text alternative are checked here).
  const frame = dialog.locator('iframe');
  await expect(frame).toHaveAttribute('title', `Texto de «${draftTitle}»`);
  await expect(frame).toHaveAttribute('sandbox', /^(?!.*allow-scripts)/);
  const body = dialog.frameLocator('iframe');
  const image = body.getByRole('img', { name: imageAlt });
  await expect(image).toBeVisible();
  // The image really loaded (its file, from the library), inside the isolated frame.
  await expect
    .poll(() => image.evaluate((element) => (element as HTMLImageElement).naturalWidth))
    .toBeGreaterThan(0);
  await expect(body.getByText('El texto del borrador, con su plano:')).toBeVisible();
  await expectAccessible(page, 'news preview dialog, 1280');
  await shot(page, 'news-preview-1280');

  // Escape closes it and gives the focus back to the button.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(button).toBeFocused();

  // On a phone, the dialog takes the screen.
  await page.setViewportSize(PHONE);
  await button.click();
  await expect(dialog.getByRole('heading', { level: 2, name: draftTitle })).toBeVisible();
  await expect(body.getByRole('img', { name: imageAlt })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await expectAccessible(page, 'news preview dialog, 375');
  await shot(page, 'news-preview-375');
  await dialog.getByRole('button', { name: 'Cerrar la vista previa' }).click();
  await expect(dialog).toBeHidden();

  // With PUBLIC_PREVIEW_URL (a server setting this run goes without) the answer carries the website's
  // address: the server's real answer is given one, and the preview opens there, in a new tab.
  await page.setViewportSize(DESKTOP);
  await page.route('**/api/news/*/preview?*', async (route) => {
    const response = await route.fetch();
    const answer = (await response.json()) as { data: { token: string; url: string | null } };
    answer.data.url = new URL(`/api/public/v1/preview/${answer.data.token}`, baseURL).toString();
    await route.fulfill({ response, json: answer });
  });
  const popup = page.waitForEvent('popup');
  await button.click();
  const tab = await popup;
  await expect(tab).toHaveURL(/\/api\/public\/v1\/preview\/[^/]+$/);
  await expect(tab.getByText(draftTitle)).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await tab.close();
});
