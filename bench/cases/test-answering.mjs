import http from 'node:http';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import pg from 'pg';
import { createAnswering } from '../../apps/api/src/modules/tests/answering.ts';
import { startAnswerSaveBaseline } from '../lib/answer-save-server.mjs';
import { onCleanup } from '../lib/cleanup.mjs';
import { createOpenQuiz, PUBLIC_API, solvedProof } from '../lib/quiz-fixture.mjs';
import { percentile, round } from '../lib/stats.mjs';

// The issue's target: "200 people answering a 30-question quiz at once (start, 30 autosaves each,
// submit) on PostgreSQL: p99 of a save ≤ 50 ms, no error, and the server's throughput of saves
// against a bare server running the same SQL ≥ 0.5."
//
// A published quiz of 30 single-choice questions of 4 options, `access: link`, made through the
// admin API. 200 virtual people each solve the proof of work first (the browser's work, before the
// clock), then all start at once, then all answer at once: 30 saves each, one question per save as
// the page's autosave sends it, one at a time per person (the next when the last has answered), over
// a keep-alive connection of their own; then all submit at once.
// The saves are measured in ROUNDS rounds taking turns with the baseline (best of each kept): a bare
// node:http server in its own process running answering.ts's save statements (captured from the
// service itself, below, with where each value comes from) through the raw pg driver, given the same attempts' token hashes, under the
// same 200 × 30 pattern. Between rounds the attempts' answers are emptied (and the table vacuumed),
// so every round writes the same rows from the same state; the server's round is the last, and its
// answers are what the people submit. Afterwards every attempt must be `submitted` with 30 answers.
// PostgreSQL only: the baseline's raw driver needs a database other processes share.

export const name = 'test-answering';
export const engines = 'each';

const PEOPLE = 200;
const QUESTIONS = 30;
const OPTIONS = 4;
const ROUNDS = 2;
const TARGET_RATIO = 0.5;
const TARGET_P99_MS = 50;
/**
 * The latency of a save is measured with people answering as people do: a pause before each save
 * (the time to read the next question and choose), here a fast answerer's 0.5–1.5 s, and the 200
 * people beginning within the same second. Without a pause, 200 saves are always in flight and each
 * waits behind the others (Little's law): that measures the queue, not a save; the throughput row
 * does that on purpose.
 */
const PAUSE_MS = /** @type {const} */ ([500, 1500]);
/** A round past this is stopped and fails the case (the whole bench has 20 minutes). */
const ROUND_LIMIT_MS = 90_000;
// What Chromium sends: the server compresses as it would for the page; nothing is decoded.
const ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

// The fake rows the capture hands back, one per statement: every number and date different per
// statement and per run, every boolean a pattern of its own over the runs; so each value a statement
// is given can be traced to the row and column it came from.
const CAPTURE_RUNS = 4;
const NUMBER_COLUMNS = ['id', 'test_id', 'score', 'max_score', 'percent', 'responses_count', 'attempts'];
const BOOLEAN_COLUMNS = ['anonymous', 'show_correct_after_close'];
const NULL_COLUMNS = [
  'deadline',
  'submit_by',
  'saved_at',
  'submitted_at',
  'opens_at',
  'closes_at',
  'deleted_at',
];

/**
 * @param {number} statement
 * @param {number} run
 */
function fakeRow(statement, run) {
  /** @type {Record<string, unknown>} */
  const row = {
    state: 'open',
    answers: {},
    passed: null,
    is_open: true,
    status: 'published',
    access: 'link',
  };
  for (const column of NULL_COLUMNS) row[column] = null;
  NUMBER_COLUMNS.forEach((column, c) => {
    row[column] = 100_000 * (run + 1) + 1_000 * statement + c + 1;
  });
  BOOLEAN_COLUMNS.forEach((column, c) => {
    const pattern = statement * BOOLEAN_COLUMNS.length + c + 1;
    row[column] = Boolean((pattern >> run) & 1);
  });
  row.updated_at = new Date(Date.UTC(2020, 0, 1, statement, run));
  row.now = new Date(Date.UTC(2021, 0, 1, statement, run));
  row.slug = `prueba-${statement}-${run}`;
  return row;
}

