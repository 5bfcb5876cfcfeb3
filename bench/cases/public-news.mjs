import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import sharp from 'sharp';
import { areaDefinitions, publicAreas } from '../../apps/api/src/modules/areas.ts';
import { createPublicRecords } from '../../apps/api/src/modules/public/public-records.ts';
import { BENCH_ADMIN } from '../lib/api-server.mjs';
import { recordResponse, startBareServer } from '../lib/bare-server.mjs';
import { onCleanup } from '../lib/cleanup.mjs';
import { alternatingThroughput, LOAD_SETTINGS } from '../lib/load.mjs';
import { uploadExpectingCreated } from '../lib/multipart-upload.mjs';
import { fillNews } from '../lib/news-fixture.mjs';
import { browserHeaders, signIn } from '../lib/session.mjs';
import { startSqlBaseline } from '../lib/sql-baseline.mjs';
import { percentile, round } from '../lib/stats.mjs';

// The public read API over 100 000 news on PostgreSQL (docs/public-api.md, decision 022):
// (a) GET /api/public/v1/news?per_page=15 repeated (answered from memory): req/s against a bare
//     node:http server replaying the same bytes. Target ≥ 0.8.
// (b) the same with If-None-Match (304): against a bare server replaying the 304. Target ≥ 0.8.
// (c) the first answer after a write (cold): p99 of sequential requests, each after a write the
//     server hears (≤ 15 ms); and req/s of answers that all miss the cache (each request asks for a
//     query string of its own, so each runs the list's SQL) against a bare node:http server running
//     the same statement through the raw pg driver (≥ 0.7).
// (d) GET /api/public/v1/news/{slug} whose body holds 5 library images, cold: p99 ≤ 10 ms.
// PostgreSQL only: the raw driver baseline and the writes need a database other processes share.

export const name = 'public-news';
export const engines = 'each';

const ITEMS = 100_000;
const ROUNDS = 2;
const SEQUENTIAL_REQUESTS = 400;
const API = '/api/public/v1';
const LIST_PATH = `${API}/news?per_page=15`;

/**
 * The statement the public API runs for the first page of news, as public-records.ts builds it.
 * @returns {Promise<{ text: string, values: unknown[] }>}
 */
async function listStatement() {
  /** @type {Array<{ text: string, values: unknown[] }>} */
  const seen = [];
  const records = createPublicRecords(
    /** @type {any} */ ({
      database: {
        query: async (/** @type {string} */ text, /** @type {unknown[]} */ values) => {
          seen.push({ text, values });
          return [];
        },
      },
      urls: {},
      media: {},
      templates: { news: null, page: null, category: null, entity: null, space: null, preview: null },
      areas: publicAreas(
        Object.values(
          areaDefinitions(
            /** @type {any} */ ({
              storage: { url: (/** @type {string} */ key) => key },
              appUrl: '',
              uploads: { tmpDir: '', maxBytes: 0 },
            }),
          ),
        ),
      ),
    }),
  );
  await records.list('news', {}, { page: 1, perPage: 15 });
  if (seen.length !== 1 || !seen[0]) throw new Error(`the list ran ${seen.length} statements, expected 1`);
  return seen[0];
}

/**
 * req/s of requests that each carry a query string never asked before (so every one misses).
 * @param {string} url
 * @param {number} durationSeconds
 */
function missingThroughput(url, durationSeconds) {
  let counter = 0;
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: target.origin,
        duration: durationSeconds,
        timeout: 10,
        ...LOAD_SETTINGS,
        requests: [
          {
            method: 'GET',
            setupRequest: (request) => ({
              ...request,
              path: `${target.pathname}${target.search}&n=${++counter}`,
            }),
          },
        ],
      },
      (error, result) =>
        error
          ? reject(error)
          : resolve({
              requestsPerSecond: result.requests.average,
              non2xx: result.non2xx,
              errors: result.errors,
              timeouts: result.timeouts,
            }),
    );
  });
}

/**
 * p50 / p99 of `url` asked right after a write the server hears (a statement on news through a
 * connection of its own, announced by migration 0016's trigger), one request at a time.
 * @param {pg.Client} writer
 * @param {string} url
 */
