import type { TestAnswer, TestQuestion, TestRecord, TestScore, ValidationErrors } from '@gestor/shared';
import { ValidationError } from '../../lib/http-errors';
import { markerOf } from './grading';

// docs/areas.md#tests-questionnaires: how a set of answers is checked against a test's questions and
// scored. The admin API's scoring (the builder's preview) and the answering of the public share it.

/** What scoring reads of a test: its kind, pass mark and questions with their correct options. */
export type ScoredTest = Pick<TestRecord, 'kind' | 'passing_score' | 'questions'>;

/**
 * An answer that does not fit its question (an unknown question or option, a list for a text
 * question, two options for a single one) is a 422 on `answers.<question id>`.
 */
export function checkAnswers(
  questions: readonly TestQuestion[],
  answers: Readonly<Record<string, TestAnswer | null>>,
): void {
  const byId = new Map(questions.map((question) => [String(question.id), question]));
  const errors: ValidationErrors = {};
  for (const [id, answer] of Object.entries(answers)) {
    const question = byId.get(id);
    const refuse = (message: string) => {
      errors[`answers.${id}`] = [message];
    };
    if (!question) {
      refuse(`La pregunta ${id} no pertenece a este test.`);
    } else if (answer === null) {
      // Taking an answer back (the public API's saves).
    } else if (question.type === 'text') {
      if (typeof answer !== 'string') refuse('Una pregunta de texto libre se responde con un texto.');
    } else if (typeof answer === 'string') {
      refuse('Esta pregunta se responde con los ids de las opciones elegidas.');
    } else {
      const own = new Set(question.options.map((option) => option.id));
      const foreign = answer.filter((option) => !own.has(option));
      if (foreign.length) {
        refuse(
          foreign.length === 1
            ? `La opción ${foreign[0]} no pertenece a esta pregunta.`
            : `Las opciones ${foreign.join(', ')} no pertenecen a esta pregunta.`,
        );
      } else if (question.type === 'single' && new Set(answer).size > 1) {
        refuse('Esta pregunta admite una sola opción.');
      }
    }
  }
  if (Object.keys(errors).length) throw new ValidationError(errors);
}

/** Whether a single or multiple question's answer is exactly its correct options. */
export function answeredRight(question: TestQuestion, answer: TestAnswer | undefined): boolean {
  // Its points (at least 1) when right, 0 when not: grading.ts marks every response the same way.
  return (markerOf(question)(answer, undefined) ?? 0) > 0;
}

/**
 * docs/areas.md: a single or multiple question earns its points only when the chosen options are exactly
 * the correct ones; text questions are scored by a person, so they count for neither score nor max.
 * A survey is not scored (score and max 0, percent and passed null). Answers are checked first
 * (checkAnswers).
 */
export function scoreTest(test: ScoredTest, answers: Record<string, TestAnswer>): TestScore {
  checkAnswers(test.questions ?? [], answers);
  let score = 0;
  let max = 0;
  // A survey has no correct options: nothing is scored.
  const scored = test.kind === 'quiz' ? (test.questions ?? []) : [];
  for (const question of scored) {
    if (question.type === 'text') continue;
    max += question.points;
    if (answeredRight(question, answers[String(question.id)])) score += question.points;
  }
  if (max === 0) return { score, max, percent: null, passed: null };
  return {
    score,
    max,
    percent: Math.round((score * 10_000) / max) / 100,
    // In whole numbers, so 2 of 3 (66.67 %) does not pass a 67 % mark by rounding.
    passed: score * 100 >= test.passing_score * max,
  };
}