/**
 * One call of answering.ts's save over a database that records what it is asked and answers with
 * fake rows (the questions' statement with the two questions the call answers).
 * @param {number} run
 */
async function recordSave(run) {
  /** @type {Array<{ text: string, values: unknown[] }>} */
  const statements = [];
  const questions = [1, 2].map((n) => ({
    id: 7_000 + 10 * run + n,
    position: n,
    prompt: 'Pregunta',
    type: 'single',
    points: 1,
    required: true,
    help: null,
    personal: false,
    options: [1, 2].map((o) => ({
      id: 8_000 + 100 * run + 10 * n + o,
      position: o,
      text: `Opción ${o}`,
      correct: o === 1,
    })),
  }));
  const database = {
    query: async (/** @type {string} */ text, /** @type {unknown[]} */ values = []) => {
      if (/FROM test_questions/.test(text)) return questions;
      statements.push({ text, values });
      return [fakeRow(statements.length - 1, run)];
    },
    transaction: async () => {
      throw new Error('a save that succeeds opens no transaction');
    },
  };
  const answering = createAnswering(
    /** @type {any} */ ({
      database,
      appKey: Buffer.alloc(32, run),
      appName: 'Gestor',
      appUrl: '',
      mailer: {},
      log: { info() {}, error() {} },
    }),
  );
  const [first, second] = questions;
  const answers = { [String(first?.id)]: [first?.options[1]?.id], [String(second?.id)]: null };
  await answering.save(`token-${run}-`.padEnd(43, 'x'), /** @type {any} */ (answers));
  return {
    statements,
    given: JSON.stringify({ [String(first?.id)]: [first?.options[1]?.id] }),
    removed: [String(second?.id)],
  };
}

/**
 * What answering.ts's save runs, for the baseline to run the same: each statement's text and where
 * each of its values comes from — the token's hash, the answers given (as JSON), the answers taken
 * back, a column of an earlier statement's row, or a constant. Captured from the service itself, so
 * the baseline follows it when it changes; a value it cannot trace fails the case. The questions'
 * statement is left out: the service reads a test's questions once per version of the test.
 * @returns {Promise<import('../lib/answer-save-server.mjs').SaveStatement[]>}
 */
async function saveStatements() {
  /** @type {Array<Awaited<ReturnType<typeof recordSave>>>} */
  const runs = [];
  for (let run = 0; run < CAPTURE_RUNS; run++) runs.push(await recordSave(run));
  const [model] = runs;
  if (!model?.statements.length) throw new Error("answering.ts's save ran no statement");
  const same = (/** @type {unknown} */ a, /** @type {unknown} */ b) =>
    JSON.stringify(a) === JSON.stringify(b);
  return model.statements.map(({ text }, index) => {
    const each = runs.map((run) => run.statements[index]);
    if (!each.every((statement) => statement?.text === text)) {
      throw new Error("answering.ts's save runs different statements for different calls");
    }
    const values = model.statements[index]?.values ?? [];
    return {
      text,
      values: values.map((_, v) => {
        const seen = runs.map((run) => run.statements[index]?.values[v]);
        const all = (/** @type {(run: (typeof runs)[number], r: number) => unknown} */ expected) =>
          runs.every((run, r) => same(seen[r], expected(run, r)));
        if (
          seen.every(
            (value, r) => typeof value === 'string' && /^[0-9a-f]{64}$/.test(value) && value !== seen[r - 1],
          )
        )
          return { from: /** @type {const} */ ('hash') };
        if (all((run) => run.given)) return { from: /** @type {const} */ ('given') };
        if (all((run) => run.removed)) return { from: /** @type {const} */ ('removed') };
        for (let row = index - 1; row >= 0; row--) {
          // Only the columns whose fake value changes from run to run can be told from a constant.
          const column = Object.keys(fakeRow(row, 0)).find(
            (name) =>
              !same(fakeRow(row, 0)[name], fakeRow(row, 1)[name]) && all((_run, r) => fakeRow(row, r)[name]),
          );
          if (column) return { from: /** @type {const} */ ('row'), row, column };
        }
        if (seen.every((value) => same(value, seen[0])))
          return { from: /** @type {const} */ ('constant'), value: seen[0] };
        throw new Error(
          `value $${v + 1} of the save's statement ${index + 1} comes from nowhere this case's baseline knows: update answer-save-server.mjs`,
        );
      }),
    };
  });
}

