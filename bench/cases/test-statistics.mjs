import pg from 'pg';
import { onCleanup } from '../lib/cleanup.mjs';
import { createAnsweredQuiz } from '../lib/quiz-responses-fixture.mjs';
import { alternatingLatencies } from '../lib/sequential-latency.mjs';
import { startSqlBaseline } from '../lib/sql-baseline.mjs';
import { percentile, round } from '../lib/stats.mjs';

// Issue 33: a quiz's statistics page opens fast on a quiz many people answered.
// A quiz of 50 questions (single and multiple, 3 to 5 options) made through the admin API, with
// 10 000 submitted first attempts written straight into its table (lib/quiz-responses-fixture.mjs).
// p50 / p99 of sequential GET /api/tests/{id}/statistics as the administrator (the test's figures,
// each question's item analysis and option counts), taking turns request by request with the
// baseline: a bare node:http server in its own process running ONE SQL statement (below) that works
// out the same figures over the same rows through the raw pg driver: what computing them in the
// database costs. Before measuring, the API's figures are checked against the statement's. Up to 200
// requests of each, fewer when they are slow (see MEASURE_BUDGET_MS). The ratio is the baseline's p99
// over the API's (above 1: the API is faster than the statement).
// Target: p99 ≤ 200 ms. PostgreSQL only: PGlite belongs to the server's process.

export const name = 'test-statistics';
export const engines = 'each';

const QUESTIONS = 50;
const RESPONSES = 10_000;
// Each request takes hundreds of milliseconds on both sides. Up to 200 pairs, as many as fit in
// MEASURE_BUDGET_MS at the pace of the first requests (a loaded machine gets fewer), never under 30.
const MAX_REQUESTS = 200;
const MIN_REQUESTS = 30;
const WARM_UP_REQUESTS = 5;
const MEASURE_BUDGET_MS = 180_000;
const TARGET_P99_MS = 200;
/** Requests measured right after a change (each works the figures out again). */
const COLD_REQUESTS = 40;

