import type { TestAnswer, TestQuestion } from '@gestor/shared';
import { describe, expect, test } from 'vitest';
import { answeredRight } from './scoring';
import { optionDistribution, quizStatistics, type ResponseMarks } from './statistics';

// The worked example: 12 first attempts at a 5-question quiz. Every figure the module returns is
// checked against one worked out here, separately, from Moodle's definitions with plain loops.

const option = (id: number, correct = false) => ({ id, position: id % 10, text: `Opción ${id}`, correct });
const question = (
  id: number,
  type: TestQuestion['type'],
  points: number,
  options: TestQuestion['options'],
) => ({
  id,
  position: id - 100,
  prompt: `Pregunta ${id}`,
  type,
  points,
  options,
  required: false,
  help: null,
  personal: false,
});

const QUESTIONS: TestQuestion[] = [
  question(101, 'single', 1, [option(1011, true), option(1012), option(1013)]),
  question(102, 'multiple', 2, [option(1021, true), option(1022, true), option(1023), option(1024)]),
  question(103, 'text', 3, []),
  question(104, 'single', 1, [option(1041), option(1042, true)]),
  question(105, 'multiple', 2, [option(1051, true), option(1052), option(1053, true)]),
];

/** Each response's answers, and the points a person gave its text answer (question 103). */
const RESPONSES: { answers: Record<string, TestAnswer>; graded: number }[] = [
  { answers: { 101: [1011], 102: [1021, 1022], 103: 'Completa', 104: [1041], 105: [1051, 1053] }, graded: 3 },
  { answers: { 101: [1011], 102: [1021, 1022], 103: 'Casi', 104: [1041], 105: [1051, 1053] }, graded: 2 },
  { answers: { 101: [1011], 102: [1021, 1022], 103: 'Bien', 104: [1042], 105: [1051] }, graded: 3 },
  { answers: { 101: [1011], 102: [1021], 103: 'Regular', 104: [1041], 105: [1051, 1053] }, graded: 2 },
  {
    answers: { 101: [1011], 102: [1021, 1022, 1023], 103: 'Algo', 104: [1041], 105: [1051, 1053] },
    graded: 1,
  },
  { answers: { 101: [1012], 102: [1021, 1022], 103: 'Corta', 104: [1042], 105: [1051, 1052] }, graded: 2 },
  { answers: { 101: [1011], 102: [1023], 103: 'Poco', 104: [1042], 105: [1051] }, graded: 1 },
  { answers: { 101: [1013], 102: [1021, 1022], 103: '', 104: [1042], 105: [1052] }, graded: 0 },
  { answers: { 101: [1011], 102: [1022], 104: [1042], 105: [] }, graded: 0 },
  { answers: { 101: [1012], 102: [1024], 103: 'Nada', 104: [1042], 105: [1053] }, graded: 1 },
  { answers: { 101: [1013], 102: [1021, 1024], 103: 'No sé', 104: [1042], 105: [1051, 1053] }, graded: 0 },
  { answers: { 102: [1023, 1024], 103: '?', 104: [1042] }, graded: 0 },
];

/** What the caller works out for each response: scoring.ts for the choices, the grade for the text. */
const MARKS: ResponseMarks[] = RESPONSES.map(({ answers, graded }) => ({
  marks: Object.fromEntries(
    QUESTIONS.map((q) => [
      String(q.id),
      q.type === 'text' ? graded : answeredRight(q, answers[String(q.id)]) ? q.points : 0,
    ]),
  ),
}));

