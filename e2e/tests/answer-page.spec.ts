import { createServer } from 'node:http';
import type { Browser, Page } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { ENV_EMBED_ORIGIN } from '../support/environment';
import { asAdministrator, expect, test } from '../support/fixtures';
import { apiCreate, shot } from '../support/pages';

// docs/public-api.md#questionnaires, decision 049: the answering page Gestor serves at /t/{slug}, as
// people use it — from a code's link, by keyboard alone, with JavaScript on and off, against the
// clock, and inside the organisation's website. Each screen is checked with axe (WCAG 2.2 AA) at
// 320, 375 and 1280 px.

/** The organisation's website, listed in the server's TESTS_EMBED_ORIGINS (support/global-setup.ts). */
const embedOrigin = () => process.env[ENV_EMBED_ORIGIN] ?? '';

const WIDTHS = [
  ['320', { width: 320, height: 720 }],
  ['375', { width: 375, height: 812 }],
  ['1280', { width: 1280, height: 800 }],
] as const;

interface PublishedQuiz {
  id: number;
  slug: string;
  title: string;
  /** Each single-use code's own address (APP_URL/t/{slug}?code=…). */
  codeUrls: string[];
}

/**
 * A published quiz made by the administrator through the API, in a context of its own: a single
 * question, a multiple one, an optional text one; with `access: codes` it gets two codes.
 */
async function publishQuiz(
  browser: Browser,
  baseURL: string,
  {
    name,
    access = 'codes',
    timeLimit = null,
  }: { name: string; access?: 'codes' | 'link'; timeLimit?: number | null },
): Promise<PublishedQuiz> {
  return asAdministrator(browser, baseURL, async (page) => {
    const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
    const title = `${name} ${suffix}`;
    const quiz = await apiCreate<{ id: number; slug: string }>(page, baseURL, '/api/tests', {
      title,
      description: 'Un repaso breve de geografía.\n\nResponda con calma.',
      status: 'published',
      kind: 'quiz',
      passing_score: 50,
      access,
      identity: access === 'codes' ? 'code' : 'none',
      feedback: 'answers',
      time_limit_minutes: timeLimit,
      questions: [
        {
          prompt: '¿Cuál es la capital de España?',
          type: 'single',
          points: 1,
          options: [{ text: 'Madrid', correct: true }, { text: 'Sevilla' }],
        },
        {
          prompt: '¿Qué ríos pasan por España?',
          type: 'multiple',
          points: 1,
          help: 'Marque todos los que correspondan.',
          options: [{ text: 'Tajo', correct: true }, { text: 'Ebro', correct: true }, { text: 'Sena' }],
        },
        { prompt: '¿Qué ciudad le gustaría visitar?', type: 'text', required: false },
      ],
    });
    let codeUrls: string[] = [];
    if (access === 'codes') {
      const made = await apiCreate<{ codes: Array<{ code: string; url: string }> }>(
        page,
        baseURL,
        `/api/tests/${quiz.id}/codes`,
        { count: 2 },
      );
      codeUrls = made.codes.map((code) => code.url);
    }
    return { id: quiz.id, slug: quiz.slug, title, codeUrls };
  });
}

/**
 * axe-core runs in the page, so a page without JavaScript is checked as it stands (its markup, the
 * same address, so the same styles) in a page of a context with JavaScript.
 */
async function expectAccessibleWithoutScript(page: Page, browser: Browser, screen: string): Promise<void> {
  const markup = await page.content();
  const context = await browser.newContext({ locale: 'es-ES', viewport: page.viewportSize()! });
  const copy = await context.newPage();
  await copy.route(page.url(), (route) =>
    route.fulfill({ contentType: 'text/html; charset=utf-8', body: markup }),
  );
  await copy.goto(page.url());
  await expectAccessible(copy, screen);
  await context.close();
}

