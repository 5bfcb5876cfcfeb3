import type {
  OptionCount,
  QuestionItemStatistics,
  QuestionOptionDistribution,
  QuestionType,
  QuizStatistics,
  TestAnswer,
  TestSummaryStatistics,
} from '@gestor/shared';

// A quiz's item analysis and test statistics, written from the definitions in Moodle's "Quiz
// statistics calculations" (docs.moodle.org/dev/Quiz_statistics_calculations). Notation as there:
// S responses s, P items p, x_p(s) the mark of item p, T(s) = Σ_p x_p(s) the test score,
// X_p(s) = T(s) − x_p(s) the rest of the test, V the sample variance and C the sample covariance
// (both over S − 1). Pure: the caller reads the first attempts and works out each mark.

/** What the statistics read of a question. */
export interface StatisticsQuestion {
  id: number;
  type: QuestionType;
  /** What the question is worth: its marks run from 0 to this. */
  points: number;
  options: readonly { id: number }[];
}

/** One response's marks, by question id. */
export interface ResponseMarks {
  /**
   * The points earned on each question: for a single or multiple question, its points or 0
   * (scoring.ts); for a text question, the points a person gave, or null while it is not graded.
   * A question missing here was left unanswered and earns 0 (Moodle: omitted items score 0).
   */
  marks: Readonly<Record<string, number | null>>;
}

export interface QuizStatisticsInput {
  /** In the test's order. */
  questions: readonly StatisticsQuestion[];
  /** First attempts only (Moodle: later attempts break the assumptions of item analysis). */
  responses: readonly ResponseMarks[];
}

/** The test's figures where none is defined (no response analysed, or a survey). */
export const NO_TEST_FIGURES: TestSummaryStatistics = {
  n: 0,
  mean: null,
  median: null,
  sd: null,
  skewness: null,
  kurtosis: null,
  cic: null,
  error_ratio: null,
  standard_error: null,
};

/** Moodle's threshold for a question worth reviewing: discriminative efficiency under 15 %. */
const LOW_EFFICIENCY = 15;

/**
 * Test statistics and each question's item analysis. A response with a text answer still to grade
 * has no test score yet (in Moodle too, an attempt that needs grading has no total grade), so it is
 * left out until it is graded: every figure is computed over the same responses.
 */
export function quizStatistics(input: QuizStatisticsInput): QuizStatistics {
  const { questions } = input;
  const complete = input.responses.filter((response) =>
    questions.every((question) => markOf(response, question) !== null),
  );
  const columns = questions.map((question) =>
    Float64Array.from(complete, (response) => markOf(response, question) ?? 0),
  );
  return statisticsOfColumns(questions, columns);
}

/**
 * The same figures from the marks laid out by question: `columns[p][s]` is response s's mark on
 * question p, every response complete. What the statistics route builds straight from the rows, so
 * 10 000 responses to 50 questions cost a few arrays of numbers, not an object per response.
 */
export function statisticsOfColumns(
  questions: readonly Pick<StatisticsQuestion, 'id' | 'points'>[],
  columns: readonly Float64Array[],
): QuizStatistics {
  const count = columns[0]?.length ?? 0;
  const totals = new Float64Array(count);
  for (const column of columns) for (let s = 0; s < count; s++) totals[s]! += column[s]!;
  let maximum = 0;
  for (const question of questions) maximum += question.points;
  return {
    test: testStatistics(totals, columns, questions, maximum),
    questions: questions.map((question, p) =>
      itemStatistics(question, columns[p] ?? new Float64Array(0), totals),
    ),
  };
}

/** An absent mark is an unanswered question (0); a null one, a text answer not graded yet. */
function markOf(response: ResponseMarks, question: StatisticsQuestion): number | null {
  const key = String(question.id);
  return Object.hasOwn(response.marks, key) ? (response.marks[key] ?? null) : 0;
}

