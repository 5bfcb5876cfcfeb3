import { type PublicTestQuestion, TestAnswer } from '@gestor/shared';
import type { FieldErrors, FormAnswers } from './templates';

// The answers form as posted (application/x-www-form-urlencoded): `q<id>` once per chosen option, or
// the text of a text question. Every question of the test is in the form, so a name that is missing
// means "no answer" (null: the saved one is taken back), as the public API's save reads null.

export type FormBody = Record<string, string | string[] | undefined>;

/** Every value sent under a name, in order. */
export function allValues(body: FormBody, name: string): string[] {
  const value = body[name];
  return value === undefined ? [] : Array.isArray(value) ? value : [value];
}

/** The first value sent under a name. */
export function firstValue(body: FormBody, name: string): string | undefined {
  return allValues(body, name)[0];
}

/**
 * The form's answers by question id, and what is wrong with them before they reach the service (a
 * text too long). An option value that is not an id is kept as 0: the service names it as foreign.
 */
export function answersFromForm(
  questions: readonly PublicTestQuestion[],
  body: FormBody,
): { answers: FormAnswers; errors: FieldErrors } {
  const answers: FormAnswers = {};
  const errors: FieldErrors = {};
  for (const question of questions) {
    const values = allValues(body, `q${question.id}`);
    let answer: TestAnswer | null;
    if (question.type === 'text') {
      const text = values[0] ?? '';
      answer = text.trim() === '' ? null : text.replace(/\r\n/g, '\n');
    } else {
      const ids = values.map((value) => (/^\d{1,9}$/.test(value) ? Number(value) : 0));
      answer = ids.length ? ids : null;
    }
    if (answer !== null) {
      const checked = TestAnswer.safeParse(answer);
      if (!checked.success) {
        errors[`answers.${question.id}`] = [checked.error.issues[0]?.message ?? 'La respuesta no es válida.'];
      }
    }
    answers[String(question.id)] = answer;
  }
  return { answers, errors };
}
