import { createHash } from 'node:crypto';
import pg from 'pg';
import { BENCH_ADMIN } from './api-server.mjs';
import { browserHeaders, signIn } from './session.mjs';

// A quiz that many people have answered, for `test-statistics` and `test-export-xlsx` (issue 33):
// the quiz made through the admin API as an editor makes it, then its submitted first attempts
// written straight into the server's database (test_attempts, migrations 0037 and 0038) as the
// answering service leaves them: `answers` is {"<question id>": [option ids]}, and score, max_score,
// percent and passed are scoring.ts's. PostgreSQL only.
//
// The people answer as people do, so that the item analysis has something to find: each has an
// ability, each question a difficulty, and a wrong answer is some other choice; a few questions are
// left unanswered. A seeded generator makes every run write the same answers.

const INSERT_BATCH = 1_000;
const PASSING_SCORE = 50;

/** mulberry32: small, fast and seeded. @param {number} seed */
function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * @typedef {{ id: number, type: 'single' | 'multiple' | 'text', points: number,
 *   options: Array<{ id: number, correct: boolean }> }} FixtureQuestion
 * @typedef {{ id: number, slug: string, title: string, questions: FixtureQuestion[],
 *   headers: Record<string, string> }} AnsweredQuiz
 */

/**
 * POST /api/tests: a quiz of `questions` questions, one in four a multiple one (two correct options),
 * the rest single; 3 to 5 options each; one in five worth 2 points.
 * @param {string} baseUrl
 * @param {Record<string, string>} headers  a signed-in administrator's
 * @param {number} questions
 */
async function createQuiz(baseUrl, headers, questions) {
  const response = await fetch(`${baseUrl}/api/tests?lang=es`, {
    method: 'POST',
    headers: { ...headers, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      title: `Evaluación del curso de atención ciudadana (${questions} preguntas)`,
      description: 'Cuestionario de evaluación al final del curso.',
      kind: 'quiz',
      status: 'published',
      access: 'link',
      identity: 'none',
      passing_score: PASSING_SCORE,
      questions: Array.from({ length: questions }, (_, q) => {
        const type = q % 4 === 3 ? 'multiple' : 'single';
        const options = 3 + (q % 3);
        return {
          prompt: `Pregunta ${q + 1}: ¿qué trámite corresponde a la situación descrita en el enunciado?`,
          type,
          points: q % 5 === 0 ? 2 : 1,
          options: Array.from({ length: options }, (_, o) => ({
            text: `Opción ${o + 1}: solicitud, certificado o registro del apartado ${q + 1}`,
            correct: type === 'single' ? o === q % options : o === q % options || o === (q + 1) % options,
          })),
        };
      }),
    }),
    signal: AbortSignal.timeout(60_000),
  });
  const text = await response.text();
  if (response.status !== 201) {
    throw new Error(`POST /api/tests answered ${response.status}: ${text.slice(0, 300)}`);
  }
  return /** @type {{ id: number, slug: string, title: string, questions: FixtureQuestion[] }} */ (
    JSON.parse(text).data
  );
}

/**
 * One person's answers to the quiz and what scoring.ts makes of them.
 * @param {FixtureQuestion[]} questions
 * @param {number[]} difficulty  per question, 0 (easy) to 1 (hard)
 * @param {() => number} next
 */