function testStatistics(
  totals: Float64Array,
  columns: readonly Float64Array[],
  questions: readonly Pick<StatisticsQuestion, 'points'>[],
  maximum: number,
): TestSummaryStatistics {
  const count = totals.length;
  // Moodle shows the mean, median, standard deviation and standard error as a percentage of the
  // test's maximum; skewness, kurtosis and the ratios do not depend on the scale.
  const percentOfMax = (value: number | null) => (value === null ? null : ratio(100 * value, maximum));
  const variance = sampleVariance(totals);
  const sd = variance === null ? null : percentOfMax(Math.sqrt(variance));

  // Moodle's skewness and kurtosis use the k-statistics: m_r = Σ(T − T̄)^r / S, k2 = S·m2/(S − 1),
  // k3 = S²·m3/((S − 1)(S − 2)), k4 = S²((S + 1)m4 − 3(S − 1)m2²)/((S − 1)(S − 2)(S − 3));
  // skewness = k3 / k2^(3/2), kurtosis = k4 / k2² (excess kurtosis, 0 for a normal distribution).
  let skewness: number | null = null;
  let kurtosis: number | null = null;
  if (count >= 3 && variance !== null && !isZero(variance)) {
    const average = mean(totals);
    let [m2, m3, m4] = [0, 0, 0];
    for (let s = 0; s < count; s++) {
      const d = totals[s]! - average;
      m2 += d * d;
      m3 += d * d * d;
      m4 += d * d * d * d;
    }
    [m2, m3, m4] = [m2 / count, m3 / count, m4 / count];
    const k2 = (count * m2) / (count - 1);
    const k3 = (count ** 2 * m3) / ((count - 1) * (count - 2));
    skewness = finite(k3 / k2 ** 1.5);
    if (count >= 4) {
      const k4 =
        (count ** 2 * ((count + 1) * m4 - 3 * (count - 1) * m2 ** 2)) /
        ((count - 1) * (count - 2) * (count - 3));
      kurtosis = finite(k4 / k2 ** 2);
    }
  }

  // Coefficient of internal consistency (Cronbach's alpha): CIC = 100 · P/(P − 1) · (1 − Σ_p V(x_p) / V(T)),
  // over the items that carry points.
  let cic: number | null = null;
  const scored = columns.filter((_, p) => (questions[p]?.points ?? 0) > 0);
  if (scored.length >= 2 && variance !== null && !isZero(variance)) {
    let itemVariances = 0;
    for (const column of scored) itemVariances += sampleVariance(column) ?? 0;
    cic = finite(((100 * scored.length) / (scored.length - 1)) * (1 - itemVariances / variance));
  }
  // Error ratio ER = 100 · √(1 − CIC/100): the share of the spread that is error. Alpha never exceeds
  // 1 (Σ V(x_p) ≥ V(T)/P), so the root is real; the floor only absorbs rounding.
  const errorRatio = cic === null ? null : 100 * Math.sqrt(Math.max(0, 1 - cic / 100));
  // Standard error SE = ER/100 · SD: how far a score may stray by chance.
  const standardError = errorRatio === null || sd === null ? null : (errorRatio / 100) * sd;

  return {
    n: count,
    mean: count ? round(percentOfMax(mean(totals))) : null,
    median: count ? round(percentOfMax(median(totals))) : null,
    sd: round(sd),
    skewness: round(skewness),
    kurtosis: round(kurtosis),
    cic: round(cic),
    error_ratio: round(errorRatio),
    standard_error: round(standardError),
  };
}

function itemStatistics(
  question: Pick<StatisticsQuestion, 'id' | 'points'>,
  marks: Float64Array,
  totals: Float64Array,
): QuestionItemStatistics {
  const count = marks.length;
  const points = question.points;
  // Facility index F = 100 · x̄_p / (max − min): the mean mark as a percentage of what the item is
  // worth (marks run from 0).
  const facility = count ? ratio(100 * mean(marks), points) : null;
  // SD_p = 100 · √V(x_p) / (max − min): the spread of the item's marks against what it is worth.
  const variance = sampleVariance(marks);
  const sd = variance === null ? null : ratio(100 * Math.sqrt(variance), points);

  // Discrimination index D = 100 · r(x_p, X_p): the correlation between the item and the rest of the
  // test, so that the item is not correlated with itself.
  const rest = new Float64Array(count);
  for (let s = 0; s < count; s++) rest[s] = totals[s]! - marks[s]!;
  const restVariance = sampleVariance(rest);
  const covariance = sampleCovariance(marks, rest);
  let discrimination: number | null = null;
  let efficiency: number | null = null;
  if (covariance !== null && variance !== null && restVariance !== null) {
    if (!isZero(variance) && !isZero(restVariance)) {
      discrimination = finite((100 * covariance) / Math.sqrt(variance * restVariance));
    }
    // Discriminative efficiency DE = 100 · C(x_p, X_p) / C_max(x_p, X_p), where C_max is the largest
    // covariance these marks could have: x_p and X_p each sorted, then paired in that order.
    // (A typed array sorts numerically.)
    const largest = sampleCovariance(Float64Array.from(marks).sort(), rest.sort()) ?? 0;
    if (!isZero(largest)) efficiency = finite((100 * covariance) / largest);
  }

  return {
    id: question.id,
    n: count,
    facility: round(facility),
    sd: round(sd),
    discrimination_index: round(discrimination),
    discriminative_efficiency: round(efficiency),
    // Moodle highlights a question whose efficiency is under 15 % or whose index is negative.
    flagged:
      (efficiency !== null && efficiency < LOW_EFFICIENCY) || (discrimination !== null && discrimination < 0),
  };
}

