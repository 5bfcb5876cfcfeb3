import { createHash } from 'node:crypto';
import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { asAdministrator, expect, newPersonWith, signIn, test, useSession } from '../support/fixtures';
import { apiCreate, SCREEN_SIZES, sessionHeaders, shot } from '../support/pages';
import { admin } from '../support/test-users';

// Issue 33, what a test's answers say, as the person who grades does it with test.view,
// test.results and test.grade alone: «Pendiente de corregir» on her home page leads to the responses
// waiting for her; she grades a response's three text answers, by keyboard, and its score changes;
// the results show each question's options as a chart and as a table of the same numbers, and the
// free answers to read. Every screen passes axe (WCAG 2.2 AA) at 1280 and 375 px. Then an editor
// changes a correct option of a test with responses, and is asked before they are scored again.

const PUBLIC = '/api/public/v1';

interface Question {
  id: number;
  type: 'single' | 'multiple' | 'text';
  options: Array<{ id: number; text: string; correct: boolean }>;
}

interface PublishedQuiz {
  id: number;
  slug: string;
  title: string;
  questions: Question[];
}

/** A published quiz open by its link, made by the administrator through the API: 2 questions with options, 3 text ones. */
async function publishQuiz(browser: Browser, baseURL: string, title: string): Promise<PublishedQuiz> {
  return asAdministrator(browser, baseURL, async (page) => {
    const made = await apiCreate<PublishedQuiz>(page, baseURL, '/api/tests', {
      title,
      status: 'published',
      kind: 'quiz',
      passing_score: 50,
      access: 'link',
      identity: 'none',
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
          options: [{ text: 'Tajo', correct: true }, { text: 'Ebro', correct: true }, { text: 'Sena' }],
        },
        { prompt: 'Describa el clima de la meseta.', type: 'text', points: 2, required: false },
        { prompt: '¿Por qué se llama así el Ebro?', type: 'text', points: 2, required: false },
        { prompt: 'Nombre tres sierras.', type: 'text', points: 2, required: false },
      ],
    });
    return { ...made, title };
  });
}

/** The proof of work a website's script solves (altcha: SHA-256 of the salt and a number), as base64. */
function solve(challenge: {
  algorithm: string;
  challenge: string;
  salt: string;
  signature: string;
  maxnumber: number;
}) {
  for (let number = 0; number <= challenge.maxnumber; number++) {
    const hash = createHash('sha256').update(`${challenge.salt}${number}`).digest('hex');
    if (hash === challenge.challenge) {
      const { algorithm, salt, signature } = challenge;
      return Buffer.from(
        JSON.stringify({ algorithm, challenge: challenge.challenge, number, salt, signature }),
      ).toString('base64');
    }
  }
  throw new Error('Sin solución para la prueba de trabajo');
}