/** Tab until `name`'s control has the focus (at most `limit` presses), as a keyboard user does. */
async function tabTo(page: Page, locator: ReturnType<Page['getByRole']>, limit = 12): Promise<void> {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    if (await locator.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error('No se llegó con el tabulador al control esperado');
}

for (const [width, viewport] of WIDTHS) {
  test(`a person answers from a code's link by keyboard alone, JavaScript on (${width} px)`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const quiz = await publishQuiz(browser, baseURL!, { name: `Geografía teclado ${width}` });
    const context = await browser.newContext({ baseURL, locale: 'es-ES', viewport });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('response', (answer) => {
      if (answer.status() >= 400) errors.push(`${answer.status()} ${answer.url()}`);
    });

    const response = await page.goto(quiz.codeUrls[0]!);
    const headers = response!.headers();
    expect(headers['content-security-policy']).toContain(`frame-ancestors 'self' ${embedOrigin()}`);
    expect(headers['content-security-policy']).toContain("script-src 'self'");
    expect(headers['x-frame-options']).toBeUndefined();
    expect(headers['cache-control']).toBe('no-store');
    expect(headers['referrer-policy']).toBe('no-referrer');
    expect(headers['x-robots-tag']).toBe('noindex');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.getByRole('heading', { level: 1, name: quiz.title })).toBeVisible();
    await expect(page.getByText('3 preguntas')).toBeVisible();
    await expect(page.getByLabel('Código')).toHaveValue(/^[A-Z0-9-]{12,14}$/);
    await expectAccessible(page, `portada del cuestionario (${width} px)`);
    await shot(page, `answer-intro-${width}`);

    // Empezar: the script solves the proof of work, then the form posts.
    await tabTo(page, page.getByRole('button', { name: 'Empezar' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/t\/[^/]+\/r\/[\w-]+$/);
    const first = page.getByRole('group', { name: /¿Cuál es la capital de España\?/ });
    await expect(first).toBeVisible();
    await expect(
      page.getByRole('group', { name: /¿Qué ciudad le gustaría visitar\? \(opcional\)/ }),
    ).toBeVisible();
    await expect(
      page.getByRole('group', { name: /¿Qué ríos pasan por España\?/ }),
    ).toHaveAccessibleDescription('Marque todos los que correspondan.');
    await expectAccessible(page, `preguntas (${width} px)`);
    await shot(page, `answer-questions-${width}`);

    // What arrives before the first question: at most 50 kB.
    const document = await (await page.request.get(page.url())).text();
    expect(Buffer.byteLength(document.slice(0, document.indexOf('<fieldset')))).toBeLessThan(50_000);

    await tabTo(page, first.getByRole('radio', { name: 'Madrid' }));
    await page.keyboard.press('Space');
    await expect(first.getByRole('radio', { name: 'Madrid' })).toBeChecked();
    const rivers = page.getByRole('group', { name: /¿Qué ríos pasan por España\?/ });
    await page.keyboard.press('Tab');
    await expect(rivers.getByRole('checkbox', { name: 'Tajo' })).toBeFocused();
    await page.keyboard.press('Space');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    await expect(rivers.getByRole('checkbox', { name: 'Ebro' })).toBeChecked();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('textbox', { name: 'Su respuesta' })).toBeFocused();
    await page.keyboard.type('Granada');
    // Autosave, told politely.
    await expect(page.getByRole('status').filter({ hasText: /Guardado a las \d\d:\d\d/ })).toBeVisible();

    await tabTo(page, page.getByRole('button', { name: 'Enviar respuestas' }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Respuestas enviadas' })).toBeVisible();
    // The text answer waits for a person: the score is provisional, out of every question's points.
    await expect(page.getByText('Puntuación: 2 de 3.')).toBeVisible();
    await expect(page.getByText(/la puntuación puede cambiar/)).toBeVisible();
    await expect(page.getByText('Aprobado.')).toHaveCount(0);
    await expect(page.getByText('Correcta', { exact: true })).toHaveCount(2);
    await expect(page).toHaveURL(/\/r\/[\w-]+$/);
    await expectAccessible(page, `resultado (${width} px)`);
    await shot(page, `answer-result-${width}`);
    expect(errors).toEqual([]);

    // The code is spent: a second start with it is refused, in Spanish, beside the field.
    await page.goto(quiz.codeUrls[0]!);
    await page.getByRole('button', { name: 'Empezar' }).click();
    await expect(page.getByLabel('Código')).toHaveAccessibleDescription(
      /Este código ya se ha usado: cada código sirve para una sola persona\./,
    );
    await context.close();
  });

  test(`a person answers with JavaScript off: start, save, an error, submit (${width} px)`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const quiz = await publishQuiz(browser, baseURL!, { name: `Geografía sin JavaScript ${width}` });
    const context = await browser.newContext({
      baseURL,
      locale: 'es-ES',
      viewport,
      javaScriptEnabled: false,
    });
    const page = await context.newPage();

    await page.goto(quiz.codeUrls[1]!);
    await expect(page.getByRole('heading', { level: 1, name: quiz.title })).toBeVisible();
    await page.getByRole('button', { name: 'Empezar' }).click();
    await expect(page).toHaveURL(/\/r\/[\w-]+$/);

    const capital = page.getByRole('group', { name: /¿Cuál es la capital de España\?/ });
    await capital.getByText('Sevilla').click();
    await page.getByRole('textbox', { name: 'Su respuesta' }).fill('Cádiz');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByRole('status').filter({ hasText: /Guardado a las \d\d:\d\d\./ })).toBeVisible();
    await expect(capital.getByRole('radio', { name: 'Sevilla' })).toBeChecked();
    await expect(page.getByRole('textbox', { name: 'Su respuesta' })).toHaveValue('Cádiz');

    // The multiple question, required, left empty: refused with a summary and a message beside it.
    await capital.getByText('Madrid').click();
    const refused = page.waitForResponse((r) => r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Enviar respuestas' }).click();
    expect((await refused).status()).toBe(422);
    const summary = page.getByRole('alert');
    await expect(summary.getByRole('heading', { name: 'Hay un problema' })).toBeVisible();
    await expect(summary).toBeFocused();
    await expect(
      summary.getByRole('link', { name: /Pregunta 2: Esta pregunta es obligatoria/ }),
    ).toHaveAttribute('href', /^#q\d+-\d+$/);
    const rivers = page.getByRole('group', { name: /¿Qué ríos pasan por España\?/ });
    await expect(rivers).toHaveAccessibleDescription(
      /Esta pregunta es obligatoria: respóndala antes de enviar\./,
    );
    // What was chosen before the refusal is still there (saved first).
    await expect(capital.getByRole('radio', { name: 'Madrid' })).toBeChecked();
    await expectAccessibleWithoutScript(page, browser, `error al enviar sin JavaScript (${width} px)`);
    await shot(page, `answer-error-${width}`);

    await rivers.getByText('Tajo').click();
    await page.getByRole('button', { name: 'Enviar respuestas' }).click();
    await expect(page.getByRole('heading', { name: 'Respuestas enviadas' })).toBeVisible();
    await expect(page.getByText('Puntuación: 1 de 3.')).toBeVisible();
    await expect(page.getByText(/la puntuación puede cambiar/)).toBeVisible();
    await expect(page.getByText('Incorrecta', { exact: true })).toHaveCount(1);
    await expectAccessibleWithoutScript(page, browser, `resultado sin JavaScript (${width} px)`);
    await context.close();
  });
}

test('the countdown is told to screen readers at 10, 5 and 1 minutes left (375 px)', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const quiz = await publishQuiz(browser, baseURL!, { name: 'Geografía con tiempo', timeLimit: 11 });
  const context = await browser.newContext({ baseURL, locale: 'es-ES', viewport: WIDTHS[1][1] });
  const page = await context.newPage();
  await page.clock.install();
  await page.goto(quiz.codeUrls[0]!);
  await expect(page.getByText('Tiempo para responder: 11 minutos, desde que pulse «Empezar»')).toBeVisible();
  await page.getByRole('button', { name: 'Empezar' }).click();
  await expect(page).toHaveURL(/\/r\/[\w-]+$/);
  await expect(page.getByText(/^Hora límite: \d\d:\d\d/)).toBeVisible();
  await expect(page.getByRole('timer')).toHaveText(/^Quedan 1[01]:\d\d$/);
  const told = page.locator('#time-alert');
  await expect(told).toHaveAttribute('aria-live', 'polite');
  await expect(told).toHaveText('');
  await expectAccessible(page, 'preguntas con tiempo (375 px)');
  await shot(page, 'answer-countdown-375');

  await page.clock.fastForward('01:10');
  await expect(told).toHaveText('Quedan 10 minutos.');
  await expect(page.getByRole('timer')).toHaveText(/^Quedan 9:\d\d$/);
  await page.clock.fastForward('05:00');
  await expect(told).toHaveText('Quedan 5 minutos.');
  await page.clock.fastForward('04:00');
  await expect(told).toHaveText('Queda 1 minuto.');
  await context.close();
});

test('inside an iframe of the organisation’s website, the page reports its height and its submission', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const quiz = await publishQuiz(browser, baseURL!, { name: 'Geografía incrustada' });
  // The website (another origin, listed in TESTS_EMBED_ORIGINS): a page that embeds the test and
  // keeps what the frame tells it.
  const website = new URL(embedOrigin());
  const parentPage = `<!doctype html><html lang="es"><head><title>Sitio de la organización</title></head><body>
<h1>Participe</h1>
<iframe title="Cuestionario" src="${quiz.codeUrls[0]}" style="width:100%;height:200px;border:0"></iframe>
<script>
window.received = [];
window.addEventListener('message', function (event) {
  window.received.push({ origin: event.origin, data: event.data });
  if (event.data && event.data.type === 'gestor:test-height') {
    document.querySelector('iframe').style.height = event.data.height + 'px';
  }
});
</script></body></html>`;
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(parentPage);
  });
  await new Promise<void>((resolve) => server.listen(Number(website.port), website.hostname, resolve));
  try {
    const context = await browser.newContext({ locale: 'es-ES', viewport: WIDTHS[2][1] });
    const page = await context.newPage();
    await page.goto(`${website.origin}/participe`);
    type Received = Array<{ origin: string; data: { type?: string; height?: number; slug?: string } }>;
    const received = () => page.evaluate(() => (window as unknown as { received: Received }).received);
    const gestorOrigin = new URL(baseURL!).origin;
    await expect
      .poll(async () => (await received()).find((message) => message.data.type === 'gestor:test-height'))
      .toMatchObject({
        origin: gestorOrigin,
        data: { type: 'gestor:test-height', height: expect.any(Number) },
      });
    const heights = (await received()).filter((m) => m.data.type === 'gestor:test-height');
    expect(heights.every((m) => (m.data.height ?? 0) > 0)).toBe(true);

    const frame = page.frameLocator('iframe[title="Cuestionario"]');
    await frame.getByRole('button', { name: 'Empezar' }).click();
    await frame
      .getByRole('group', { name: /capital/ })
      .getByText('Madrid')
      .click();
    await frame.getByRole('group', { name: /ríos/ }).getByText('Ebro').click();
    await frame.getByRole('button', { name: 'Enviar respuestas' }).click();
    await expect(frame.getByRole('heading', { name: 'Respuestas enviadas' })).toBeVisible();
    await expect
      .poll(async () => (await received()).find((message) => message.data.type === 'gestor:test-submitted'))
      .toEqual({ origin: gestorOrigin, data: { type: 'gestor:test-submitted', slug: quiz.slug } });
    // The frame grew to its content: the parent's iframe took the last height told.
    const last = (await received()).filter((m) => m.data.type === 'gestor:test-height').at(-1)!;
    expect(await page.locator('iframe').evaluate((element) => element.getBoundingClientRect().height)).toBe(
      last.data.height,
    );
    await shot(page, 'answer-embedded-1280');
    await context.close();
  } finally {
    server.close();
  }
});