// Moodle's quiz statistics (apps/api/src/modules/tests/statistics.ts has the definitions) in one
// statement, written to be fast rather than literal: each response's answers are read from its jsonb
// once; a mark is the question's points when the options chosen are exactly the correct ones, else 0,
// so each question's sums (of its marks, their squares, their products with the total) follow from
// how many got it right and the sum of their totals; and since marks are whole points a total takes
// few values, so the largest covariance (Moodle's C_max: the sorted marks paired with the sorted rests
// of the test) sums the c largest rests from a histogram instead of sorting 10 000 rests per question.
// An option is counted once per answer holding it: the fixture never repeats an option in an answer
// (the API would count a repeated id once), so the statement does not pay for removing repeats.
const STATISTICS_SQL = /* sql */ `
WITH questions AS MATERIALIZED (
  SELECT q.id, q.position, q.points::float8 AS points,
         coalesce(jsonb_agg(o.id ORDER BY o.id) FILTER (WHERE o.correct), '[]'::jsonb) AS correct
    FROM test_questions q
    LEFT JOIN test_options o ON o.question_id = q.id
   WHERE q.test_id = $1 AND q.type IN ('single', 'multiple')
   GROUP BY q.id
),
responses AS MATERIALIZED (
  SELECT id, answers FROM test_attempts
   WHERE test_id = $1 AND state = 'submitted' AND attempt_number = 1
),
given AS MATERIALIZED (
  SELECT r.id AS response, e.key::int AS question, e.value
    FROM responses r CROSS JOIN LATERAL jsonb_each(r.answers) e
   WHERE jsonb_typeof(e.value) = 'array' AND jsonb_array_length(e.value) > 0
),
right_answers AS MATERIALIZED (
  SELECT g.response, g.question, q.points
    FROM given g JOIN questions q ON q.id = g.question
   WHERE g.value @> q.correct AND q.correct @> g.value
),
totals AS MATERIALIZED (
  SELECT r.id AS response, coalesce(t.total, 0) AS total
    FROM responses r
    LEFT JOIN (SELECT response, sum(points) AS total FROM right_answers GROUP BY response) t ON t.response = r.id
),
right_by_total AS MATERIALIZED (
  SELECT ra.question, t.total, count(*)::float8 AS count
    FROM right_answers ra JOIN totals t USING (response)
   GROUP BY 1, 2
),
items AS MATERIALIZED (
  SELECT q.id AS question, q.points, coalesce(sum(rb.count), 0) AS right_count,
         coalesce(sum(rb.count * rb.total), 0) AS right_totals
    FROM questions q LEFT JOIN right_by_total rb ON rb.question = q.id
   GROUP BY q.id, q.points
),
totals_histogram AS (SELECT total, count(*)::float8 AS count FROM totals GROUP BY total),
rests AS (
  SELECT q.id AS question, v.rest, sum(v.count) AS count
    FROM questions q
    CROSS JOIN LATERAL (
      SELECT h.total AS rest, h.count FROM totals_histogram h
      UNION ALL SELECT rb.total, -rb.count FROM right_by_total rb WHERE rb.question = q.id
      UNION ALL SELECT rb.total - q.points, rb.count FROM right_by_total rb WHERE rb.question = q.id
    ) v
   GROUP BY 1, 2
  HAVING sum(v.count) > 0
),
top_rests AS (
  SELECT question, sum(rest * least(count, greatest(0, wanted - above))) AS top
    FROM (
      SELECT r.question, r.rest, r.count, i.right_count AS wanted,
             coalesce(sum(r.count) OVER (PARTITION BY r.question ORDER BY r.rest DESC
                                         ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS above
        FROM rests r JOIN items i USING (question)
    ) ranked
   GROUP BY question
),
sums AS (
  SELECT count(*)::float8 AS n, sum(total) AS s1, sum(total ^ 2) AS s2, avg(total) AS mean,
         var_samp(total) AS variance, percentile_cont(0.5) WITHIN GROUP (ORDER BY total) AS median
    FROM totals
),
moments AS (
  SELECT avg((t.total - s.mean) ^ 2) AS m2, avg((t.total - s.mean) ^ 3) AS m3, avg((t.total - s.mean) ^ 4) AS m4
    FROM totals t, sums s
),
item_figures AS (
  SELECT i.question, i.points, s.n,
         100 * i.right_count / s.n AS facility,
         (i.points ^ 2 * i.right_count - (i.points * i.right_count) ^ 2 / s.n) / (s.n - 1) AS variance,
         ((s.s2 - 2 * i.points * i.right_totals + i.points ^ 2 * i.right_count)
           - (s.s1 - i.points * i.right_count) ^ 2 / s.n) / (s.n - 1) AS rest_variance,
         (i.points * i.right_totals - i.points ^ 2 * i.right_count
           - i.points * i.right_count * (s.s1 - i.points * i.right_count) / s.n) / (s.n - 1) AS covariance,
         (i.points * coalesce(tr.top, 0)
           - i.points * i.right_count * (s.s1 - i.points * i.right_count) / s.n) / (s.n - 1) AS largest
    FROM items i CROSS JOIN sums s LEFT JOIN top_rests tr USING (question)
),
test AS (
  SELECT s.*, m.*, mx.points AS maximum,
         CASE WHEN mx.scored >= 2 AND s.variance > 1e-9
              THEN 100.0 * mx.scored / (mx.scored - 1) * (1 - (SELECT sum(variance) FROM item_figures) / s.variance)
         END AS cic,
         s.n * m.m2 / (s.n - 1) AS k2,
         s.n ^ 2 * m.m3 / ((s.n - 1) * (s.n - 2)) AS k3,
         s.n ^ 2 * ((s.n + 1) * m.m4 - 3 * (s.n - 1) * m.m2 ^ 2) / ((s.n - 1) * (s.n - 2) * (s.n - 3)) AS k4
    FROM sums s, moments m,
         (SELECT sum(points) AS points, count(*) FILTER (WHERE points > 0) AS scored FROM questions) mx
),
chosen AS MATERIALIZED (
  SELECT g.question, x::int AS option, count(*) AS count
    FROM given g CROSS JOIN LATERAL jsonb_array_elements_text(g.value) x
   GROUP BY 1, 2
),
answered AS MATERIALIZED (SELECT question, count(*) AS answered FROM given GROUP BY question)
SELECT json_build_object(
  'test', (
    SELECT json_build_object(
      'n', t.n,
      'mean', 100 * t.mean / t.maximum,
      'median', 100 * t.median / t.maximum,
      'sd', 100 * sqrt(t.variance) / t.maximum,
      'skewness', CASE WHEN t.k2 > 1e-9 THEN t.k3 / t.k2 ^ 1.5 END,
      'kurtosis', CASE WHEN t.k2 > 1e-9 THEN t.k4 / t.k2 ^ 2 END,
      'cic', t.cic,
      'error_ratio', 100 * sqrt(greatest(0, 1 - t.cic / 100)),
      'standard_error', sqrt(greatest(0, 1 - t.cic / 100)) * 100 * sqrt(t.variance) / t.maximum
    ) FROM test t
  ),
  'questions', (
    SELECT json_agg(json_build_object(
      'id', q.id,
      'n', f.n,
      'answered', coalesce(a.answered, 0),
      'facility', f.facility,
      'sd', 100 * sqrt(greatest(0, f.variance)) / f.points,
      'discrimination_index', CASE WHEN f.variance > 1e-9 AND f.rest_variance > 1e-9
                                   THEN 100 * f.covariance / sqrt(f.variance * f.rest_variance) END,
      'discriminative_efficiency', CASE WHEN abs(f.largest) > 1e-9 THEN 100 * f.covariance / f.largest END,
      'options', (
        SELECT json_agg(json_build_object(
                 'id', o.id,
                 'count', coalesce(c.count, 0),
                 'percent', round(100.0 * coalesce(c.count, 0) / nullif(a.answered, 0), 2)
               ) ORDER BY o.position)
          FROM test_options o LEFT JOIN chosen c ON c.question = q.id AND c.option = o.id
         WHERE o.question_id = q.id
      )
    ) ORDER BY q.position)
      FROM questions q
      JOIN item_figures f ON f.question = q.id
      LEFT JOIN answered a ON a.question = q.id
  )
) AS statistics`;