/** One person answers through the public API, as the answering page does: start, save, submit. */
async function answer(request: APIRequestContext, quiz: PublishedQuiz, answers: Record<number, unknown>) {
  const challenge = await request.get(`${PUBLIC}/tests/${quiz.slug}/challenge`);
  expect(challenge.status(), await challenge.text()).toBe(200);
  const started = await request.post(`${PUBLIC}/tests/${quiz.slug}/attempts`, {
    data: { proof: solve(await challenge.json()) },
  });
  expect(started.status(), await started.text()).toBe(201);
  const { token } = ((await started.json()) as { data: { token: string } }).data;
  const saved = await request.put(`${PUBLIC}/attempts/${token}/answers`, {
    data: { answers: Object.fromEntries(Object.entries(answers).map(([id, value]) => [String(id), value])) },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const submitted = await request.post(`${PUBLIC}/attempts/${token}/submit`);
  expect(submitted.status(), await submitted.text()).toBe(200);
}

const optionId = (question: Question, text: string) =>
  question.options.find((option) => option.text === text)?.id ?? 0;

/** Tab until `target` has the focus (at most `limit` presses), as a keyboard user does. */
async function tabTo(page: Page, target: Locator, limit = 20): Promise<void> {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error('No se llegó con el tabulador al control esperado');
}

test('a grader corrects three text answers, and reads the results as a chart and a table', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
  const quiz = await publishQuiz(browser, baseURL!, `Geografía de España ${suffix}`);
  const [capital, rivers, climate, ebro, sierras] = quiz.questions as [
    Question,
    Question,
    Question,
    Question,
    Question,
  ];
  const right = {
    [capital.id]: [optionId(capital, 'Madrid')],
    [rivers.id]: [optionId(rivers, 'Tajo'), optionId(rivers, 'Ebro')],
  };
  // Ana: both options right and three texts, the first over two lines. Then Benito and Carmen.
  await answer(page.request, quiz, {
    ...right,
    [climate.id]: 'Continental: inviernos fríos.\nVeranos secos y calurosos.',
    [ebro.id]: 'Por los íberos.',
    [sierras.id]: 'Guadarrama, Gredos y Cazorla.',
  });
  await answer(page.request, quiz, {
    [capital.id]: [optionId(capital, 'Sevilla')],
    [rivers.id]: [optionId(rivers, 'Tajo'), optionId(rivers, 'Ebro')],
    [climate.id]: 'Templado.',
    [ebro.id]: 'No lo sé.',
    [sierras.id]: 'Gredos.',
  });
  await answer(page.request, quiz, {
    [capital.id]: [optionId(capital, 'Madrid')],
    [rivers.id]: [optionId(rivers, 'Sena')],
    [climate.id]: 'Frío en invierno.',
  });

  const grader = await newPersonWith(browser, baseURL!, `Gloria Correctora ${suffix}`, [
    'test.view',
    'test.results',
    'test.grade',
  ]);
  await signIn(page, grader);

  // Home: her quiz among the tests waiting for a grader, with its three responses to grade.
  const waiting = page.getByRole('region', { name: 'Pendiente de corregir', exact: true });
  await expect(waiting.getByRole('link', { name: quiz.title })).toBeVisible();
  await expect(waiting.getByRole('listitem').filter({ hasText: quiz.title })).toContainText(
    '3 respuestas por corregir',
  );
  await waiting.getByRole('link', { name: quiz.title }).click();

  // «Respuestas», those pending only: newest first, scores so far out of 8, what waits said.
  await expect(page.getByRole('heading', { level: 1, name: 'Respuestas' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/test/${quiz.id}/respuestas\\?filter\\[pending\\]=true$`));
  await expect(
    page.getByRole('navigation', { name: 'Ruta' }).getByRole('link', { name: quiz.title }),
  ).toBeVisible();
  // The table (DataTable names its wrapper by the heading).
  const table = page.getByRole('table');
  const rows = table.getByRole('row');
  await expect(rows).toHaveCount(4);
  await expect(rows.nth(1)).toContainText('1 / 8 · Pendiente de corregir (1)');
  await expect(rows.nth(2)).toContainText('1 / 8 · Pendiente de corregir (3)');
  await expect(rows.nth(3)).toContainText('2 / 8 · Pendiente de corregir (3)');
  await expect(rows.nth(3)).toContainText('Enviada');
  await expect(page.getByRole('link', { name: 'Exportar CSV' })).toHaveAttribute(
    'href',
    new RegExp(`/api/tests/${quiz.id}/responses\\?.*filter%5Bpending%5D=true&format=csv`),
  );
  await expect(page.getByRole('link', { name: 'Exportar Excel' })).toHaveAttribute('href', /format=xlsx/);
  await expectAccessible(page, 'respuestas pendientes (1280 px)');
  await shot(page, 'test-responses-1280');

  // Ana's response: her answers as given, then her three texts graded.
  await rows.nth(3).getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Respuesta' })).toBeVisible();
  const total = page.locator('.response-total');
  await expect(total).toHaveText('2 / 8 · Pendiente de corregir (3)');
  const first = page.getByRole('listitem', { name: 'Pregunta 1' });
  await expect(first.getByRole('listitem').filter({ hasText: 'Madrid' })).toContainText('Elegida');
  await expect(first.getByRole('listitem').filter({ hasText: 'Madrid' })).toContainText('Correcta');
  await expect(first.getByRole('listitem').filter({ hasText: 'Sevilla' })).not.toContainText('Elegida');
  // The text as written, its line break kept.
  await expect(page.getByRole('listitem', { name: 'Pregunta 3' }).locator('blockquote')).toHaveText(
    'Continental: inviernos fríos.\nVeranos secos y calurosos.',
  );
  await expect(page.getByText('Quedan 3 respuestas de texto por corregir.')).toBeVisible();
  await expectAccessible(page, 'una respuesta por corregir (1280 px)');

  const grades: Array<[number, string, string]> = [
    [3, '2', 'Completa.'],
    [4, '1', 'A medias.'],
    [5, '2', ''],
  ];
  // By keyboard: into the first points field, then field to field, then «Guardar notas».
  const pointsOf = (number: number) =>
    page
      .getByRole('group', { name: `Corrección de la pregunta ${number}` })
      .getByRole('spinbutton', { name: 'Puntos' });
  await pointsOf(3).focus();
  for (const [number, points, comment] of grades) {
    await expect(pointsOf(number)).toBeFocused();
    await page.keyboard.type(points);
    await page.keyboard.press('Tab');
    await expect(
      page.getByRole('group', { name: `Corrección de la pregunta ${number}` }).getByRole('textbox', {
        name: 'Comentario (opcional)',
      }),
    ).toBeFocused();
    await page.keyboard.type(comment);
    if (number < 5) await tabTo(page, pointsOf(number + 1));
  }
  const saving = page.waitForResponse(
    (response) => response.url().includes('/grades') && response.request().method() === 'PUT',
  );
  await tabTo(page, page.getByRole('button', { name: 'Guardar notas' }));
  await page.keyboard.press('Enter');
  const saved = await saving;
  expect(saved.status(), await saved.text()).toBe(200);
  expect(saved.request().postDataJSON().grades).toEqual({
    [climate.id]: { points: 2, comment: 'Completa.' },
    [ebro.id]: { points: 1, comment: 'A medias.' },
    [sierras.id]: { points: 2, comment: null },
  });
  await expect(page.getByText('Notas guardadas.')).toBeVisible();
  await expect(total).toHaveText('7 / 8 (87,5 %) · Aprobado');
  await expect(
    page.getByText('Todas las respuestas de texto están corregidas; puede cambiar sus notas.'),
  ).toBeVisible();
  await expect(page.getByRole('listitem', { name: 'Pregunta 4' })).toContainText('1 de 2 puntos');
  await shot(page, 'test-response-graded-1280');

  // Back in the list (all of them now), Ana's response has its whole score.
  await page.getByRole('navigation', { name: 'Ruta' }).getByRole('link', { name: 'Respuestas' }).click();
  await expect(rows).toHaveCount(4);
  await expect(rows.nth(3)).toContainText('7 / 8 (87,5 %)');
  await expect(rows.nth(3)).toContainText('Aprobado');
  // The CSV the button downloads: the list's responses, as an attachment.
  const csv = await page.request.get(
    (await page.getByRole('link', { name: 'Exportar CSV' }).getAttribute('href')) ?? '',
    { headers: await sessionHeaders(page, baseURL!) },
  );
  expect(csv.status()).toBe(200);
  expect(csv.headers()['content-disposition']).toMatch(/^attachment; filename="respuestas-.+\.csv"$/);

  // Benito's response: another grader saves first, and she is told, then shown his grade.
  await rows.nth(2).getByRole('link').first().click();
  await expect(total).toHaveText('1 / 8 · Pendiente de corregir (3)');
  const responseId = Number(new URL(page.url()).pathname.split('/').pop());
  const detail = await page.request.get(`/api/tests/${quiz.id}/responses/${responseId}`, {
    headers: await sessionHeaders(page, baseURL!),
  });
  const { updated_at } = ((await detail.json()) as { data: { updated_at: string } }).data;
  const other = await page.request.put(`/api/tests/${quiz.id}/responses/${responseId}/grades`, {
    headers: await sessionHeaders(page, baseURL!),
    data: { grades: { [climate.id]: { points: 1, comment: 'Escueta.' } }, updated_at },
  });
  expect(other.status(), await other.text()).toBe(200);
  await pointsOf(3).fill('2');
  await page.getByRole('button', { name: 'Guardar notas' }).click();
  const conflict = page.getByRole('dialog', { name: 'Registro modificado' });
  await expect(conflict).toContainText('Otra persona ha corregido esta respuesta mientras usted lo hacía.');
  await expectAccessible(page, 'notas guardadas por otra persona (1280 px)');
  await conflict.getByRole('button', { name: 'Cargar la última versión' }).click();
  await expect(conflict).toBeHidden();
  await expect(pointsOf(3)).toHaveValue('1');
  await expect(total).toHaveText('2 / 8 · Pendiente de corregir (2)');

  // «Resultados», from the test's own screen (read-only for her).
  await page.goto(`/test/${quiz.id}`);
  await expect(page.getByRole('link', { name: 'Respuestas (3)' })).toBeVisible();
  const statistics = page.waitForResponse((response) =>
    response.url().includes(`/api/tests/${quiz.id}/statistics`),
  );
  await page.getByRole('link', { name: 'Resultados' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Resultados' })).toBeVisible();
  const figures = (
    (await (await statistics).json()) as {
      data: { questions: Array<{ id: number; options: Array<{ id: number; count: number }> }> };
    }
  ).data;
  await expect(page.getByRole('region', { name: 'El test en conjunto' })).toContainText(
    'Respuestas analizadas',
  );

  const capitalResults = page.getByRole('region', { name: 'Pregunta 1', exact: true });
  await capitalResults.scrollIntoViewIfNeeded();
  const chart = capitalResults.getByRole('img', {
    name: /cuántas respuestas eligieron cada opción de la pregunta 1/,
  });
  await expect(chart).toBeVisible();
  // Drawn: the canvas has painted bars.
  await expect
    .poll(() =>
      chart.evaluate((canvas) => {
        const context = (canvas as HTMLCanvasElement).getContext('2d');
        if (!context) return 0;
        const { data } = context.getImageData(
          0,
          0,
          (canvas as HTMLCanvasElement).width,
          (canvas as HTMLCanvasElement).height,
        );
        let painted = 0;
        for (let i = 3; i < data.length; i += 4) if ((data[i] ?? 0) > 0) painted++;
        return painted;
      }),
    )
    .toBeGreaterThan(100);
  // The table says the chart's numbers, those of the statistics the page drew it from.
  const counts = figures.questions.find((question) => question.id === capital.id)!.options;
  const countOf = (text: string) => counts.find((option) => option.id === optionId(capital, text))?.count;
  expect([countOf('Madrid'), countOf('Sevilla')]).toEqual([2, 1]);
  const capitalTable = capitalResults.getByRole('table', {
    name: 'Respuestas a cada opción de la pregunta 1',
  });
  await expect(capitalTable.getByRole('row', { name: /Madrid/ })).toHaveText(
    /Madrid\s*Correcta\s*2\s*66,7 %/,
  );
  await expect(capitalTable.getByRole('row', { name: /Sevilla/ })).toHaveText(/Sevilla\s*1\s*33,3 %/);

  // The free answers to the climate question, searched.
  const climateResults = page.getByRole('region', { name: 'Pregunta 3', exact: true });
  await expect(climateResults.locator('blockquote')).toHaveCount(3);
  await climateResults.getByLabel('Buscar en las respuestas a la pregunta 3').fill('invierno');
  await expect(climateResults.locator('blockquote')).toHaveCount(2);
  await expectAccessible(page, 'resultados (1280 px)');
  await shot(page, 'test-results-1280');

  // A phone: the same three screens, the list as cards.
  await page.setViewportSize(SCREEN_SIZES[1][1]);
  await page.goto(`/test/${quiz.id}/respuestas`);
  await expect(page.getByRole('list', { name: 'Respuestas' }).getByRole('listitem')).toHaveCount(3);
  await expectAccessible(page, 'respuestas (375 px)');
  await shot(page, 'test-responses-375');
  await page
    .getByRole('list', { name: 'Respuestas' })
    .getByRole('listitem')
    .first()
    .getByRole('link')
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Respuesta' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Guardar notas' })).toBeVisible();
  await expectAccessible(page, 'una respuesta (375 px)');
  await shot(page, 'test-response-375');
  // Carmen asks for her data to be erased: her response goes for good.
  await page.getByRole('button', { name: 'Eliminar respuesta' }).click();
  const erase = page.getByRole('dialog', { name: 'Eliminar respuesta' });
  await expect(erase).toContainText('derecho de supresión');
  await expectAccessible(page, 'eliminar una respuesta (375 px)');
  await erase.getByRole('button', { name: 'Eliminar', exact: true }).click();
  await expect(page.getByText('Respuesta eliminada.')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Respuestas' }).getByRole('listitem')).toHaveCount(2);
  await page.goto(`/test/${quiz.id}/resultados`);
  await expect(
    page.getByRole('region', { name: 'Pregunta 1', exact: true }).getByRole('table'),
  ).toBeVisible();
  await expectAccessible(page, 'resultados (375 px)');
  await shot(page, 'test-results-375');
});

test('an edit that changes a correct option asks before scoring the responses again', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
  const quiz = await publishQuiz(browser, baseURL!, `Repaso de capitales ${suffix}`);
  const [capital, rivers] = quiz.questions as [Question, Question];
  await answer(page.request, quiz, {
    [capital.id]: [optionId(capital, 'Sevilla')],
    [rivers.id]: [optionId(rivers, 'Sena')],
  });

  await useSession(page, admin, { visit: false });
  await page.goto(`/test/${quiz.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Editar test' })).toBeVisible();
  // Sevilla becomes the right answer.
  const first = page.getByRole('group', { name: 'Pregunta 1', exact: true });
  await first.getByRole('radio', { name: 'Correcta (opción 2)' }).check();
  const writes: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PUT' && new URL(request.url()).pathname === `/api/tests/${quiz.id}`) {
      writes.push(request.postData() ?? '');
    }
  });
  await page.getByRole('button', { name: 'Guardar', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Volver a puntuar las respuestas' });
  await expect(dialog).toContainText('Pregunta 1: cambia cuál es la opción correcta.');
  await expect(dialog).toContainText('Este cambio vuelve a puntuar la respuesta ya enviada. ¿Continuar?');
  expect(writes).toEqual([]);
  await expectAccessible(page, 'volver a puntuar (1280 px)');
  // The dialog over the form, as on screen (a full-page shot would show the page behind it).
  if (process.env.E2E_SHOTS_DIR) {
    await page.screenshot({ path: `${process.env.E2E_SHOTS_DIR}/test-rescore-dialog-1280.png` });
  }

  const saved = page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === `/api/tests/${quiz.id}` && response.request().method() === 'PUT',
  );
  await dialog.getByRole('button', { name: 'Guardar y volver a puntuar' }).click();
  const response = await saved;
  expect(response.status(), await response.text()).toBe(200);
  expect(JSON.parse(writes[0] ?? '{}').rescore).toBe(true);
  await expect(page.getByText('Guardado correctamente.')).toBeVisible();

  // Its one response, scored again: Sevilla is right now.
  const responses = await page.request.get(`/api/tests/${quiz.id}/responses`, {
    headers: await sessionHeaders(page, baseURL!),
  });
  const [scored] = ((await responses.json()) as { data: Array<{ score: number }> }).data;
  expect(scored?.score).toBe(1);
});