function answerQuiz(questions, difficulty, next) {
  const ability = 0.15 + 0.8 * next();
  /** @type {Record<string, number[]>} */
  const answers = {};
  let score = 0;
  let maxScore = 0;
  questions.forEach((question, q) => {
    maxScore += question.points;
    if (next() < 0.03) return; // left unanswered
    const correct = question.options.filter((o) => o.correct).map((o) => o.id);
    const wrong = question.options.filter((o) => !o.correct).map((o) => o.id);
    const right = next() < Math.min(0.97, Math.max(0.05, ability + 0.45 - 0.9 * (difficulty[q] ?? 0.5)));
    if (right) {
      answers[String(question.id)] = [...correct].sort((a, b) => a - b);
      score += question.points;
    } else if (question.type === 'single') {
      answers[String(question.id)] = [wrong[Math.floor(next() * wrong.length)] ?? 0];
    } else {
      // One of the correct options with a wrong one, or a wrong one alone.
      const chosen = [wrong[Math.floor(next() * wrong.length)] ?? 0];
      if (next() < 0.6) chosen.push(correct[Math.floor(next() * correct.length)] ?? 0);
      answers[String(question.id)] = chosen.sort((a, b) => a - b);
    }
  });
  const percent = Math.round((score * 10_000) / maxScore) / 100;
  return { answers, score, maxScore, percent, passed: score * 100 >= PASSING_SCORE * maxScore };
}

/**
 * A quiz of `questions` questions with `responses` submitted first attempts, and the headers of the
 * administrator who made it.
 * @param {{ url: string, databaseUrl: string }} server
 * @param {{ questions: number, responses: number, seed?: number }} shape
 * @returns {Promise<AnsweredQuiz>}
 */
export async function createAnsweredQuiz(server, { questions, responses, seed = 33 }) {
  const jar = await signIn(server.url, BENCH_ADMIN);
  const headers = browserHeaders(server.url, jar);
  const quiz = await createQuiz(server.url, headers, questions);
  const next = random(seed);
  const difficulty = quiz.questions.map(() => next());
  const client = new pg.Client({ connectionString: server.databaseUrl });
  await client.connect();
  try {
    const submittedFrom = Date.parse('2026-10-01T07:00:00Z');
    for (let first = 0; first < responses; first += INSERT_BATCH) {
      const count = Math.min(INSERT_BATCH, responses - first);
      /** @type {{ token: string[], started: string[], submitted: string[], answers: string[], score: number[], max: number[], percent: number[], passed: boolean[] }} */
      const columns = {
        token: [],
        started: [],
        submitted: [],
        answers: [],
        score: [],
        max: [],
        percent: [],
        passed: [],
      };
      for (let i = first; i < first + count; i++) {
        const answered = answerQuiz(quiz.questions, difficulty, next);
        // Over about two months, 5 to 40 minutes each.
        const submitted = submittedFrom + Math.floor(next() * 60 * 86_400_000);
        const started = submitted - Math.floor((5 + next() * 35) * 60_000);
        columns.token.push(createHash('sha256').update(`bench-${quiz.id}-${i}`).digest('base64url'));
        columns.started.push(new Date(started).toISOString());
        columns.submitted.push(new Date(submitted).toISOString());
        columns.answers.push(JSON.stringify(answered.answers));
        columns.score.push(answered.score);
        columns.max.push(answered.maxScore);
        columns.percent.push(answered.percent);
        columns.passed.push(answered.passed);
      }
      await client.query(
        `INSERT INTO test_attempts
           (test_id, token_hash, attempt_number, state, started_at, saved_at, submitted_at, answers,
            score, max_score, percent, passed)
         SELECT $1, token, 1, 'submitted', started, submitted, submitted, answers, score, max_score, percent, passed
           FROM unnest($2::text[], $3::timestamptz[], $4::timestamptz[], $5::jsonb[], $6::int[], $7::int[],
                       $8::numeric[], $9::boolean[])
             AS t (token, started, submitted, answers, score, max_score, percent, passed)`,
        [
          quiz.id,
          columns.token,
          columns.started,
          columns.submitted,
          columns.answers,
          columns.score,
          columns.max,
          columns.percent,
          columns.passed,
        ],
      );
    }
    // What a submit keeps counting (max_responses is checked against it).
    await client.query('UPDATE tests SET responses_count = responses_count + $2 WHERE id = $1', [
      quiz.id,
      responses,
    ]);
    await client.query('VACUUM (ANALYZE) test_attempts');
  } finally {
    await client.end();
  }
  return { ...quiz, headers };
}