test('a test open by link admits one response per browser, said on the page (375 px)', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const quiz = await publishQuiz(browser, baseURL!, { name: 'Geografía por enlace', access: 'link' });
  const context = await browser.newContext({ baseURL, locale: 'es-ES', viewport: WIDTHS[1][1] });
  const page = await context.newPage();
  await page.goto(`/t/${quiz.slug}`);
  await expect(page.getByText('Solo se admite una respuesta por navegador.')).toBeVisible();
  await page.getByRole('button', { name: 'Empezar' }).click();
  await expect(page).toHaveURL(/\/r\/[\w-]+$/);
  const attempt = page.url();
  const [cookie] = (await context.cookies()).filter((c) => c.name.startsWith('gestor_t_'));
  expect(cookie).toMatchObject({ path: '/t/', httpOnly: true, sameSite: 'Lax' });
  expect((await context.cookies()).map((c) => c.name)).toEqual([cookie!.name]);

  // Back at the test's address: the attempt is resumed.
  await page.goto(`/t/${quiz.slug}`);
  await expect(page).toHaveURL(attempt);
  await page
    .getByRole('group', { name: /capital/ })
    .getByText('Madrid')
    .click();
  await page.getByRole('group', { name: /ríos/ }).getByText('Sena').click();
  await page.getByRole('button', { name: 'Enviar respuestas' }).click();
  // The optional text question left blank: nothing to grade, 0 of its point.
  await expect(page.getByText('Puntuación: 1 de 3 (33,33 %).')).toBeVisible();

  // And once sent, it says so, with the way to the result.
  await page.goto(`/t/${quiz.slug}`);
  await expect(
    page.getByText('Ya se ha respondido a este cuestionario desde este navegador', { exact: false }),
  ).toBeVisible();
  await expectAccessible(page, 'ya respondido (375 px)');
  await page.getByRole('link', { name: 'Ver sus respuestas enviadas' }).click();
  await expect(page.getByRole('heading', { name: 'Respuestas enviadas' })).toBeVisible();

  // Another address under /t/ is this page's 404, not the back office's.
  const missing = await page.goto(`/t/${quiz.slug}/otra/cosa`);
  expect(missing!.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Cuestionario no encontrado' })).toBeVisible();
  await context.close();
});