/**
 * @typedef {{ id: number, n: number, answered: number, facility: number | null, sd: number | null,
 *   discrimination_index: number | null, discriminative_efficiency: number | null,
 *   options: Array<{ id: number, count: number, percent: number | null }> }} QuestionFigures
 * @typedef {{ test: Record<string, number | null>, questions: QuestionFigures[] }} Statistics
 */

/**
 * The figures the API and the statement both give, compared at the API's two decimals; the
 * differences, none when they agree.
 * @param {Statistics} api
 * @param {Statistics} sql
 */
function differences(api, sql) {
  /** @type {string[]} */
  const found = [];
  /** @param {string} what @param {unknown} a @param {unknown} b */
  const compare = (what, a, b) => {
    const same =
      typeof a === 'number' && typeof b === 'number' ? Math.abs(a - b) <= 0.011 : (a ?? null) === (b ?? null);
    if (!same) found.push(`${what}: API ${a}, SQL ${b}`);
  };
  for (const key of [
    'n',
    'mean',
    'median',
    'sd',
    'skewness',
    'kurtosis',
    'cic',
    'error_ratio',
    'standard_error',
  ]) {
    compare(`test.${key}`, api.test[key], sql.test[key]);
  }
  if (api.questions.length !== sql.questions.length) {
    found.push(`${api.questions.length} questions from the API, ${sql.questions.length} from SQL`);
  }
  api.questions.forEach((question, p) => {
    const other = sql.questions[p];
    if (!other) return;
    for (const key of /** @type {const} */ ([
      'id',
      'n',
      'answered',
      'facility',
      'sd',
      'discrimination_index',
      'discriminative_efficiency',
    ])) {
      compare(`question ${p + 1} ${key}`, question[key], other[key]);
    }
    question.options.forEach((option, o) => {
      compare(`question ${p + 1} option ${o + 1} count`, option.count, other.options[o]?.count);
    });
  });
  return found;
}

