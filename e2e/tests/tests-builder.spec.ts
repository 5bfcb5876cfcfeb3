import type { Locator, Page } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { expect, test, useSession } from '../support/fixtures';
import { apiCreate, dragStep, dragTo, SAVED, shot, withHistory } from '../support/pages';
import { admin, editor } from '../support/test-users';

// End to end: a test of the three kinds of question built with the keyboard alone, its
// rules shown beside the question that breaks them, reordered (keyboard and mouse), taken in the
// preview and both passed and failed on the server's score; duplicated; the history in sentences;
// and a test of 200 questions of 6 options each, whose edit screen opens and saves in one request.

interface TestQuestion {
  id: number;
  prompt: string;
  type: string;
  options: Array<{ id: number; text: string; correct: boolean }>;
}

interface SavedTest {
  id: number;
  updated_at: string;
  questions: TestQuestion[];
}

/** Presses Tab (or Shift+Tab) until `target` has the focus: moving through a form as a person does. */
async function tabTo(page: Page, target: Locator, { back = false, max = 120 } = {}) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`${target} never got the focus`);
}

/** What is on screen now (a dialog over the page), where `shot` would show the whole page behind it. */
async function viewShot(page: Page, name: string) {
  const directory = process.env.E2E_SHOTS_DIR;
  if (directory) await page.screenshot({ path: `${directory}/${name}.png` });
}

const question = (page: Page, position: number) =>
  page.getByRole('group', { name: `Pregunta ${position}`, exact: true });
const option = (scope: Locator, position: number) =>
  scope.getByRole('group', { name: `Opción ${position}`, exact: true });

