import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { openPglite, openPostgres } from '../../apps/api/src/db/client.ts';
import { migrate } from '../../apps/api/src/db/migrate.ts';
import { BENCH_ADMIN, checkBuilt } from '../lib/api-server.mjs';
import { onCleanup } from '../lib/cleanup.mjs';
import { browserHeaders, signIn } from '../lib/session.mjs';
import { percentile, round } from '../lib/stats.mjs';

// A test of 200 questions with 6 options each saves in one request, and its edit screen
// opens and stays responsive.
// (a) Median time of PUT /api/tests/{id} with the whole 200 × 6 builder (ids kept, every prompt
//     changed so each save really writes, audits and reads back), RUNS times taking turns with the
//     baseline: the same rows written with raw SQL in one transaction on the same engine (the test's
//     row locked and touched, the 200 questions and the 1 200 options each updated by one statement
//     over unnest()). On PostgreSQL the baseline shares the server's database; on PGlite it is a
//     PGlite of the bench's own, migrated the same way (PGlite belongs to one process).
//     Also the first write, POST /api/tests, against the same rows inserted by raw SQL.
//     Target: ratio ≤ 5 (the API also validates, checks ids and rules, audits and reads back).
// (b) Once (on PGlite): the edit screen's time to interactive in Chromium, for that test and, as the
//     baseline, for a test of one question: from navigation to the moment the last question is on
//     screen and the main thread has had no long task (> 50 ms) for a second, the end of the last
//     long task before that quiet second counting if later; and the slowest key press of typing into
//     the title afterwards (Event Timing API), warm HTTP cache, median of VISITS.
//     Target: TTI ≤ 3 s, and every key press ≤ 200 ms (a "good" interaction in Web Vitals' INP).

export const name = 'test-builder';
export const engines = 'each';

const QUESTIONS = 200;
const OPTIONS = 6;
const RUNS = 10;
const VISITS = 5;
const TARGET_RATIO = 5;
const TARGET_TTI_MS = 3000;
// Web Vitals: an interaction is "good" within 200 ms (INP).
const TARGET_KEY_MS = 200;
const LAUNCH_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
];

/** @param {number} round */
function builder(round) {
  return Array.from({ length: QUESTIONS }, (_, q) => ({
    prompt: `Pregunta ${q + 1} (versión ${round}): ¿cuál de estas opciones describe mejor el procedimiento?`,
    type: q % 3 === 2 ? 'multiple' : 'single',
    points: (q % 3) + 1,
    options: Array.from({ length: OPTIONS }, (_, o) => ({
      text: `Opción ${o + 1} de la pregunta ${q + 1}, con un texto de longitud habitual`,
      correct: o === q % OPTIONS,
    })),
  }));
}

/**
 * @param {string} baseUrl
 * @param {import('../lib/session.mjs').CookieJar} jar
 * @param {string} method
 * @param {string} path
 * @param {unknown} body
 */