async function coldLatencies(writer, url) {
  /** @type {number[]} */
  const times = [];
  for (let i = 0; i < SEQUENTIAL_REQUESTS + 20; i++) {
    await writer.query('UPDATE news SET featured = featured WHERE id = (SELECT min(id) FROM news)');
    // The announcement travels to the server's listener: give it a moment, so the request is cold.
    await new Promise((resolve) => setTimeout(resolve, 5));
    const started = performance.now();
    const response = await fetch(url, {
      headers: { 'Accept-Encoding': 'br' },
      signal: AbortSignal.timeout(10_000),
    });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
    if (i >= 20) times.push(performance.now() - started);
  }
  return { p50: percentile(times, 50), p99: percentile(times, 99), max: Math.max(...times) };
}

/** @param {{ requestsPerSecond: number, errors: number, timeouts: number }[]} runs */
function failedRun(runs) {
  return runs.find((run) => run.errors || run.timeouts);
}

/** @param {import('../lib/cases.mjs').CaseContext} context */
export async function run({ server, settings, log }) {
  if (!server.databaseUrl) {
    log('PostgreSQL only (a raw driver cannot share PGlite with the server): skipped on PGlite');
    return [];
  }
  log(`filling the news table to ${ITEMS} items…`);
  await fillNews(server.databaseUrl, ITEMS, BENCH_ADMIN.email, log);
  const url = `${server.url}${LIST_PATH}`;
  const first = await fetch(url, { headers: { 'Accept-Encoding': 'identity' } });
  if (first.status !== 200) throw new Error(`GET ${LIST_PATH} answered ${first.status}`);
  const etag = first.headers.get('etag');
  if (!etag) throw new Error(`GET ${LIST_PATH} has no ETag`);
  const recorded = await recordResponse(first);
  log(`first page: ${Buffer.byteLength(recorded.body)} bytes, ETag ${etag}`);
  /** @type {any[]} */
  const rows = [];

  // (a) and (b): answers from memory against replayed bytes.
  for (const conditional of [false, true]) {
    const replay = conditional
      ? {
          status: 304,
          headers: Object.fromEntries(
            Object.entries(recorded.headers).filter(([header]) => header !== 'content-type'),
          ),
          body: '',
        }
      : recorded;
    const bare = await startBareServer(replay);
    const stopBare = onCleanup(bare.stop);
    const check = await fetch(url, { headers: conditional ? { 'If-None-Match': etag } : {} });
    await check.arrayBuffer();
    if (check.status !== (conditional ? 304 : 200))
      throw new Error(`GET ${LIST_PATH} answered ${check.status}`);
    let result;
    try {
      result = await alternatingThroughput(
        { url, ...(conditional ? { headers: { 'If-None-Match': etag } } : {}) },
        { url: `${bare.url}/` },
        { rounds: ROUNDS, durationSeconds: settings.durationSeconds, log },
      );
    } finally {
      await stopBare();
    }
    const failed = failedRun([...result.real, ...result.bare]);
    if (failed) throw new Error(`${failed.errors} errors, ${failed.timeouts} timeouts under load`);
    const real = Math.max(...result.real.map((r) => r.requestsPerSecond));
    const bareBest = Math.max(...result.bare.map((r) => r.requestsPerSecond));
    rows.push({
      measurement: conditional
        ? 'GET public news?per_page=15 with If-None-Match (304), req/s'
        : 'GET public news?per_page=15 warm (from memory), req/s',
      engine: server.engine,
      figure: `${Math.round(real)} req/s`,
      baseline: `${Math.round(bareBest)} req/s (bare node:http replaying ${conditional ? 'the 304' : 'the bytes'})`,
      ratio: round(real / bareBest),
      target: 'ratio ≥ 0.8',
      met: real / bareBest >= 0.8,
      data: result,
      notes: [`best of ${ROUNDS} alternating ${settings.durationSeconds} s autocannon runs, 10 connections`],
    });
  }

  // (c) cold: sequential after writes, then throughput of misses against the raw driver.
  const writer = new pg.Client({ connectionString: server.databaseUrl });
  await writer.connect();
  const stopWriter = onCleanup(() => writer.end());
  try {
    const cold = await coldLatencies(writer, url);
    log(`first answer after a write: p50 ${round(cold.p50)} ms, p99 ${round(cold.p99)} ms`);
    rows.push({
      measurement: 'GET public news?per_page=15 first answer after a write, p99',
      engine: server.engine,
      figure: `p99 ${round(cold.p99)} ms`,
      baseline: `p50 ${round(cold.p50)} ms`,
      ratio: null,
      target: 'p99 ≤ 15 ms',
      met: cold.p99 <= 15,
      data: cold,
      notes: [
        `${SEQUENTIAL_REQUESTS} sequential requests, each 5 ms after an UPDATE of news by another connection`,
      ],
    });

    const statement = await listStatement();
    const baseline = await startSqlBaseline({
      databaseUrl: server.databaseUrl,
      statements: { rows: statement, count: null },
    });
    const stopBaseline = onCleanup(baseline.stop);
    /** @type {any[]} */
    const real = [];
    /** @type {any[]} */
    const bare = [];
    try {
      await missingThroughput(url, 1);
      for (let i = 1; i <= ROUNDS; i++) {
        real.push(await missingThroughput(url, settings.durationSeconds));
        bare.push(await missingThroughput(`${baseline.url}/?x=1`, settings.durationSeconds));
        log(
          `cold round ${i}: server ${Math.round(real.at(-1).requestsPerSecond)} req/s, raw SQL ${Math.round(bare.at(-1).requestsPerSecond)} req/s`,
        );
      }
    } finally {
      await stopBaseline();
    }
    const failed = failedRun([...real, ...bare]) ?? [...real, ...bare].find((r) => r.non2xx);
    if (failed) throw new Error(`${failed.non2xx} non-2xx, ${failed.errors} errors under cold load`);
    const bestReal = Math.max(...real.map((r) => r.requestsPerSecond));
    const bestBare = Math.max(...bare.map((r) => r.requestsPerSecond));
    rows.push({
      measurement: 'GET public news?per_page=15 cold (every request a miss), req/s',
      engine: server.engine,
      figure: `${Math.round(bestReal)} req/s`,
      baseline: `${Math.round(bestBare)} req/s (node:http + pg, same SQL)`,
      ratio: round(bestReal / bestBare),
      target: 'ratio ≥ 0.7',
      met: bestReal / bestBare >= 0.7,
      data: { real, bare },
      notes: ['each request carries a query string of its own (&n=…), so it runs the SQL and fills an entry'],
    });

    // (d) one news item whose body holds 5 library images.
    const jar = await signIn(server.url, BENCH_ADMIN);
    const headers = browserHeaders(server.url, jar);
    /** @type {number[]} */
    const ids = [];
    for (let i = 0; i < 5; i++) {
      const file = path.join(tmpdir(), `gestor-bench-public-${process.pid}-${i}.png`);
      const background = { r: 40 * i, g: 90, b: 160 };
      await writeFile(
        file,
        await sharp({ create: { width: 1600, height: 900, channels: 3, background } })
          .png()
          .toBuffer(),
      );
      const uploaded = await uploadExpectingCreated({
        url: `${server.url}/api/multimedia?lang=es`,
        headers,
        file,
        filename: `imagen-${i}.png`,
        contentType: 'image/png',
      });
      ids.push(uploaded.id);
    }
    const body = ids
      .map(
        (id, i) =>
          `<p>Párrafo ${i + 1} de la noticia con imágenes.</p><p><img data-media-id="${id}" alt="Imagen ${i + 1}"></p>`,
      )
      .join('');
    const created = await fetch(`${server.url}/api/news?lang=es`, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/json' },
      body: JSON.stringify({ title: 'Noticia con cinco imágenes', status: 'published', body }),
    });
    const createdText = await created.text();
    if (created.status !== 201) throw new Error(`POST /api/news answered ${created.status}: ${createdText}`);
    const slug = JSON.parse(createdText).data.slug;
    const oneUrl = `${server.url}${API}/news/${slug}`;
    const shown = /** @type {{ data: { body: string } }} */ (await (await fetch(oneUrl)).json());
    const srcsets = (shown.data.body.match(/srcset=/g) ?? []).length;
    if (srcsets !== 5)
      throw new Error(`the body of /news/${slug} has ${srcsets} images with srcset, expected 5`);
    const one = await coldLatencies(writer, oneUrl);
    log(`news with 5 images, first answer after a write: p50 ${round(one.p50)} ms, p99 ${round(one.p99)} ms`);
    rows.push({
      measurement: 'GET public news/{slug} (body of 5 library images) after a write, p99',
      engine: server.engine,
      figure: `p99 ${round(one.p99)} ms`,
      baseline: `p50 ${round(one.p50)} ms`,
      ratio: null,
      target: 'p99 ≤ 10 ms',
      met: one.p99 <= 10,
      data: one,
      notes: ['each request 5 ms after an UPDATE of news by another connection'],
    });
  } finally {
    await stopWriter();
  }
  return rows;
}