test('a test of three kinds of question built by keyboard, reordered, previewed, passed and failed', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const suffix = Date.now().toString(36);
  const title = `Prevención de riesgos ${suffix}`;

  await useSession(page, admin);
  await page.getByRole('navigation').getByRole('link', { name: 'Tests', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Tests' })).toBeVisible();
  // An empty list offers the link again under its explanation: the header's comes first.
  await page.getByRole('link', { name: 'Nuevo test' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Nuevo test' })).toBeVisible();

  // From here on, only the keyboard.
  const keys = page.keyboard;
  await tabTo(page, page.getByLabel('Título', { exact: true }));
  await keys.type(title);
  await tabTo(page, page.getByLabel('Descripción'));
  await keys.type('Cuestionario de la formación inicial.');
  await tabTo(page, page.getByLabel('Nota para aprobar'));
  await keys.press('Control+a');
  await keys.type('60');
  await tabTo(page, page.getByLabel('Tiempo límite'));
  await keys.type('5');

  // Question 1, single choice: a new question comes with two empty options, its prompt focused.
  await tabTo(page, page.getByRole('button', { name: 'Añadir pregunta' }));
  await keys.press('Enter');
  const first = question(page, 1);
  await expect(first.getByLabel('Enunciado')).toBeFocused();
  await keys.type('¿Es obligatorio el casco en la obra?');
  await tabTo(page, option(first, 1).getByLabel('Texto'));
  await keys.type('Sí');
  await tabTo(page, option(first, 2).getByLabel('Texto'));
  await keys.type('No');
  await tabTo(page, first.getByRole('button', { name: 'Añadir opción' }));
  await keys.press('Enter');
  await expect(option(first, 3).getByLabel('Texto')).toBeFocused();
  await keys.type('Solo en altura');

  // Saving now: the rule of a single question shows beside it (no correct option marked).
  await tabTo(page, page.getByRole('button', { name: 'Guardar' }));
  await keys.press('Enter');
  await expect(first.getByText('Marque cuál es la opción correcta.')).toBeVisible();
  // The summary above the questions leads to it: to the first option's mark, a radio.
  await tabTo(page, page.getByRole('button', { name: /^Pregunta 1: Marque cuál es la opción correcta/ }), {
    back: true,
  });
  await keys.press('Enter');
  await expect(option(first, 1).getByRole('radio', { name: /Correcta/ })).toBeFocused();
  await keys.press('Space');
  await expect(option(first, 1).getByRole('radio', { name: /Correcta/ })).toBeChecked();
  await expect(first.getByText('Marque cuál es la opción correcta.')).toBeHidden();

  // Question 2, multiple choice, 2 points: the arrow keys change the type; checkboxes mark.
  await tabTo(page, page.getByRole('button', { name: 'Añadir pregunta' }));
  await keys.press('Enter');
  const second = question(page, 2);
  await expect(second.getByLabel('Enunciado')).toBeFocused();
  await keys.type('¿Qué protecciones son obligatorias?');
  await tabTo(page, second.getByRole('radio', { name: 'Respuesta única' }));
  await keys.press('ArrowRight');
  await expect(second.getByRole('radio', { name: 'Respuesta múltiple' })).toBeChecked();
  await tabTo(page, second.getByLabel('Puntos'));
  await keys.press('Control+a');
  await keys.type('2');
  await tabTo(page, option(second, 1).getByLabel('Texto'));
  await keys.type('Casco');
  await tabTo(page, option(second, 1).getByRole('checkbox', { name: /Correcta/ }));
  await keys.press('Space');
  await tabTo(page, option(second, 2).getByLabel('Texto'));
  await keys.type('Chanclas');
  await tabTo(page, second.getByRole('button', { name: 'Añadir opción' }));
  await keys.press('Enter');
  await keys.type('Guantes');
  await tabTo(page, option(second, 3).getByRole('checkbox', { name: /Correcta/ }));
  await keys.press('Space');

  // Question 3, free text, 3 points: no options, left out of the automatic score.
  await tabTo(page, page.getByRole('button', { name: 'Añadir pregunta' }));
  await keys.press('Enter');
  const third = question(page, 3);
  await keys.type('Describa el plan de evacuación.');
  await tabTo(page, third.getByRole('radio', { name: 'Respuesta única' }));
  await keys.press('ArrowRight');
  await keys.press('ArrowRight');
  await expect(third.getByRole('radio', { name: 'Texto libre' })).toBeChecked();
  await expect(third.getByText('no cuenta en la nota automática')).toBeVisible();
  await expect(third.getByRole('group', { name: 'Opciones' })).toHaveCount(0);
  await tabTo(page, third.getByLabel('Puntos'));
  await keys.press('Control+a');
  await keys.type('3');

  // Two correct options on a single question: the rule shows beside question 2, and nothing is sent.
  let writes = 0;
  page.on('request', (request) => {
    if (/\/api\/tests(\/\d+)?$/.test(new URL(request.url()).pathname) && request.method() !== 'GET') writes++;
  });
  await tabTo(page, second.getByRole('radio', { name: 'Respuesta múltiple' }), { back: true });
  await keys.press('ArrowLeft');
  await tabTo(page, page.getByRole('button', { name: 'Guardar' }));
  await keys.press('Enter');
  await expect(
    second.getByText('Una pregunta de respuesta única tiene una sola opción correcta, y hay 2 marcadas.'),
  ).toBeVisible();
  expect(writes).toBe(0);
  await shot(page, 'test-builder-errors-1280');
  await expectAccessible(page, 'nuevo test con errores');
  await tabTo(page, second.getByRole('radio', { name: 'Respuesta única' }), { back: true });
  await keys.press('ArrowRight');
  await expect(second.getByRole('radio', { name: 'Respuesta múltiple' })).toBeChecked();

  const created = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/tests' && response.request().method() === 'POST',
  );
  await tabTo(page, page.getByRole('button', { name: 'Guardar' }));
  await keys.press('Enter');
  const createdResponse = await created;
  expect(createdResponse.status()).toBe(201);
  const saved = ((await createdResponse.json()) as { data: SavedTest }).data;
  expect(saved.questions.map((q) => q.type)).toEqual(['single', 'multiple', 'text']);
  await expect(page.getByText(SAVED).last()).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/test/${saved.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Editar test' })).toBeVisible();
  await shot(page, 'test-edit-1280');
  await expectAccessible(page, 'editar test');

  // Reorder by keyboard: the third question's handle, Space, up twice, Space.
  // Each step is announced; the next key waits for it (an arrow may first scroll the page).
  await tabTo(page, page.getByRole('button', { name: 'Arrastrar la pregunta 3' }));
  await keys.press('Space');
  await expect(page.getByText('Se ha tomado Pregunta 3, en la posición 3 de 3.')).toBeAttached();
  await dragStep(page, 'ArrowUp', 'Pregunta 3, ahora en la posición 2 de 3.');
  await dragStep(page, 'ArrowUp', 'Pregunta 3, ahora en la posición 1 de 3.');
  await keys.press('Space');
  await expect(question(page, 1).getByLabel('Enunciado')).toHaveValue('Describa el plan de evacuación.');
  // And an option of the (now) second question with the "Bajar" button.
  const single = question(page, 2);
  await expect(single.getByLabel('Enunciado')).toHaveValue('¿Es obligatorio el casco en la obra?');
  await tabTo(page, single.getByRole('button', { name: 'Bajar la opción 1' }));
  await keys.press('Enter');
  await expect(option(single, 2).getByLabel('Texto')).toHaveValue('Sí');
  await expect(option(single, 2).getByRole('radio', { name: /Correcta/ })).toBeChecked();

  const updated = page.waitForResponse(
    (response) => response.url().includes(`/api/tests/${saved.id}`) && response.request().method() === 'PUT',
  );
  await tabTo(page, page.getByRole('button', { name: 'Guardar' }));
  await keys.press('Enter');
  const after = ((await (await updated).json()) as { data: SavedTest }).data;
  // The same questions and options, by id, in their new order.
  const [casco, protecciones, evacuacion] = saved.questions as [TestQuestion, TestQuestion, TestQuestion];
  expect(after.questions.map((q) => q.id)).toEqual([evacuacion.id, casco.id, protecciones.id]);
  expect(after.questions[1]?.options.map((o) => o.id)).toEqual(
    [1, 0, 2].map((index) => casco.options[index]?.id),
  );
  await expect(page.getByText(SAVED).last()).toBeVisible();
  await withHistory(page, async (history) => {
    await expect(history.getByText('Pregunta 2: opciones reordenadas')).toBeVisible();
    await expect(history.getByText('Orden de las preguntas cambiado')).toBeVisible();
  });

  // The preview: the countdown runs; all right passes, a wrong multiple answer fails. Delivering
  // answers never saves the test around it.
  const writesBeforePreview = writes;
  await page.getByRole('button', { name: 'Vista previa' }).click();
  const preview = page.getByRole('dialog', { name: `Vista previa: ${title}` });
  await expect(preview.getByText('Nota para aprobar: 60 %')).toBeVisible();
  await viewShot(page, 'test-preview-intro-1280');
  await expect(preview.getByText('Tiempo límite: 5 minutos')).toBeVisible();
  await expectAccessible(page, 'vista previa (inicio)');
  await preview.getByRole('button', { name: 'Empezar' }).click();
  const timer = preview.getByRole('timer', { name: 'Tiempo restante' });
  await expect(timer).toHaveText(/^0[45]:\d\d$/);
  const take = async (multiple: string[]) => {
    await preview
      .getByRole('group', { name: /^Pregunta 1/ })
      .getByLabel('Su respuesta')
      .fill('Salir por la escalera B.');
    for (const choice of multiple)
      await preview
        .getByRole('group', { name: /^Pregunta 3/ })
        .getByLabel(choice)
        .check();
    await preview
      .getByRole('group', { name: /^Pregunta 2/ })
      .getByLabel('Sí', { exact: true })
      .check();
  };
  await take(['Casco', 'Guantes']);
  await viewShot(page, 'test-preview-1280');
  await expectAccessible(page, 'vista previa (respondiendo)');
  const scored = page.waitForResponse((response) => response.url().includes(`/api/tests/${saved.id}/score`));
  await preview.getByRole('button', { name: 'Entregar' }).click();
  expect((await scored).status()).toBe(200);
  await expect(preview.getByRole('heading', { name: 'Resultado' })).toBeFocused();
  await expect(preview.getByText('3 de 3 puntos (100 %)')).toBeVisible();
  await expect(preview.getByText('Aprobado', { exact: true })).toBeVisible();
  await expect(preview.getByText('La pregunta de texto libre no cuenta en esta nota')).toBeVisible();
  await expectAccessible(page, 'vista previa (resultado)');

  // "Repetir" starts again at once, with a fresh clock and no answers.
  await preview.getByRole('button', { name: 'Repetir' }).click();
  await expect(preview.getByLabel('Su respuesta')).toHaveValue('');
  await take(['Casco', 'Chanclas']);
  await preview.getByRole('button', { name: 'Entregar' }).click();
  await expect(preview.getByText('1 de 3 puntos (33,33 %)')).toBeVisible();
  await expect(preview.getByText('No aprobado', { exact: true })).toBeVisible();
  await viewShot(page, 'test-preview-result-1280');

  // The clock: a few spoken moments, and at zero the answers go in by themselves.
  // Paused from the start: only fastForward moves the countdown, however long a loaded runner takes.
  await page.clock.install();
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 60_000);
  await preview.getByRole('button', { name: 'Repetir' }).click();
  await expect(preview.getByText('Empieza el tiempo: tiene 5 minutos.')).toBeAttached();
  await take(['Casco', 'Guantes']);
  await page.clock.fastForward('04:31');
  await expect(timer).toHaveText(/^00:(29|30)$/);
  await expect(preview.getByText('Quedan 30 segundos.')).toBeAttached();
  await page.clock.fastForward(31_000);
  await expect(
    preview.getByText('Se acabó el tiempo: se entregaron las respuestas que había.'),
  ).toBeVisible();
  await expect(preview.getByText('3 de 3 puntos (100 %)')).toBeVisible();
  await page.clock.resume();
  await preview.getByRole('button', { name: 'Volver al test' }).click();
  await expect(preview).toBeHidden();
  await expect(page.getByRole('button', { name: 'Vista previa' })).toBeFocused();
  expect(writes).toBe(writesBeforePreview);

  // The list: status, number of questions, passing score, time limit; filter and search.
  await page.goto(`/test?search=${suffix}&filter[status]=draft`);
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row).toHaveCount(1);
  await expect(row.getByText('Borrador')).toBeVisible();
  await expect(row.getByRole('cell', { name: '3', exact: true })).toBeVisible();
  await expect(row.getByText('60 %')).toBeVisible();
  await expect(row.getByText('5 min')).toBeVisible();
  await shot(page, 'test-list-1280');
  await expectAccessible(page, 'tests');
  await page.goto(`/test?search=${suffix}&filter[status]=published`);
  await expect(page.getByRole('row').filter({ hasText: title })).toHaveCount(0);
});

test('reordered by dragging with the mouse, duplicated as a draft, at 375 px too', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const suffix = Date.now().toString(36);
  await useSession(page, admin);
  const source = await apiCreate<SavedTest>(page, baseURL!, '/api/tests', {
    title: `Seguridad vial ${suffix}`,
    status: 'published',
    passing_score: 50,
    // Optional, so the preview below can deliver them unanswered.
    questions: [
      {
        prompt: 'Primera',
        type: 'single',
        required: false,
        options: [{ text: 'a', correct: true }, { text: 'b' }],
      },
      {
        prompt: 'Segunda',
        type: 'multiple',
        required: false,
        options: [{ text: 'c', correct: true }, { text: 'd' }, { text: 'e' }],
      },
      { prompt: 'Tercera', type: 'text', required: false },
    ],
  });
  // Tall enough for the three questions to be in sight while dragging.
  await page.setViewportSize({ width: 1280, height: 2400 });
  await page.goto(`/test/${source.id}`);
  await expect(question(page, 1).getByLabel('Enunciado')).toHaveValue('Primera');
  await dragTo(
    page,
    page.getByRole('button', { name: 'Arrastrar la pregunta 1' }),
    page.getByRole('button', { name: 'Arrastrar la pregunta 3' }),
  );
  await expect(question(page, 3).getByLabel('Enunciado')).toHaveValue('Primera');
  await expect(question(page, 1).getByLabel('Enunciado')).toHaveValue('Segunda');
  const multiple = question(page, 1);
  await dragTo(
    page,
    multiple.getByRole('button', { name: 'Arrastrar la opción 3' }),
    multiple.getByRole('button', { name: 'Arrastrar la opción 1' }),
  );
  await expect(option(multiple, 1).getByLabel('Texto')).toHaveValue('e');
  // Removing an option offers to undo it.
  await option(multiple, 2).getByRole('button', { name: 'Quitar la opción 2' }).click();
  await expect(multiple.getByRole('button', { name: 'Deshacer' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(option(multiple, 2).getByLabel('Texto')).toHaveValue('c');
  const saved = page.waitForResponse(
    (r) => r.url().includes(`/api/tests/${source.id}`) && r.request().method() === 'PUT',
  );
  await page.getByRole('button', { name: 'Guardar' }).click();
  const after = ((await (await saved).json()) as { data: SavedTest }).data;
  expect(after.questions.map((q) => q.prompt)).toEqual(['Segunda', 'Tercera', 'Primera']);
  expect(after.questions[0]!.options.map((o) => o.text)).toEqual(['e', 'c', 'd']);
  await expect(page.getByText(SAVED).last()).toBeVisible();

  // "Duplicar": a draft copy, opened at once.
  await page.getByRole('button', { name: 'Duplicar' }).click();
  await expect(page.getByText(`Copia creada en borrador: «Seguridad vial ${suffix} (copia)».`)).toBeVisible();
  await expect(page.getByLabel('Título', { exact: true })).toHaveValue(`Seguridad vial ${suffix} (copia)`);
  await expect(page).not.toHaveURL(new RegExp(`/test/${source.id}$`));
  await expect(question(page, 1).getByLabel('Enunciado')).toHaveValue('Segunda');
  await expect(page.getByLabel('Estado', { exact: true })).toHaveValue('Borrador');

  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(`/test/${source.id}`);
  await expect(question(page, 1).getByLabel('Enunciado')).toHaveValue('Segunda');
  await shot(page, 'test-edit-375');
  await expectAccessible(page, 'editar test (375 px)');
  await page.getByRole('button', { name: 'Vista previa' }).click();
  const preview = page.getByRole('dialog');
  await preview.getByRole('button', { name: 'Empezar' }).click();
  await viewShot(page, 'test-preview-375');
  await expectAccessible(page, 'vista previa (375 px)');
  // Nothing answered: nothing scored, and the test's own mark is not reached.
  await preview.getByRole('button', { name: 'Entregar' }).click();
  await expect(preview.getByText('0 de 2 puntos (0 %)')).toBeVisible();
  await expect(preview.getByText('No aprobado', { exact: true })).toBeVisible();
  await viewShot(page, 'test-preview-result-375');
  await expectAccessible(page, 'vista previa, resultado (375 px)');
  await preview.getByRole('button', { name: 'Volver al test' }).click();
  await page.goto(`/test?search=${suffix}`);
  // On a phone each test is a card.
  await expect(page.locator('.record-card').filter({ hasText: `Seguridad vial ${suffix}` })).toHaveCount(2);
  await shot(page, 'test-list-375');
  await expectAccessible(page, 'tests (375 px)');
  await page.goto('/test/create');
  await shot(page, 'test-create-375');
  await expectAccessible(page, 'nuevo test (375 px)');
});

test('a test of 200 questions of 6 options: its edit screen opens, stays responsive, saves in one request', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const suffix = Date.now().toString(36);
  await useSession(page, admin, { visit: false });
  const big = await apiCreate<SavedTest>(page, baseURL!, '/api/tests', {
    title: `Test grande ${suffix}`,
    questions: Array.from({ length: 200 }, (_, q) => ({
      prompt: `Pregunta número ${q + 1} del test grande: ¿cuál de estas opciones es la correcta?`,
      type: q % 3 === 2 ? 'multiple' : 'single',
      points: (q % 3) + 1,
      options: Array.from({ length: 6 }, (_, o) => ({
        text: `Opción ${o + 1} de la pregunta ${q + 1}`,
        correct: o === q % 6,
      })),
    })),
  });
  // The Event Timing API: how long each click or key press takes to reach the screen.
  await page.addInitScript(() => {
    const slow: Array<{ name: string; duration: number }> = [];
    (window as unknown as { slowInteractions: typeof slow }).slowInteractions = slow;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) slow.push({ name: entry.name, duration: entry.duration });
    }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
    // Long tasks (> 50 ms) with their start, to tell how long the screen is busy after the save.
    const busy: Array<{ start: number; duration: number }> = [];
    (window as unknown as { longTasks: typeof busy }).longTasks = busy;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) busy.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: 'longtask', buffered: true });
  });

  const started = Date.now();
  await page.goto(`/test/${big.id}`);
  // Folded: a summary line per question, the last one included.
  await expect(page.getByRole('button', { name: 'Editar la pregunta 200' })).toBeVisible();
  const opened = Date.now() - started;
  await expect(page.getByText('200 preguntas · 399 puntos en la nota automática')).toBeVisible();

  // Unfold one far down, change its prompt and its correct option, type in the title.
  await page.getByRole('button', { name: 'Editar la pregunta 150' }).click();
  const q150 = question(page, 150);
  await q150.getByLabel('Enunciado').fill('Pregunta 150, revisada');
  // A multiple-choice one (every third): one more correct option.
  await option(q150, 2)
    .getByRole('checkbox', { name: /Correcta/ })
    .check();
  const title = page.getByLabel('Título', { exact: true });
  await title.press('End');
  await title.pressSequentially(' (revisado)');
  const interactions = await page.evaluate(
    () =>
      (window as unknown as { slowInteractions: Array<{ name: string; duration: number }> }).slowInteractions,
  );
  const slowest = Math.max(0, ...interactions.map((entry) => entry.duration));

  let writes = 0;
  page.on('request', (request) => {
    if (request.url().includes(`/api/tests/${big.id}`) && request.method() === 'PUT') writes++;
  });
  const savingAt = await page.evaluate(() => performance.now());
  const saving = Date.now();
  const saved = page.waitForResponse(
    (r) => r.url().includes(`/api/tests/${big.id}`) && r.request().method() === 'PUT',
  );
  await page.getByRole('button', { name: 'Guardar' }).click();
  const response = await saved;
  const answeredIn = Date.now() - saving;
  expect(response.status()).toBe(200);
  const after = ((await response.json()) as { data: SavedTest }).data;
  await expect(page.getByText(SAVED).last()).toBeVisible();
  const savedIn = Date.now() - saving;
  // Let the updated screen settle, then add up the long tasks since "Guardar".
  await page.waitForTimeout(1500);
  const busyAfterSave = await page.evaluate(
    (since) =>
      (window as unknown as { longTasks: Array<{ start: number; duration: number }> }).longTasks
        .filter((task) => task.start >= since)
        .reduce((total, task) => total + task.duration, 0),
    savingAt,
  );
  expect(writes).toBe(1);
  expect(after.questions).toHaveLength(200);
  expect(after.questions.map((q) => q.id)).toEqual(big.questions.map((q) => q.id));
  expect(after.questions[149]?.prompt).toBe('Pregunta 150, revisada');
  expect(after.questions[149]?.options.map((o) => o.correct)).toEqual([
    false,
    true,
    false,
    false,
    false,
    true,
  ]);
  expect(after.questions.flatMap((q) => q.options)).toHaveLength(1200);
  console.log(
    `200×6: edit screen shown in ${opened} ms; slowest interaction ${Math.round(slowest)} ms (${interactions.find((entry) => entry.duration === slowest)?.name}); save answered in ${answeredIn} ms, screen updated in ${savedIn} ms, long tasks after the save ${Math.round(busyAfterSave)} ms`,
  );
  await shot(page, 'test-edit-200-1280');
});

