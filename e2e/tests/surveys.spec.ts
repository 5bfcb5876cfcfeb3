import { expectAccessible } from '../support/axe';
import { expect, newPersonWith, signIn, test } from '../support/fixtures';
import { SCREEN_SIZES, shot } from '../support/pages';

// Issue 32 §1, as the person who prepares questionnaires does it: a role holding the tests'
// permissions alone. She builds a satisfaction survey (no correct options, no score) with a help
// text under a question and an optional free-text question whose answers may hold personal data,
// saves it, and takes it in the preview: a required question left blank is named, then delivered.

interface SavedSurvey {
  id: number;
  kind: string;
  questions: Array<{
    type: string;
    required: boolean;
    help: string | null;
    personal: boolean;
    options: Array<{ correct: boolean }>;
  }>;
}

for (const [width, viewport] of SCREEN_SIZES) {
  test(`a survey built by the person who prepares questionnaires, and previewed (${width} px)`, async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(150_000);
    await page.setViewportSize(viewport);
    const suffix = `${Date.now().toString(36)}${width}`;
    const person = await newPersonWith(browser, baseURL!, 'Sara Encuestas', [
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

    const title = `Satisfacción con la sede electrónica ${suffix}`;
    await page.getByLabel('Título', { exact: true }).fill(title);
    // The kind, by keyboard: Enter opens the select, the arrow moves to «Encuesta», Enter takes it.
    await page.getByLabel('Tipo de test').focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(page.locator('.p-dropdown-label', { hasText: 'Encuesta' })).toBeVisible();
    await expect(page.getByText('Sin respuestas correctas ni nota')).toBeVisible();

    await page.getByRole('button', { name: 'Añadir pregunta' }).click();
    const first = page.getByRole('group', { name: 'Pregunta 1', exact: true });
    await first.getByLabel('Enunciado').fill('¿Encontró lo que buscaba?');
    await first.getByLabel('Ayuda (opcional)').fill('Piense en su última visita.');
    // A survey's options have no «Correcta» mark and its questions no points.
    await expect(first.getByText('Correcta')).toHaveCount(0);
    await expect(first.getByLabel('Puntos')).toHaveCount(0);
    await first.getByRole('group', { name: 'Opción 1', exact: true }).getByLabel('Texto').fill('Sí');
    await first.getByRole('group', { name: 'Opción 2', exact: true }).getByLabel('Texto').fill('No');

    await page.getByRole('button', { name: 'Añadir pregunta' }).click();
    const second = page.getByRole('group', { name: 'Pregunta 2', exact: true });
    await second.getByLabel('Enunciado').fill('¿Qué mejoraría?');
    await second.getByRole('radio', { name: 'Texto libre' }).check();
    await second.getByLabel('Obligatoria').uncheck();
    await second.getByLabel('Sus respuestas pueden contener datos personales').check();
    await expect(second.getByText('Respuesta libre: se recogen tal como se escriben.')).toBeVisible();
    await expectAccessible(page, `nueva encuesta (${width} px)`);
    await shot(page, `survey-create-${width}`);

    const created = page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname === '/api/tests' && response.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Guardar' }).click();
    const response = await created;
    expect(response.status()).toBe(201);
    const saved = ((await response.json()) as { data: SavedSurvey }).data;
    expect(saved.kind).toBe('survey');
    expect(saved.questions.map((q) => [q.type, q.required, q.help, q.personal])).toEqual([
      ['single', true, 'Piense en su última visita.', false],
      ['text', false, null, true],
    ]);
    expect(saved.questions[0]!.options.every((option) => !option.correct)).toBe(true);
    await expect(page.getByRole('heading', { level: 1, name: 'Editar test' })).toBeVisible();

    // The preview: no score, the help under its question, the optional one said so.
    await page.getByRole('button', { name: 'Vista previa' }).click();
    const preview = page.getByRole('dialog', { name: `Vista previa: ${title}` });
    await expect(preview.getByText('Encuesta: sin nota')).toBeVisible();
    await preview.getByRole('button', { name: 'Empezar' }).click();
    const asked = preview.getByRole('group', { name: /^Pregunta 1/ });
    await expect(asked).toHaveAccessibleDescription('¿Encontró lo que buscaba? Piense en su última visita.');
    await expect(preview.getByRole('group', { name: /^Pregunta 2 · opcional/ })).toBeVisible();
    await expectAccessible(page, `vista previa de una encuesta (${width} px)`);
    // Delivered blank: the required question is named and takes the focus.
    await preview.getByRole('button', { name: 'Entregar' }).click();
    await expect(preview.getByText('Responda la pregunta 1: es obligatoria.')).toBeVisible();
    await expect(asked.getByRole('radio', { name: 'Sí' })).toBeFocused();
    await page.keyboard.press('Space');
    await preview.getByRole('button', { name: 'Entregar' }).click();
    await expect(preview.getByText(/Respuestas entregadas\. Una encuesta no tiene nota/)).toBeVisible();
    await shot(page, `survey-preview-result-${width}`);
  });
}
