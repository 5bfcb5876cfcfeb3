import type { ResponseAnswer } from '@gestor/shared';
import { describe, expect, it } from 'vitest';
import { gradableAnswers, gradeFieldOf, gradesBody, gradesFormValues } from './grades-form';

const text = (id: number, extra: Partial<ResponseAnswer> = {}): ResponseAnswer => ({
  question_id: id,
  prompt: `Pregunta ${id}`,
  type: 'text',
  points: 3,
  answer: 'Una respuesta',
  options: [],
  earned: null,
  needs_grade: true,
  grade: null,
  ...extra,
});

const answers: ResponseAnswer[] = [
  {
    question_id: 1,
    prompt: '¿Capital?',
    type: 'single',
    points: 1,
    answer: [10],
    options: [{ id: 10, text: 'Madrid', chosen: true, correct: true }],
    earned: 1,
    needs_grade: false,
    grade: null,
  },
  text(2),
  text(3, {
    needs_grade: false,
    earned: 2,
    grade: { points: 2, comment: 'Bien', graded_by: 'Ana', graded_at: '2026-11-20T10:00:00.000Z' },
  }),
  // Left unanswered: 0 points, nothing to grade.
  text(4, { answer: null, needs_grade: false, earned: 0 }),
  // A survey's text answer is worth nothing.
  text(5, { points: null, needs_grade: false }),
];

describe('grading a response’s text answers', () => {
  it('grades the answered text questions of a quiz, graded before or not', () => {
    expect(gradableAnswers({ answers }).map((answer) => answer.question_id)).toEqual([2, 3]);
    expect(gradesFormValues({ answers })).toEqual({
      grades: { q2: { points: null, comment: '' }, q3: { points: 2, comment: 'Bien' } },
    });
  });

  it('sends the grades given that are new or changed, a blank comment as none', () => {
    const values = gradesFormValues({ answers });
    expect(gradesBody({ answers }, values)).toEqual({});
    values.grades.q2 = { points: 3, comment: '  ' };
    expect(gradesBody({ answers }, values)).toEqual({ '2': { points: 3, comment: null } });
    values.grades.q3 = { points: 2, comment: 'Bien, pero incompleta' };
    expect(gradesBody({ answers }, values)).toEqual({
      '2': { points: 3, comment: null },
      '3': { points: 2, comment: 'Bien, pero incompleta' },
    });
  });

  it('places the API’s messages under the question’s controls', () => {
    expect(gradeFieldOf('grades.12.points')).toBe('grades.q12.points');
    expect(gradeFieldOf('grades.12.comment')).toBe('grades.q12.comment');
    expect(gradeFieldOf('updated_at')).toBeNull();
  });
});