/**
 * One HTTP request over `agent`; the body is read as it arrives and never decoded.
 * @param {http.Agent} agent
 * @param {string} url
 * @param {{ method?: string, body?: string }} [options]
 * @returns {Promise<{ status: number, headers: http.IncomingHttpHeaders, body: Buffer }>}
 */
function send(agent, url, { method = 'GET', body } = {}) {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? null : Buffer.from(body);
    const request = http.request(
      url,
      {
        method,
        agent,
        timeout: 30_000,
        headers: {
          Accept: 'application/json',
          'Accept-Encoding': ACCEPT_ENCODING,
          ...(payload ? { 'Content-Type': 'application/json', 'Content-Length': payload.length } : {}),
        },
      },
      (response) => {
        /** @type {Buffer[]} */
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
          }),
        );
      },
    );
    request.on('timeout', () => request.destroy(new Error('no answer within 30 s')));
    request.on('error', reject);
    request.end(payload ?? undefined);
  });
}

/**
 * An answer's body as text, decoded (only off the clock: after its latency is taken).
 * @param {{ headers: http.IncomingHttpHeaders, body: Buffer }} answer
 */
function decoded(answer) {
  const encoding = answer.headers['content-encoding'];
  const body =
    encoding === 'br'
      ? brotliDecompressSync(answer.body)
      : encoding === 'gzip'
        ? gunzipSync(answer.body)
        : encoding === 'deflate'
          ? inflateSync(answer.body)
          : answer.body;
  return body.toString('utf8');
}

/**
 * An error answer, readable.
 * @param {{ status: number, headers: http.IncomingHttpHeaders, body: Buffer }} answer
 */
function described(answer) {
  let text;
  try {
    text = decoded(answer);
  } catch {
    text = `(${answer.body.length} bytes, ${answer.headers['content-encoding']})`;
  }
  return `${answer.status} ${text.slice(0, 200)}`;
}

/**
 * @typedef {{ url: string, method: string, body?: string, onAnswer?: (answer: { headers: http.IncomingHttpHeaders, body: Buffer }) => void }} Step
 */

/**
 * Each person's requests one after another, all people at once; every latency and error kept.
 * @param {http.Agent} agent
 * @param {Array<Array<Step>>} plans one list per person
 * @param {string} what
 */