/** Moodle's figures, worked out directly from the definitions: x[s][p] marks, points[p] their maxima. */
function byHand(x: number[][], points: number[]) {
  const S = x.length;
  const P = points.length;
  const at = (s: number, p: number) => x[s]?.[p] ?? 0;
  const T: number[] = [];
  for (let s = 0; s < S; s++) {
    let total = 0;
    for (let p = 0; p < P; p++) total += at(s, p);
    T.push(total);
  }
  let maxT = 0;
  for (let p = 0; p < P; p++) maxT += points[p]!;

  const average = (v: number[]) => {
    let a = 0;
    for (const value of v) a += value;
    return a / v.length;
  };
  const covariance = (a: number[], b: number[]) => {
    const ma = average(a);
    const mb = average(b);
    let c = 0;
    for (let i = 0; i < a.length; i++) c += (a[i]! - ma) * (b[i]! - mb);
    return c / (a.length - 1);
  };

  const meanT = average(T);
  const sorted = [...T].sort((a, b) => a - b);
  const medianT = S % 2 ? sorted[(S - 1) / 2]! : (sorted[S / 2 - 1]! + sorted[S / 2]!) / 2;
  const VT = covariance(T, T);
  let m2 = 0;
  let m3 = 0;
  let m4 = 0;
  for (const t of T) {
    m2 += (t - meanT) ** 2 / S;
    m3 += (t - meanT) ** 3 / S;
    m4 += (t - meanT) ** 4 / S;
  }
  const k2 = (S / (S - 1)) * m2;
  const k3 = ((S * S) / ((S - 1) * (S - 2))) * m3;
  const k4 = ((S * S) / ((S - 1) * (S - 2) * (S - 3))) * ((S + 1) * m4 - 3 * (S - 1) * m2 * m2);

  const items = [];
  let sumItemVariance = 0;
  for (let p = 0; p < P; p++) {
    const xp: number[] = [];
    const Xp: number[] = [];
    for (let s = 0; s < S; s++) {
      xp.push(at(s, p));
      Xp.push(T[s]! - at(s, p));
    }
    const Vx = covariance(xp, xp);
    const VX = covariance(Xp, Xp);
    const C = covariance(xp, Xp);
    const Cmax = covariance(
      [...xp].sort((a, b) => a - b),
      [...Xp].sort((a, b) => a - b),
    );
    sumItemVariance += Vx;
    items.push({
      facility: (100 * average(xp)) / points[p]!,
      sd: (100 * Math.sqrt(Vx)) / points[p]!,
      discrimination_index: (100 * C) / Math.sqrt(Vx * VX),
      discriminative_efficiency: (100 * C) / Cmax,
    });
  }
  const cic = 100 * (P / (P - 1)) * (1 - sumItemVariance / VT);
  const errorRatio = 100 * Math.sqrt(1 - cic / 100);
  const sd = (100 * Math.sqrt(VT)) / maxT;
  return {
    test: {
      mean: (100 * meanT) / maxT,
      median: (100 * medianT) / maxT,
      sd,
      skewness: k3 / k2 ** 1.5,
      kurtosis: k4 / (k2 * k2),
      cic,
      error_ratio: errorRatio,
      standard_error: (errorRatio / 100) * sd,
    },
    items,
  };
}

/** Within 0.01 (the module rounds to two decimals). */
function near(actual: number | null, expected: number) {
  expect(actual).not.toBeNull();
  expect(Math.abs((actual as number) - expected)).toBeLessThanOrEqual(0.01);
}