/** @param {import('../lib/cases.mjs').CaseContext} context */
export async function run({ server, log }) {
  if (!server.databaseUrl) {
    log('PostgreSQL only (a raw driver cannot share PGlite with the server): skipped on PGlite');
    return [];
  }
  const started = performance.now();
  const quiz = await createAnsweredQuiz(
    { url: server.url, databaseUrl: server.databaseUrl },
    { questions: QUESTIONS, responses: RESPONSES },
  );
  log(
    `a quiz of ${QUESTIONS} questions and ${RESPONSES} responses in ${round((performance.now() - started) / 1000, 1)} s`,
  );
  const statisticsUrl = `${server.url}/api/tests/${quiz.id}/statistics?lang=es`;

  const baseline = await startSqlBaseline({
    databaseUrl: server.databaseUrl,
    statements: { rows: { text: STATISTICS_SQL, values: [quiz.id] }, count: null },
  });
  const stopBaseline = onCleanup(baseline.stop);
  try {
    const answer = await fetch(statisticsUrl, { headers: quiz.headers, signal: AbortSignal.timeout(30_000) });
    const answerText = await answer.text();
    if (answer.status !== 200) {
      throw new Error(
        `GET /api/tests/${quiz.id}/statistics answered ${answer.status}: ${answerText.slice(0, 300)}`,
      );
    }
    const api = /** @type {Statistics} */ (JSON.parse(answerText).data);
    const raw = await fetch(`${baseline.url}/`, { signal: AbortSignal.timeout(30_000) });
    const rawText = await raw.text();
    if (raw.status !== 200)
      throw new Error(`the SQL baseline answered ${raw.status}: ${rawText.slice(0, 300)}`);
    const sql = /** @type {{ data: Array<{ statistics: Statistics }> }} */ (JSON.parse(rawText)).data[0]
      ?.statistics;
    if (!sql) throw new Error('the SQL baseline answered no row');
    if (api.test.n !== RESPONSES)
      throw new Error(`the API analysed ${api.test.n} responses, not ${RESPONSES}`);
    const different = differences(api, sql);
    if (different.length) {
      throw new Error(`the API and the SQL statement disagree: ${different.slice(0, 8).join('; ')}`);
    }
    log(
      `API and SQL agree: mean ${api.test.mean} %, alpha ${api.test.cic}, question 1 facility ${api.questions[0]?.facility} %`,
    );

    const targets = [{ url: statisticsUrl, headers: quiz.headers }, { url: `${baseline.url}/` }];
    const paceStarted = performance.now();
    await alternatingLatencies(targets, { requests: WARM_UP_REQUESTS, warmUp: 0 });
    const pairMs = (performance.now() - paceStarted) / WARM_UP_REQUESTS;
    const requests = Math.max(MIN_REQUESTS, Math.min(MAX_REQUESTS, Math.floor(MEASURE_BUDGET_MS / pairMs)));
    log(`${round(pairMs)} ms per pair of requests: measuring ${requests} of each`);
    const [page, rawPage] = await alternatingLatencies(targets, {
      requests,
      warmUp: 0,
      limitMs: Math.max(2 * MEASURE_BUDGET_MS, 3 * requests * pairMs),
    });
    if (!page || !rawPage) throw new Error('no latencies measured');
    log(
      `statistics: p50 ${round(page.p50)} ms, p99 ${round(page.p99)} ms (one SQL statement: p50 ${round(rawPage.p50)} ms, p99 ${round(rawPage.p99)} ms)`,
    );
    // The server keeps the figures while nothing they read changes (responses.ts). What it costs to
    // work them out again: each request right after a change (one response graded again, as a
    // grader's save marks it), so none is served from what was kept.
    const cold = await coldLatencies(server.databaseUrl, quiz, statisticsUrl);
    log(
      `statistics after a change: p50 ${round(cold.p50)} ms, p99 ${round(cold.p99)} ms (${COLD_REQUESTS} requests)`,
    );
    return [
      {
        measurement: `GET /api/tests/{id}/statistics, ${QUESTIONS} questions × ${RESPONSES / 1000}k responses, p99`,
        engine: server.engine,
        figure: `${round(page.p99)} ms (p50 ${round(page.p50)} ms)`,
        baseline: `${round(rawPage.p99)} ms p99 (node:http + pg, one SQL statement)`,
        ratio: round(rawPage.p99 / page.p99),
        target: `p99 ≤ ${TARGET_P99_MS} ms`,
        met: page.p99 <= TARGET_P99_MS,
        data: { page, rawPage, requests, questions: QUESTIONS, responses: RESPONSES },
        notes: [
          `${requests} sequential requests after ${WARM_UP_REQUESTS} to warm up, taking turns with the baseline; slowest ${round(page.max)} ms (baseline ${round(rawPage.max)} ms)`,
          `the API's figures were checked against the statement's first (test, every question, every option count)`,
          'the server keeps the figures while no response changes: these requests are answered from them after one check',
        ],
      },
      {
        measurement: `GET /api/tests/{id}/statistics right after a change, ${QUESTIONS} × ${RESPONSES / 1000}k, p99`,
        engine: server.engine,
        figure: `${round(cold.p99)} ms (p50 ${round(cold.p50)} ms)`,
        baseline: `${round(rawPage.p99)} ms p99 (node:http + pg, one SQL statement)`,
        ratio: round(rawPage.p99 / cold.p99),
        target: `p99 ≤ ${TARGET_P99_MS} ms`,
        met: cold.p99 <= TARGET_P99_MS,
        data: { cold },
        notes: [
          `${COLD_REQUESTS} sequential requests, each right after one response's graded_at is moved by SQL (as a grade does), so every one works the figures out again`,
        ],
      },
    ];
  } finally {
    await stopBaseline();
  }
}

/**
 * Latencies of the statistics each right after a change the server must see (one response's
 * graded_at moved, as a grade moves it): none can be answered from what the server kept.
 * @param {string} databaseUrl
 * @param {{ id: number, headers: Record<string, string> }} quiz
 * @param {string} url
 */
async function coldLatencies(databaseUrl, quiz, url) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    /** @type {number[]} */
    const times = [];
    for (let i = 0; i < COLD_REQUESTS; i++) {
      await client.query(
        `UPDATE test_attempts SET graded_at = clock_timestamp()
          WHERE id = (SELECT id FROM test_attempts WHERE test_id = $1 ORDER BY id OFFSET $2 LIMIT 1)`,
        [quiz.id, i],
      );
      const started = performance.now();
      const answer = await fetch(url, { headers: quiz.headers, signal: AbortSignal.timeout(30_000) });
      await answer.arrayBuffer();
      if (answer.status !== 200) throw new Error(`the statistics answered ${answer.status}`);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    return { p50: percentile(times, 50), p99: percentile(times, 99), max: times[times.length - 1] ?? 0 };
  } finally {
    await client.end();
  }
}