test('with test.view alone a test reads but does not change; the preview still works', async ({
  page,
  browser,
  baseURL,
}) => {
  const suffix = Date.now().toString(36);
  await useSession(page, admin);
  const test10 = await apiCreate<SavedTest>(page, baseURL!, '/api/tests', {
    title: `Solo lectura ${suffix}`,
    questions: [
      {
        prompt: '¿Dos más dos?',
        type: 'single',
        options: [{ text: 'Cuatro', correct: true }, { text: 'Cinco' }],
      },
    ],
  });
  // The editor role views tests, and holds neither test.update nor test.create.
  const context = await browser.newContext({ baseURL });
  const reader = await context.newPage();
  // Nothing the reader may not do is sent (a 403 would sign them out). Saying "I am looking at this
  // record" (issue 19's presence, allowed with test.view) changes nothing of it.
  const writes: string[] = [];
  reader.on('request', (request) => {
    if (
      request.method() !== 'GET' &&
      !request.url().includes('/score') &&
      !new URL(request.url()).pathname.endsWith('/presence') &&
      !request.url().includes('/login')
    ) {
      writes.push(`${request.method()} ${request.url()}`);
    }
  });
  await useSession(reader, editor, { visit: false });
  await reader.goto(`/test/${test10.id}`);
  await expect(reader.getByText('No tiene permiso para modificar este elemento')).toBeVisible();
  const first = question(reader, 1);
  await expect(first.getByLabel('Enunciado')).toBeDisabled();
  await expect(option(first, 1).getByRole('radio', { name: /Correcta/ })).toBeDisabled();
  await expect(reader.getByRole('button', { name: 'Arrastrar la pregunta 1' })).toHaveCount(0);
  await expect(reader.getByRole('button', { name: 'Guardar' })).toHaveCount(0);
  await expect(reader.getByRole('button', { name: 'Duplicar' })).toHaveCount(0);
  await expectAccessible(reader, 'test de solo lectura');
  await reader.getByRole('button', { name: 'Vista previa' }).click();
  const preview = reader.getByRole('dialog');
  await preview.getByRole('button', { name: 'Empezar' }).click();
  await preview.getByLabel('Cuatro').check();
  await preview.getByRole('button', { name: 'Entregar' }).click();
  await expect(preview.getByText('1 de 1 punto (100 %)')).toBeVisible();
  expect(writes).toEqual([]);
  await context.close();
});