describe('quizStatistics: the worked example', () => {
  const grid = MARKS.map(({ marks }) => QUESTIONS.map((q) => marks[String(q.id)] as number));
  const expected = byHand(
    grid,
    QUESTIONS.map((q) => q.points),
  );
  const result = quizStatistics({ questions: QUESTIONS, responses: MARKS });

  test('the marks are what scoring gives (exactly the correct options) plus the text grades', () => {
    expect(grid.map((row) => row.reduce((a, b) => a + b, 0))).toEqual([8, 7, 7, 5, 4, 5, 3, 3, 2, 2, 3, 1]);
  });

  test('test statistics: n, mean, median, SD, skewness, kurtosis, CIC, ER, SE', () => {
    expect(result.test.n).toBe(12);
    // A mean of 50/12 of 9 points; a median of (3 + 4)/2 of 9.
    near(result.test.mean, (100 * 50) / 12 / 9);
    near(result.test.median, (100 * 3.5) / 9);
    for (const figure of ['mean', 'median', 'sd', 'skewness', 'kurtosis', 'cic', 'error_ratio'] as const) {
      near(result.test[figure], expected.test[figure]);
    }
    near(result.test.standard_error, expected.test.standard_error);
  });

  test("each question's facility, SD, discrimination index and discriminative efficiency", () => {
    expect(result.questions.map((q) => q.id)).toEqual([101, 102, 103, 104, 105]);
    result.questions.forEach((item, p) => {
      const hand = expected.items[p]!;
      expect(item.n).toBe(12);
      near(item.facility, hand.facility);
      near(item.sd, hand.sd);
      near(item.discrimination_index, hand.discrimination_index);
      near(item.discriminative_efficiency, hand.discriminative_efficiency);
    });
  });

  test('flagged: a negative discrimination (104), or an efficiency under 15 % (105); the rest are not', () => {
    const [q101, q102, q103, q104, q105] = result.questions;
    // 104 is right mostly for the weaker responses.
    expect(q104!.discrimination_index).toBeLessThan(0);
    expect(q104!.flagged).toBe(true);
    // 105 discriminates a little, far below what its spread would allow (response 11 gets it right).
    expect(q105!.discrimination_index).toBeGreaterThan(0);
    expect(q105!.discriminative_efficiency).toBeLessThan(15);
    expect(q105!.flagged).toBe(true);
    for (const item of [q101!, q102!, q103!]) {
      expect(item.discriminative_efficiency).toBeGreaterThanOrEqual(15);
      expect(item.flagged).toBe(false);
    }
  });

  test('the discriminative efficiency never exceeds 100 % (C ≤ C_max)', () => {
    for (const item of result.questions) {
      expect(Math.abs(item.discriminative_efficiency ?? 0)).toBeLessThanOrEqual(100);
      expect(Math.abs(item.discriminative_efficiency ?? 0)).toBeGreaterThanOrEqual(
        Math.abs(item.discrimination_index ?? 0) - 0.01,
      );
    }
  });
});

describe('quizStatistics: undefined figures are null, never NaN', () => {
  const questions = QUESTIONS;
  const nanOrInfinity = (value: unknown) => JSON.stringify(value).match(/NaN|Infinity/);

  test('no responses: nothing but nulls', () => {
    const result = quizStatistics({ questions, responses: [] });
    expect(result.test).toEqual({
      n: 0,
      mean: null,
      median: null,
      sd: null,
      skewness: null,
      kurtosis: null,
      cic: null,
      error_ratio: null,
      standard_error: null,
    });
    for (const item of result.questions) {
      expect(item).toEqual({
        id: item.id,
        n: 0,
        facility: null,
        sd: null,
        discrimination_index: null,
        discriminative_efficiency: null,
        flagged: false,
      });
    }
  });

  test('one response: its score and facilities, and no spread', () => {
    const result = quizStatistics({ questions, responses: [MARKS[0]!] });
    expect(result.test).toMatchObject({ n: 1, sd: null, skewness: null, kurtosis: null, cic: null });
    expect(result.test.error_ratio).toBeNull();
    expect(result.test.standard_error).toBeNull();
    near(result.test.mean, (100 * 8) / 9);
    near(result.test.median, (100 * 8) / 9);
    expect(result.questions.map((q) => q.facility)).toEqual([100, 100, 100, 0, 100]);
    for (const item of result.questions) {
      expect(item).toMatchObject({
        n: 1,
        sd: null,
        discrimination_index: null,
        discriminative_efficiency: null,
      });
      expect(item.flagged).toBe(false);
    }
  });

  test('every response identical: a spread of 0, and null wherever the variance divides', () => {
    const result = quizStatistics({ questions, responses: Array.from({ length: 5 }, () => MARKS[1]!) });
    expect(nanOrInfinity(result)).toBeNull();
    expect(result.test).toMatchObject({
      n: 5,
      sd: 0,
      skewness: null,
      kurtosis: null,
      cic: null,
      error_ratio: null,
      standard_error: null,
    });
    near(result.test.mean, (100 * 7) / 9);
    for (const item of result.questions) {
      expect(item).toMatchObject({ sd: 0, discrimination_index: null, discriminative_efficiency: null });
      expect(item.flagged).toBe(false);
    }
  });

  test('two and three responses: kurtosis needs four, skewness three', () => {
    const two = quizStatistics({ questions, responses: MARKS.slice(0, 2) });
    expect(two.test.sd).not.toBeNull();
    expect(two.test.skewness).toBeNull();
    const three = quizStatistics({ questions, responses: MARKS.slice(0, 3) });
    expect(three.test.skewness).not.toBeNull();
    expect(three.test.kurtosis).toBeNull();
  });
});

