import { z } from 'zod';
import { optionalText } from './content';
import { updatedAtField } from './fields';
import { ID_MAX } from './resource';
import { type QuestionType, TEST_LIMITS, type TestAnswer } from './tests';
import type { AttemptState } from './tests-public';

// docs/areas.md#what-the-answers-say: a test's responses as the back office reads them (permission
// `test.results`), their grading (`test.grade`), and the results the website may publish. A response
// is an attempt: what one person answered in one go.

export const RESPONSE_STATE_LABELS: Record<AttemptState, string> = {
  open: 'En curso',
  submitted: 'Enviada',
  expired: 'Fuera de plazo',
  discarded: 'No cuenta',
};

/** How much a grader may write about one answer. */
export const GRADE_COMMENT_MAX = 2000;

/** One row of `GET /api/tests/{id}/responses`. */
export interface TestResponseListItem {
  id: number;
  /** The person's attempt number (1 unless the test allows several). */
  attempt_number: number;
  state: AttemptState;
  /** Who answered, where the test keeps it: the address given. Null in an anonymous test or without identity. */
  email: string | null;
  /** Answered with a single-use code (the code itself is kept only as a hash). */
  with_code: boolean;
  started_at: string | null;
  /** In an anonymous test, the day only (midnight UTC of that day). */
  submitted_at: string | null;
  /** From start to submission; null when either is not kept (anonymous) or not yet. */
  duration_seconds: number | null;
  /** Points earned so far (automatic and graded); null for a survey or an unsent attempt. */
  score: number | null;
  /** What the whole quiz is worth, text questions included. */
  max_score: number | null;
  /** Null until every text answer is graded. */
  percent: number | null;
  passed: boolean | null;
  /** Text answers still waiting for a grader. */
  pending_grades: number;
  /** Whether its person's data was removed by the retention period. */
  anonymised: boolean;
}

/** A grade a person gave to one text answer. */
export interface ResponseGrade {
  points: number;
  comment: string | null;
  /** Who graded it (null when that account is gone). */
  graded_by: string | null;
  graded_at: string;
}

/** One question of a response, as the person answered it. */
export interface ResponseAnswer {
  question_id: number;
  prompt: string;
  type: QuestionType;
  /** What it is worth (a quiz); null in a survey. */
  points: number | null;
  /** The answer as given: the chosen options' ids, a text, or null when left unanswered. */
  answer: TestAnswer | null;
  /** The options of a single or multiple question, with whether each was chosen and is correct. */
  options: Array<{ id: number; text: string; chosen: boolean; correct: boolean }>;
  /** Points earned: automatic for options, the grade for text; null while not graded or in a survey. */
  earned: number | null;
  /** A text answer in a quiz that a person must grade (answered, worth points, not graded yet). */
  needs_grade: boolean;
  grade: ResponseGrade | null;
}

/** `GET /api/tests/{id}/responses/{rid}`. `updated_at` is the version a grade starts from. */
export interface TestResponseDetail extends TestResponseListItem {
  answers: ResponseAnswer[];
  updated_at: string;
}

/** `PUT /api/tests/{id}/responses/{rid}/grades`: grades of text answers, by question id. */
export const ResponseGradesInput = z.strictObject({
  grades: z
    .record(
      z.string().regex(/^\d{1,9}$/),
      z.strictObject({
        points: z
          .number({ error: 'Los puntos deben ser un número entero.' })
          .int({ error: 'Los puntos deben ser un número entero.' })
          .min(0, { error: 'Los puntos no pueden ser negativos.' })
          .max(TEST_LIMITS.points, { error: `Una pregunta vale como máximo ${TEST_LIMITS.points} puntos.` }),
        comment: optionalText('comentario', { max: GRADE_COMMENT_MAX }).default(null),
      }),
      {
        error: (issue) =>
          issue.code === 'invalid_key'
            ? 'Cada nota se indica con el id de su pregunta.'
            : 'El campo notas debe ser un objeto {id de pregunta: {points, comment}}.',
      },
    )
    .refine((grades) => Object.keys(grades).length > 0, { error: 'Indique al menos una nota.' }),
  /** The response's `updated_at` the grader read (a second grader's stale write gets 409). */
  updated_at: updatedAtField,
});
export type ResponseGradesInput = z.infer<typeof ResponseGradesInput>;

/** `GET /api/tests/{id}/text-answers`: one free answer, for reading them together on the results page. */
export interface FreeAnswer {
  response_id: number;
  text: string;
  submitted_at: string | null;
}

/** The published results of a test (`GET /api/public/v1/tests/{slug}/results`): distributions only. */
export const PublicTestResults = z
  .strictObject({
    title: z.string(),
    slug: z.string(),
    closes_at: z.string().nullable(),
    /** Responses submitted. */
    responses: z.number().int(),
    questions: z.array(
      z.strictObject({
        id: z.number().int(),
        prompt: z.string(),
        type: z.enum(['single', 'multiple']),
        /** Responses that answered it. */
        answered: z.number().int(),
        options: z.array(
          z.strictObject({
            id: z.number().int(),
            text: z.string(),
            count: z.number().int(),
            /** Of those that answered it, 0–100; a multiple question's may add up to more than 100. */
            percent: z.number().nullable(),
          }),
        ),
      }),
    ),
  })
  .meta({
    id: 'PublicTestResults',
    description: 'Los resultados publicados de un test cerrado: cuántas respuestas eligieron cada opción.',
  });
export type PublicTestResults = z.infer<typeof PublicTestResults>;

/** A response id in a route. */
export const responseIdOf = (raw: string): number | null => {
  if (!/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id >= 1 && id <= ID_MAX ? id : null;
};