/**
 * Per question, how many responses chose each option, and the percentage of those that answered the
 * question (a multiple question counts each option chosen, so its percentages may add up to more than
 * 100). A text question has no options; `answered` counts its non-blank answers.
 */
export function optionDistribution(
  questions: readonly StatisticsQuestion[],
  answers: readonly Readonly<Record<string, TestAnswer | null | undefined>>[],
): QuestionOptionDistribution[] {
  const counter = optionCounter(questions);
  for (const answer of answers) counter.add(answer);
  return counter.distribution();
}

/**
 * Counts the options chosen, response by response, with one counter per option (no set per answer:
 * 10 000 responses to 50 questions is half a million answers). A repeated id is one choice.
 */
export function optionCounter(questions: readonly StatisticsQuestion[]) {
  const keys = questions.map((question) => String(question.id));
  const indexes = questions.map((question) => new Map(question.options.map(({ id }, index) => [id, index])));
  const counts = questions.map((question) => new Uint32Array(question.options.length));
  const answered = new Uint32Array(questions.length);
  return {
    add(answers: Readonly<Record<string, TestAnswer | null | undefined>>) {
      for (let p = 0; p < questions.length; p++) {
        const answer = answers[keys[p]!];
        if (questions[p]!.type === 'text') {
          if (typeof answer === 'string' && answer.trim() !== '') answered[p]!++;
          continue;
        }
        if (!Array.isArray(answer) || answer.length === 0) continue;
        answered[p]!++;
        for (let i = 0; i < answer.length; i++) {
          const id = answer[i]!;
          if (answer.indexOf(id) !== i) continue;
          const index = indexes[p]!.get(id);
          if (index !== undefined) counts[p]![index]!++;
        }
      }
    },
    distribution(): QuestionOptionDistribution[] {
      return questions.map((question, p) => ({
        id: question.id,
        answered: answered[p]!,
        options:
          question.type === 'text'
            ? []
            : optionShares(question.options, (_, index) => counts[p]?.[index] ?? 0, answered[p] ?? 0),
      }));
    },
  };
}

/** Each option's count and its percentage of the `answered` responses (two decimals; null when none). */
export function optionShares<O extends { id: number }>(
  options: readonly O[],
  countOf: (option: O, index: number) => number,
  answered: number,
): OptionCount[] {
  return options.map((option, index) => {
    const count = countOf(option, index);
    return { id: option.id, count, percent: round(ratio(100 * count, answered)) };
  });
}

type Numbers = ArrayLike<number>;

function mean(values: Numbers): number {
  let total = 0;
  for (let i = 0; i < values.length; i++) total += values[i]!;
  return total / values.length;
}

function median(values: Float64Array): number {
  const sorted = Float64Array.from(values).sort();
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** Over S − 1, as Moodle; null under two values. */
function sampleCovariance(xs: Numbers, ys: Numbers): number | null {
  if (xs.length < 2) return null;
  const [meanX, meanY] = [mean(xs), mean(ys)];
  let total = 0;
  for (let s = 0; s < xs.length; s++) total += (xs[s]! - meanX) * ((ys[s] ?? 0) - meanY);
  return total / (xs.length - 1);
}

function sampleVariance(values: Numbers): number | null {
  return sampleCovariance(values, values);
}

/** Below this a variance or covariance is rounding noise, not spread. */
function isZero(value: number): boolean {
  return Math.abs(value) < 1e-9;
}

function ratio(numerator: number, denominator: number): number | null {
  return denominator === 0 ? null : finite(numerator / denominator);
}

function finite(value: number): number | null {
  return Number.isFinite(value) ? value : null;
}

/** Two decimals, as the results page shows them; never −0. */
function round(value: number | null): number | null {
  return value === null ? null : Math.round(value * 100) / 100 || 0;
}