describe('quizStatistics: which responses and items count', () => {
  const pair = [
    { id: 1, type: 'single' as const, points: 1, options: [{ id: 11 }, { id: 12 }] },
    { id: 2, type: 'single' as const, points: 1, options: [{ id: 21 }, { id: 22 }] },
    { id: 3, type: 'text' as const, points: 2, options: [] },
  ];

  test('a negative discrimination flags the item', () => {
    // Question 2 is right for those who do worst on the rest of the test.
    const responses = [
      { marks: { 1: 1, 2: 0, 3: 2 } },
      { marks: { 1: 1, 2: 0, 3: 2 } },
      { marks: { 1: 1, 2: 1, 3: 1 } },
      { marks: { 1: 0, 2: 1, 3: 1 } },
      { marks: { 1: 0, 2: 1, 3: 0 } },
    ];
    const [first, second] = quizStatistics({ questions: pair, responses }).questions;
    expect(second!.discrimination_index).toBeLessThan(0);
    expect(second!.discriminative_efficiency).toBeLessThan(0);
    expect(second!.flagged).toBe(true);
    // Question 1 is right for the stronger ones, in the best order its marks allow.
    expect(first!.discrimination_index).toBeGreaterThan(0);
    expect(first!.discriminative_efficiency).toBe(100);
    expect(first!.flagged).toBe(false);
  });

  test('a response with a text answer still to grade waits; an unanswered question earns 0', () => {
    const responses: ResponseMarks[] = [
      { marks: { 1: 1, 2: 1, 3: 2 } },
      { marks: { 1: 0, 2: 1, 3: null } },
      { marks: { 1: 1, 3: 0 } },
    ];
    const result = quizStatistics({ questions: pair, responses });
    expect(result.test.n).toBe(2);
    expect(result.questions.map((q) => q.n)).toEqual([2, 2, 2]);
    // (4 + 1) / 2 of 4 points.
    near(result.test.mean, 62.5);
    expect(result.questions.map((q) => q.facility)).toEqual([100, 50, 50]);
  });
});

describe('optionDistribution', () => {
  const distribution = optionDistribution(
    QUESTIONS,
    RESPONSES.map(({ answers }) => answers),
  );

  test('a single question: each option of the responses that answered it', () => {
    // Question 101 was left unanswered once: 11 answered, 7 chose 1011.
    expect(distribution[0]).toEqual({
      id: 101,
      answered: 11,
      options: [
        { id: 1011, count: 7, percent: 63.64 },
        { id: 1012, count: 2, percent: 18.18 },
        { id: 1013, count: 2, percent: 18.18 },
      ],
    });
  });

  test('a multiple question counts every option chosen, so its percentages add up past 100', () => {
    expect(distribution[1]).toEqual({
      id: 102,
      answered: 12,
      options: [
        { id: 1021, count: 8, percent: 66.67 },
        { id: 1022, count: 7, percent: 58.33 },
        { id: 1023, count: 3, percent: 25 },
        { id: 1024, count: 3, percent: 25 },
      ],
    });
    // An empty list is no answer.
    expect(distribution[4]!.answered).toBe(10);
  });

  test('a text question has no options; a blank answer is not an answer', () => {
    expect(distribution[2]).toEqual({ id: 103, answered: 10, options: [] });
  });

  test('nobody answered: counts of 0 and no percentage', () => {
    expect(optionDistribution(QUESTIONS.slice(0, 1), [{}, { 101: null }])).toEqual([
      {
        id: 101,
        answered: 0,
        options: [
          { id: 1011, count: 0, percent: null },
          { id: 1012, count: 0, percent: null },
          { id: 1013, count: 0, percent: null },
        ],
      },
    ]);
  });
});
