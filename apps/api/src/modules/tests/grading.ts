import type { TestAnswer, TestQuestion } from '@gestor/shared';

// docs/areas.md#what-the-answers-say: a response's score. Single and multiple questions score
// themselves (scoring.ts); a text question of a quiz is graded by a person, so until every answered
// one is graded the score is provisional: `percent` and `passed` wait, as Moodle's "Requires grading".
// An unanswered text question earns 0 with nothing to grade. Submitting, grading and re-scoring
// after an edit of the test all reckon a response here.

/** What reckoning reads of a test. */
export interface ReckonedTest {
  kind: 'quiz' | 'survey';
  passing_score: number;
  questions: readonly TestQuestion[];
}

export interface ResponseReckoning {
  score: number | null;
  max_score: number | null;
  percent: number | null;
  passed: boolean | null;
  /** Answered text questions with no grade yet. */
  pending_grades: number;
}

/** Whether an answer says something (an empty list or blank text is no answer). */
export function isAnswered(answer: TestAnswer | null | undefined): boolean {
  if (answer === null || answer === undefined) return false;
  return typeof answer === 'string' ? answer.trim() !== '' : answer.length > 0;
}

/**
 * How one question marks an answer: its points when the options chosen are exactly the correct ones,
 * else 0; a text question, the grade given (at most its points: they may have been lowered since),
 * 0 when it was left unanswered, null while an answer waits for a grade. A grade stands even when the
 * answer's text is gone (removed by the retention period). Built once per question, so marking
 * 10 000 responses makes no set per answer.
 */
export function markerOf(
  question: TestQuestion,
): (answer: TestAnswer | undefined, grade: number | undefined) => number | null {
  const { points } = question;
  if (question.type === 'text') {
    return (answer, grade) => (grade !== undefined ? Math.min(grade, points) : isAnswered(answer) ? null : 0);
  }
  const correct = new Set(question.options.filter((option) => option.correct).map((option) => option.id));
  return (answer) => {
    if (!Array.isArray(answer)) return correct.size === 0 ? points : 0;
    let distinct = 0;
    for (let i = 0; i < answer.length; i++) {
      const id = answer[i]!;
      if (!correct.has(id)) return 0;
      if (answer.indexOf(id) === i) distinct++;
    }
    return distinct === correct.size ? points : 0;
  };
}

/** The marks of each question: a number, or null for a text answer still to grade. */
export function questionMarks(
  test: ReckonedTest,
  answers: Readonly<Record<string, TestAnswer>>,
  grades: ReadonlyMap<number, number>,
): Map<number, number | null> {
  const marks = new Map<number, number | null>();
  for (const question of test.questions) {
    marks.set(question.id, markerOf(question)(answers[String(question.id)], grades.get(question.id)));
  }
  return marks;
}

/** A submitted response's score, from its answers and the grades given so far. A survey has none. */
export function reckonResponse(
  test: ReckonedTest,
  answers: Readonly<Record<string, TestAnswer>>,
  grades: ReadonlyMap<number, number> = new Map(),
): ResponseReckoning {
  if (test.kind !== 'quiz') {
    return { score: null, max_score: null, percent: null, passed: null, pending_grades: 0 };
  }
  let score = 0;
  let max = 0;
  let pending = 0;
  for (const question of test.questions) max += question.points;
  for (const mark of questionMarks(test, answers, grades).values()) {
    if (mark === null) pending++;
    else score += mark;
  }
  if (pending || max === 0) {
    return { score, max_score: max, percent: null, passed: null, pending_grades: pending };
  }
  return {
    score,
    max_score: max,
    percent: Math.round((score * 10_000) / max) / 100,
    // In whole numbers, so 2 of 3 (66.67 %) does not pass a 67 % mark by rounding.
    passed: score * 100 >= test.passing_score * max,
    pending_grades: 0,
  };
}

/** The answers that still fit the test's questions (a question or option removed meanwhile is dropped). */
export function fittingAnswers(
  questions: readonly TestQuestion[],
  answers: Readonly<Record<string, TestAnswer>>,
): Record<string, TestAnswer> {
  const fitting: Record<string, TestAnswer> = {};
  for (const question of questions) {
    const answer = answers[String(question.id)];
    if (answer === undefined) continue;
    if (question.type === 'text') {
      if (typeof answer === 'string') fitting[question.id] = answer;
      continue;
    }
    if (!Array.isArray(answer)) continue;
    const own = new Set(question.options.map((option) => option.id));
    const kept = answer.filter((option) => own.has(option));
    if (kept.length && (question.type === 'multiple' || kept.length === 1)) fitting[question.id] = kept;
  }
  return fitting;
}
