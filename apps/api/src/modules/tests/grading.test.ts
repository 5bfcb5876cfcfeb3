import type { TestQuestion } from '@gestor/shared';
import { describe, expect, it } from 'vitest';
import { reckonResponse } from './grading';

const option = (id: number, correct: boolean) => ({ id, position: id, text: `Opción ${id}`, correct });
const question = (
  id: number,
  type: TestQuestion['type'],
  points: number,
  options = [] as TestQuestion['options'],
) => ({
  id,
  position: id,
  prompt: `Pregunta ${id}`,
  type,
  points,
  required: true,
  help: null,
  personal: false,
  options,
});
const QUIZ = {
  kind: 'quiz' as const,
  passing_score: 50,
  questions: [
    question(1, 'single', 2, [option(11, true), option(12, false)]),
    question(2, 'multiple', 2, [option(21, true), option(22, false), option(23, true)]),
    question(3, 'text', 3),
    question(4, 'text', 1),
  ],
};

describe('reckonResponse: a response’s score, provisional until its text answers are graded', () => {
  it('the options score themselves; answered text waits for a grader; unanswered text is 0', () => {
    expect(reckonResponse(QUIZ, { 1: [11], 2: [21], 3: 'Mi respuesta', 4: '  ' })).toEqual({
      score: 2,
      max_score: 8,
      percent: null,
      passed: null,
      pending_grades: 1,
    });
  });

  it('the last grade completes it; a grade above the points (lowered since) counts as the most', () => {
    const answers = { 1: [11], 2: [21, 23], 3: 'Mi respuesta', 4: 'Otra' };
    expect(reckonResponse(QUIZ, answers, new Map([[3, 1]]))).toMatchObject({ score: 5, pending_grades: 1 });
    expect(
      reckonResponse(
        QUIZ,
        answers,
        new Map([
          [3, 1],
          [4, 5],
        ]),
      ),
    ).toEqual({
      score: 6,
      max_score: 8,
      percent: 75,
      passed: true,
      pending_grades: 0,
    });
    // 3 of 8 is 37.5 %: not a pass at 50 %.
    expect(
      reckonResponse(
        QUIZ,
        { 1: [12], 2: [21, 23], 3: 'x', 4: 'y' },
        new Map([
          [3, 1],
          [4, 0],
        ]),
      ),
    ).toMatchObject({
      score: 3,
      percent: 37.5,
      passed: false,
    });
  });

  it('a survey has no score', () => {
    expect(reckonResponse({ ...QUIZ, kind: 'survey' }, { 1: [11] })).toEqual({
      score: null,
      max_score: null,
      percent: null,
      passed: null,
      pending_grades: 0,
    });
  });
});