async function everyoneAtOnce(agent, plans, what, paced = false) {
  /** @type {number[]} */
  const latencies = [];
  /** @type {string[]} */
  const errors = [];
  const deadline = Date.now() + ROUND_LIMIT_MS;
  const started = performance.now();
  await Promise.all(
    plans.map(async (plan) => {
      if (paced) await sleep(Math.random() * 1000);
      for (const [index, step] of plan.entries()) {
        if (paced && index > 0) await sleep(PAUSE_MS[0] + Math.random() * (PAUSE_MS[1] - PAUSE_MS[0]));
        if (Date.now() > deadline) {
          errors.push(`stopped: ${what} took longer than ${ROUND_LIMIT_MS / 1000} s`);
          return;
        }
        const sent = performance.now();
        try {
          const answer = await send(agent, step.url, step);
          latencies.push(performance.now() - sent);
          if (answer.status < 200 || answer.status >= 300) errors.push(`${step.method} ${described(answer)}`);
          else step.onAnswer?.(answer);
        } catch (error) {
          errors.push(`${step.method}: ${/** @type {Error} */ (error).message}`);
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return {
    requests: latencies.length,
    seconds: round(seconds, 3),
    perSecond: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: Math.max(...latencies),
    errors,
  };
}

/** @param {number} ms */
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * @param {{ errors: string[] }} result
 * @param {string} what
 */
function throwOnErrors(result, what) {
  if (!result.errors.length) return;
  const kinds = [...new Set(result.errors)];
  throw new Error(`${what}: ${result.errors.length} errors, e.g. ${kinds.slice(0, 3).join(' | ')}`);
}

/** @param {import('../lib/cases.mjs').CaseContext} context */
export async function run({ server, log }) {
  if (!server.databaseUrl) {
    log('PostgreSQL only (a raw driver cannot share PGlite with the server): skipped on PGlite');
    return [];
  }
  const statements = await saveStatements();
  const quiz = await createOpenQuiz(server.url, { questions: QUESTIONS, options: OPTIONS });
  if (quiz.questions.length !== QUESTIONS) throw new Error(`the quiz has ${quiz.questions.length} questions`);

  // The browser's work, before the clock: every person's proof of work.
  let solving = performance.now();
  /** @type {string[]} */
  const proofs = [];
  for (let person = 0; person < PEOPLE; person++) proofs.push(await solvedProof(server.url, quiz.slug));
  solving = performance.now() - solving;
  log(`${PEOPLE} proofs of work solved in ${Math.round(solving / 1000)} s (not measured)`);

  // One keep-alive connection per person and server, kept for the whole case (the server allows 256
  // connections per address, MAX_CONNECTIONS_PER_IP).
  const serverAgent = new http.Agent({ keepAlive: true, maxSockets: PEOPLE });
  const bareAgent = new http.Agent({ keepAlive: true, maxSockets: PEOPLE });
  onCleanup(async () => {
    serverAgent.destroy();
    bareAgent.destroy();
  });
  const client = new pg.Client({ connectionString: server.databaseUrl });
  await client.connect();
  const stopClient = onCleanup(() => client.end());

  /** @type {string[]} */
  const tokens = [];
  const startUrl = `${server.url}${PUBLIC_API}/tests/${encodeURIComponent(quiz.slug)}/attempts`;
  const starts = await everyoneAtOnce(
    serverAgent,
    proofs.map((proof) => [
      {
        url: startUrl,
        method: 'POST',
        body: JSON.stringify({ proof }),
        onAnswer: (answer) => tokens.push(JSON.parse(decoded(answer)).data.token),
      },
    ]),
    'the starts',
  );
  throwOnErrors(starts, `POST ${PUBLIC_API}/tests/{slug}/attempts`);
  log(`${PEOPLE} starts at once: p50 ${round(starts.p50)} ms, p99 ${round(starts.p99)} ms`);
  const { rows: attempts } = await client.query(
    `SELECT token_hash FROM test_attempts WHERE test_id = $1 AND state = 'open' ORDER BY id`,
    [quiz.id],
  );
  if (attempts.length !== PEOPLE || tokens.length !== PEOPLE) {
    throw new Error(`${attempts.length} open attempts and ${tokens.length} tokens after ${PEOPLE} starts`);
  }

  /**
   * Person p's 30 saves to `base` + the attempt's key: question q answered with option (p + q) mod 4.
   * @param {string} base
   * @param {string[]} keys
   */
  const savePlans = (base, keys) =>
    keys.map((key, person) =>
      quiz.questions.map((question, q) => ({
        url: `${base}/${key}/answers`,
        method: 'PUT',
        body: JSON.stringify({
          answers: { [question.id]: [question.options[(person + q) % OPTIONS]?.id] },
        }),
      })),
    );
  const serverPlans = savePlans(`${server.url}${PUBLIC_API}/attempts`, tokens);

  /** Every attempt back to no answers, and the table vacuumed: each round writes from the same state. */
  const reset = async () => {
    await client.query(`UPDATE test_attempts SET answers = '{}'::jsonb, saved_at = NULL WHERE test_id = $1`, [
      quiz.id,
    ]);
    await client.query('VACUUM test_attempts');
  };
  /** @param {string} who */
  const checkSaved = async (who) => {
    const { rows } = await client.query(
      `SELECT count(*)::int AS saved FROM test_attempts a, jsonb_object_keys(a.answers) WHERE a.test_id = $1`,
      [quiz.id],
    );
    const saved = rows[0]?.saved ?? 0;
    if (saved !== PEOPLE * QUESTIONS)
      throw new Error(`after ${who}'s round the attempts hold ${saved} answers`);
  };

  const baseline = await startAnswerSaveBaseline({ databaseUrl: server.databaseUrl, statements });
  const stopBaseline = onCleanup(baseline.stop);
  const barePlans = savePlans(
    `${baseline.url}/attempts`,
    attempts.map((attempt) => attempt.token_hash),
  );
  /** @type {Awaited<ReturnType<typeof everyoneAtOnce>>} */
  let paced;
  /** @type {Awaited<ReturnType<typeof everyoneAtOnce>>} */
  let pacedBare;
  /** @type {Array<Awaited<ReturnType<typeof everyoneAtOnce>>>} */
  const real = [];
  /** @type {Array<Awaited<ReturnType<typeof everyoneAtOnce>>>} */
  const bare = [];
  try {
    // The bare server's connections opened first, as the starts opened the server's.
    await everyoneAtOnce(
      bareAgent,
      barePlans.map(() => [{ url: `${baseline.url}/`, method: 'GET' }]),
      'opening connections',
    );
    for (let i = 1; i <= ROUNDS; i++) {
      await reset();
      bare.push(await everyoneAtOnce(bareAgent, barePlans, 'the baseline'));
      throwOnErrors(/** @type {any} */ (bare.at(-1)), 'PUT on the baseline');
      await checkSaved('the baseline');
      await reset();
      real.push(await everyoneAtOnce(serverAgent, serverPlans, 'the saves'));
      throwOnErrors(/** @type {any} */ (real.at(-1)), `PUT ${PUBLIC_API}/attempts/{token}/answers`);
      await checkSaved('the server');
      const [r, b] = [real.at(-1), bare.at(-1)];
      log(
        `round ${i}: server ${Math.round(r?.perSecond ?? 0)} saves/s, p99 ${round(r?.p99 ?? 0)} ms; ` +
          `raw SQL ${Math.round(b?.perSecond ?? 0)} saves/s, p99 ${round(b?.p99 ?? 0)} ms`,
      );
    }
    // The latency of a save as people answer: one round each, paced (PAUSE_MS).
    await reset();
    pacedBare = await everyoneAtOnce(bareAgent, barePlans, 'the paced baseline', true);
    throwOnErrors(pacedBare, 'PUT on the baseline (paced)');
    await reset();
    paced = await everyoneAtOnce(serverAgent, serverPlans, 'the paced saves', true);
    throwOnErrors(paced, `PUT ${PUBLIC_API}/attempts/{token}/answers (paced)`);
    await checkSaved('the server (paced)');
    log(
      `paced: server p99 ${round(paced.p99)} ms (p50 ${round(paced.p50)}), raw SQL p99 ${round(pacedBare.p99)} ms`,
    );
  } finally {
    await stopBaseline();
  }

  const submits = await everyoneAtOnce(
    serverAgent,
    tokens.map((token) => [{ url: `${server.url}${PUBLIC_API}/attempts/${token}/submit`, method: 'POST' }]),
    'the submits',
  );
  throwOnErrors(submits, `POST ${PUBLIC_API}/attempts/{token}/submit`);
  log(`${PEOPLE} submits at once: p50 ${round(submits.p50)} ms, p99 ${round(submits.p99)} ms`);
  const { rows: counted } = await client.query(
    `SELECT count(*)::int AS attempts,
            count(*) FILTER (WHERE a.state = 'submitted'
                               AND (SELECT count(*) FROM jsonb_object_keys(a.answers)) = $2)::int AS complete
       FROM test_attempts a WHERE a.test_id = $1`,
    [quiz.id, QUESTIONS],
  );
  await stopClient();
  const { attempts: made = 0, complete = 0 } = counted[0] ?? {};
  if (made !== PEOPLE || complete !== PEOPLE) {
    throw new Error(
      `${complete} of ${made} attempts are submitted with ${QUESTIONS} answers; expected ${PEOPLE}`,
    );
  }

  const bestReal = real.reduce((best, r) => (r.perSecond > best.perSecond ? r : best));
  const bestBare = bare.reduce((best, r) => (r.perSecond > best.perSecond ? r : best));
  const p99Real = paced.p99;
  const p99Bare = pacedBare.p99;
  const p50Real = paced.p50;
  const ratio = bestReal.perSecond / bestBare.perSecond;
  const pattern = `${PEOPLE} people at once, ${QUESTIONS} saves each one after another (${PEOPLE * QUESTIONS} a round), best of ${ROUNDS} rounds alternating with the baseline`;
  const data = {
    real,
    bare,
    starts,
    submits,
    paced,
    pacedBare,
    solvingSeconds: round(solving / 1000),
    quiz: { id: quiz.id, slug: quiz.slug, questions: QUESTIONS, options: OPTIONS },
  };
  return [
    {
      measurement: `PUT public attempt answers, ${PEOPLE} people × ${QUESTIONS} saves, saves/s`,
      engine: server.engine,
      figure: `${Math.round(bestReal.perSecond)} saves/s`,
      baseline: `${Math.round(bestBare.perSecond)} saves/s (node:http + pg, same SQL)`,
      ratio: round(ratio),
      target: `ratio ≥ ${TARGET_RATIO}`,
      met: ratio >= TARGET_RATIO,
      data,
      notes: [
        pattern,
        `starts (${PEOPLE} at once, before the saves): p50 ${round(starts.p50)} ms, p99 ${round(starts.p99)} ms; submits: p50 ${round(submits.p50)} ms, p99 ${round(submits.p99)} ms`,
        `every attempt submitted with ${QUESTIONS} answers; no error`,
      ],
    },
    {
      measurement: `PUT public attempt answers, ${PEOPLE} people × ${QUESTIONS} saves as people answer, p99`,
      engine: server.engine,
      figure: `${round(p99Real)} ms (p50 ${round(p50Real)} ms)`,
      baseline: `${round(p99Bare)} ms p99 (node:http + pg, same SQL)`,
      ratio: round(p99Bare / p99Real),
      target: `p99 ≤ ${TARGET_P99_MS} ms`,
      met: p99Real <= TARGET_P99_MS,
      data: { p99Real, p99Bare, p50Real },
      notes: [
        `${PEOPLE} people beginning within one second, each pausing ${PAUSE_MS[0] / 1000}–${PAUSE_MS[1] / 1000} s before each of ${QUESTIONS} saves (a fast answerer), one round each, server and baseline`,
        `without the pause (the throughput rounds) ${PEOPLE} saves are always in flight and each waits behind the others (Little's law): p99 ${round(Math.min(...real.map((r) => r.p99)))} ms on the server, ${round(Math.min(...bare.map((r) => r.p99)))} ms on the bare server`,
      ],
    },
  ];
}