async function send(baseUrl, jar, method, path, body) {
  const response = await fetch(`${baseUrl}${path}?lang=es`, {
    method,
    headers: { ...browserHeaders(baseUrl, jar), 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(60_000),
  });
  const text = await response.text();
  if (response.status >= 300)
    throw new Error(`${method} ${path} answered ${response.status}: ${text.slice(0, 300)}`);
  return /** @type {{ data: { id: number, updated_at: string, questions: Array<{ id: number, options: Array<{ id: number }> }> } }} */ (
    JSON.parse(text)
  ).data;
}

/**
 * The baseline's database: the server's own on PostgreSQL, a migrated PGlite of this process otherwise.
 * @param {string | null} databaseUrl
 */
async function baselineDatabase(databaseUrl) {
  if (databaseUrl) return openPostgres(databaseUrl, { max: 1 });
  const database = openPglite();
  await migrate(database);
  return database;
}

const QUESTION_ROWS = `unnest($2::int[], $3::int[], $4::text[], $5::text[], $6::int[])
  AS v (id, position, prompt, type, points)`;
const OPTION_ROWS = `unnest($1::int[], $2::int[], $3::text[], $4::boolean[]) AS v (id, position, text, correct)`;

/**
 * The same rows as a save through the API, written in one transaction with raw SQL.
 * @param {import('../../apps/api/src/db/client.ts').Database} database
 * @param {number} testId
 * @param {Array<{ id: number, options: Array<{ id: number }> }>} stored
 * @param {ReturnType<typeof builder>} questions
 */
function rawSave(database, testId, stored, questions) {
  return database.transaction(async (tx) => {
    await tx.query('SELECT id FROM tests WHERE id = $1 FOR NO KEY UPDATE', [testId]);
    await tx.query(
      `UPDATE test_questions q SET position = v.position, prompt = v.prompt, type = v.type, points = v.points
         FROM ${QUESTION_ROWS} WHERE q.id = v.id AND q.test_id = $1`,
      [
        testId,
        stored.map((q) => q.id),
        questions.map((_, i) => i + 1),
        questions.map((q) => q.prompt),
        questions.map((q) => q.type),
        questions.map((q) => q.points),
      ],
    );
    const options = stored.flatMap((q, i) =>
      q.options.map((o, j) => ({ id: o.id, position: j + 1, ...questions[i]?.options[j] })),
    );
    await tx.query(
      `UPDATE test_options o SET position = v.position, text = v.text, correct = v.correct
         FROM ${OPTION_ROWS} WHERE o.id = v.id`,
      [
        options.map((o) => o.id),
        options.map((o) => o.position),
        options.map((o) => o.text),
        options.map((o) => o.correct),
      ],
    );
    await tx.query('UPDATE tests SET updated_at = now() WHERE id = $1', [testId]);
  });
}

/**
 * The first write of those rows with raw SQL, in one transaction.
 * @param {import('../../apps/api/src/db/client.ts').Database} database
 * @param {ReturnType<typeof builder>} questions
 * @param {string} slug
 */
function rawCreate(database, questions, slug) {
  return database.transaction(async (tx) => {
    const [test] = await tx.query(
      "INSERT INTO tests (title, slug, status, passing_score) VALUES ('Línea base', $1, 'draft', 50) RETURNING id",
      [slug],
    );
    const testId = /** @type {{ id: number }} */ (test).id;
    const inserted = await tx.query(
      `INSERT INTO test_questions (test_id, position, prompt, type, points)
       SELECT $1, v.position, v.prompt, v.type, v.points FROM ${QUESTION_ROWS} RETURNING id, position`,
      [
        testId,
        questions.map(() => 0),
        questions.map((_, i) => i + 1),
        questions.map((q) => q.prompt),
        questions.map((q) => q.type),
        questions.map((q) => q.points),
      ],
    );
    const ids = new Map(inserted.map((row) => [row.position, row.id]));
    const options = questions.flatMap((q, i) =>
      q.options.map((o, j) => ({ question: ids.get(i + 1), position: j + 1, ...o })),
    );
    await tx.query(
      `INSERT INTO test_options (question_id, position, text, correct)
       SELECT v.id, v.position, v.text, v.correct FROM ${OPTION_ROWS}`,
      [
        options.map((o) => o.question),
        options.map((o) => o.position),
        options.map((o) => o.text),
        options.map((o) => o.correct),
      ],
    );
    return testId;
  });
}

/** @param {number[]} times */
const median = (times) => percentile(times, 50);

// What runs in the page (as text: this file is checked without the DOM's types). Long tasks and
// slow events are recorded from the first script on, buffered.
const OBSERVERS = `
  window.benchLongTasks = [];
  window.benchEvents = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.benchLongTasks.push(entry.startTime + entry.duration);
  }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.benchEvents.push({ name: entry.name, duration: entry.duration });
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });
`;
// Run in the page (Playwright sends their text): each reaches the page's globals through its own
// globalThis, typed loosely, since this file is checked without the DOM's types.

/** @param {number} count */
const shownAt = (count) => {
  /** @type {any} */
  const page = globalThis;
  return page.document.querySelectorAll('[data-question-index]').length === count &&
    page.document.querySelector('h1')?.textContent === 'Editar test'
    ? performance.now()
    : false;
};

/** @returns {Promise<number>} */
const quietSince = () =>
  new Promise((resolve) => {
    /** @type {any} */
    const page = globalThis;
    const check = () => {
      const last = Math.max(0, ...page.benchLongTasks);
      if (performance.now() - last >= 1000) resolve(last);
      else setTimeout(check, 100);
    };
    check();
  });

/** @returns {number[]} */
const keyPresses = () => {
  /** @type {{ benchEvents: Array<{ name: string, duration: number }> }} */
  const page = /** @type {any} */ (globalThis);
  return page.benchEvents.filter((e) => e.name === 'keydown').map((e) => e.duration);
};

/**
 * Opens `url` in a fresh page of `context` and measures its time to interactive (see the header).
 * @param {import('playwright-core').BrowserContext} context
 * @param {string} url
 * @param {number} questions
 */
async function timeToInteractive(context, url, questions) {
  const page = await context.newPage();
  try {
    await page.goto(url, { waitUntil: 'commit', timeout: 30_000 });
    const handle = await page.waitForFunction(shownAt, questions, { polling: 'raf', timeout: 30_000 });
    const shown = Number(await handle.jsonValue());
    const tti = Math.max(shown, await page.evaluate(quietSince));
    // Responsive: typing into the title, as a person fixing a word.
    const title = page.getByLabel('Título', { exact: true });
    await title.press('End');
    await title.pressSequentially(' revisado', { delay: 30 });
    await page.waitForTimeout(300);
    const keys = await page.evaluate(keyPresses);
    return { shown, tti, keys, slowestKey: Math.max(0, ...keys) };
  } finally {
    await page.close();
  }
}

/**
 * @param {string} baseUrl
 * @param {string} chromiumPath
 * @param {{ big: number, small: number }} tests
 * @param {(message: string) => void} log
 */
async function measureScreen(baseUrl, chromiumPath, tests, log) {
  checkBuilt({ withWeb: true });
  if (!existsSync(chromiumPath)) {
    throw new Error(`No se encuentra Chromium en ${chromiumPath}. Instale Chromium o indique CHROMIUM_PATH`);
  }
  const browser = await chromium.launch({ executablePath: chromiumPath, args: LAUNCH_ARGS, timeout: 30_000 });
  const closeBrowser = onCleanup(() => browser.close());
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addInitScript({ content: OBSERVERS });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/auth/login`, { waitUntil: 'load', timeout: 30_000 });
    await page.locator('#email').fill(BENCH_ADMIN.email, { timeout: 15_000 });
    await page.locator('#password').fill(BENCH_ADMIN.password);
    await page.getByRole('button', { name: 'Acceder', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/', { timeout: 30_000 });
    await page.close();
    // Once each first, so both are measured with the screen's code in the HTTP cache.
    await timeToInteractive(context, `${baseUrl}/test/${tests.small}`, 1);
    await timeToInteractive(context, `${baseUrl}/test/${tests.big}`, QUESTIONS);
    /** @type {{ big: Array<Awaited<ReturnType<typeof timeToInteractive>>>, small: Array<Awaited<ReturnType<typeof timeToInteractive>>> }} */
    const visits = { big: [], small: [] };
    for (let i = 0; i < VISITS; i++) {
      visits.small.push(await timeToInteractive(context, `${baseUrl}/test/${tests.small}`, 1));
      visits.big.push(await timeToInteractive(context, `${baseUrl}/test/${tests.big}`, QUESTIONS));
    }
    log(
      `edit screen, ${QUESTIONS} × ${OPTIONS}: TTI ${visits.big.map((v) => Math.round(v.tti)).join(', ')} ms; one question: ${visits.small.map((v) => Math.round(v.tti)).join(', ')} ms`,
    );
    return visits;
  } finally {
    await closeBrowser();
  }
}

/** @param {import('../lib/cases.mjs').CaseContext} context */
export async function run({ server, chromiumPath, log }) {
  const jar = await signIn(server.url, BENCH_ADMIN);
  const database = await baselineDatabase(server.databaseUrl);
  const closeDatabase = onCleanup(() => database.close());
  /** @type {import('../lib/report.mjs').Result[]} */
  const results = [];
  try {
    // The first write: POST against raw INSERTs, taking turns.
    const creates = { api: /** @type {number[]} */ ([]), raw: /** @type {number[]} */ ([]) };
    let test = null;
    for (let i = 0; i < RUNS; i++) {
      let start = performance.now();
      test = await send(server.url, jar, 'POST', '/api/tests', {
        title: `Banco ${i}`,
        questions: builder(0),
      });
      creates.api.push(performance.now() - start);
      start = performance.now();
      await rawCreate(database, builder(0), `linea-base-${process.pid}-${Date.now()}-${i}`);
      creates.raw.push(performance.now() - start);
    }
    if (!test) throw new Error('no test was created');
    // Saves of the whole builder with its ids, each a real change.
    const [baselineRow] = await database.query('SELECT max(id) AS id FROM tests WHERE title = $1', [
      'Línea base',
    ]);
    const baselineId = /** @type {{ id: number }} */ (baselineRow).id;
    const baselineStored = (
      await database.query(
        `SELECT q.id, (SELECT json_agg(json_build_object('id', o.id) ORDER BY o.position) FROM test_options o
                         WHERE o.question_id = q.id) AS options
           FROM test_questions q WHERE q.test_id = $1 ORDER BY q.position`,
        [baselineId],
      )
    ).map((row) => /** @type {{ id: number, options: Array<{ id: number }> }} */ (row));
    const saves = { api: /** @type {number[]} */ ([]), raw: /** @type {number[]} */ ([]) };
    let current = test;
    for (let i = 1; i <= RUNS; i++) {
      const questions = builder(i).map((question, q) => ({
        ...question,
        id: current.questions[q]?.id,
        options: question.options.map((option, o) => ({
          ...option,
          id: current.questions[q]?.options[o]?.id,
        })),
      }));
      let start = performance.now();
      current = await send(server.url, jar, 'PUT', `/api/tests/${current.id}`, {
        updated_at: current.updated_at,
        questions,
      });
      saves.api.push(performance.now() - start);
      start = performance.now();
      await rawSave(database, baselineId, baselineStored, builder(i));
      saves.raw.push(performance.now() - start);
    }
    if (current.questions.length !== QUESTIONS)
      throw new Error(`the saved test has ${current.questions.length} questions`);

    for (const [label, times] of /** @type {const} */ ([
      ['POST /api/tests', creates],
      ['PUT /api/tests/{id}', saves],
    ])) {
      const api = median(times.api);
      const raw = median(times.raw);
      const ratio = round(api / raw, 1);
      results.push({
        measurement: `${label}, ${QUESTIONS} × ${OPTIONS} test, median of ${RUNS}`,
        engine: server.engine,
        figure: `${api.toFixed(0)} ms`,
        baseline: `${raw.toFixed(1)} ms (raw SQL, one transaction)`,
        ratio,
        target: `ratio ≤ ${TARGET_RATIO}`,
        met: ratio <= TARGET_RATIO,
        data: { api: times.api, raw: times.raw },
        notes: [
          `API ${times.api.map((t) => t.toFixed(0)).join(', ')} ms; raw SQL ${times.raw.map((t) => t.toFixed(1)).join(', ')} ms`,
          'the API also validates the body, checks ids and rules, writes the audit entry and reads the test back',
        ],
      });
    }

    if (server.engine === 'PGlite') {
      const small = await send(server.url, jar, 'POST', '/api/tests', {
        title: 'Una pregunta',
        questions: builder(0).slice(0, 1),
      });
      const visits = await measureScreen(server.url, chromiumPath, { big: current.id, small: small.id }, log);
      const tti = median(visits.big.map((v) => v.tti));
      const floor = median(visits.small.map((v) => v.tti));
      const key = Math.max(...visits.big.map((v) => v.slowestKey));
      results.push({
        measurement: `Edit screen /test/{id} of ${QUESTIONS} × ${OPTIONS}: time to interactive (median of ${VISITS})`,
        engine: 'Chromium',
        figure: `${tti.toFixed(0)} ms`,
        baseline: `${floor.toFixed(0)} ms (a test of 1 question)`,
        ratio: round(tti / floor, 2),
        target: `≤ ${TARGET_TTI_MS} ms; key press ≤ ${TARGET_KEY_MS} ms`,
        met: tti <= TARGET_TTI_MS && key <= TARGET_KEY_MS,
        data: visits,
        notes: [
          `last question on screen at ${median(visits.big.map((v) => v.shown)).toFixed(0)} ms (one question: ${median(visits.small.map((v) => v.shown)).toFixed(0)} ms); questions folded above 10, as the screen shows them`,
          `typing " revisado" at the end of the title afterwards (Event Timing API, keydown to next paint), all visits: the first character (the form turns dirty, and renders once as a whole) ${Math.max(...visits.big.map((v) => v.keys[1] ?? 0)).toFixed(0)} ms at most, the other keys ${Math.max(...visits.big.flatMap((v) => [v.keys[0] ?? 0, ...v.keys.slice(2)])).toFixed(0)} ms at most; one question: ${Math.max(...visits.small.map((v) => v.slowestKey)).toFixed(0)} ms at most`,
        ],
      });
    }
  } finally {
    await closeDatabase();
  }
  return results;
}
