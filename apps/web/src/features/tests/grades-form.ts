import type { ResponseAnswer, ResponseGradesInput, TestResponseDetail } from '@gestor/shared';

// Grading a response's text answers (docs/areas.md#what-the-answers-say): the form's values and the
// body `PUT …/grades` takes. Pure, unit-tested. A form path with a question's id as a bare number
// would be read by react-hook-form as an array index, so each grade sits under `q<id>`.

export interface GradeValues {
  /** Null while not given. */
  points: number | null;
  comment: string;
}

export interface GradesFormValues {
  grades: Record<string, GradeValues>;
}

export const gradeKey = (questionId: number) => `q${questionId}`;

/** The text answers of a quiz a person grades: answered (or graded before) and worth points. */
export function gradableAnswers(response: Pick<TestResponseDetail, 'answers'>): ResponseAnswer[] {
  return response.answers.filter(
    (answer) =>
      answer.type === 'text' && answer.points !== null && (answer.needs_grade || answer.grade !== null),
  );
}

/** The form's values: each gradable answer's grade as saved, or empty. */
export function gradesFormValues(response: Pick<TestResponseDetail, 'answers'>): GradesFormValues {
  return {
    grades: Object.fromEntries(
      gradableAnswers(response).map((answer) => [
        gradeKey(answer.question_id),
        { points: answer.grade?.points ?? null, comment: answer.grade?.comment ?? '' },
      ]),
    ),
  };
}

/**
 * The grades to send: those given that are new or differ from what is saved, so a grade nobody
 * touched keeps who gave it and when.
 */
export function gradesBody(
  response: Pick<TestResponseDetail, 'answers'>,
  values: GradesFormValues,
): ResponseGradesInput['grades'] {
  const body: ResponseGradesInput['grades'] = {};
  for (const answer of gradableAnswers(response)) {
    const given = values.grades[gradeKey(answer.question_id)];
    if (!given || given.points === null) continue;
    const comment = given.comment.trim() || null;
    const saved = answer.grade;
    if (saved && saved.points === given.points && (saved.comment ?? null) === comment) continue;
    body[String(answer.question_id)] = { points: given.points, comment };
  }
  return body;
}

/** A 422's key (`grades.12.points`) as the form's field (`grades.q12.points`); null for any other. */
export function gradeFieldOf(key: string): string | null {
  const match = /^grades\.(\d{1,9})\.(points|comment)$/.exec(key);
  return match ? `grades.${gradeKey(Number(match[1]))}.${match[2]}` : null;
}
