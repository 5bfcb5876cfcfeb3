import { areaDefinitions } from '../../apps/api/src/modules/areas.ts';
import { parseListQuery } from '../../apps/api/src/modules/resource/list-query.ts';
import { listStatements } from '../../apps/api/src/modules/resource/list-sql.ts';
import { BENCH_ADMIN } from '../lib/api-server.mjs';
import { onCleanup } from '../lib/cleanup.mjs';
import { alternatingThroughput } from '../lib/load.mjs';
import { fillMultimedia } from '../lib/media-fixture.mjs';
import { alternatingLatencies } from '../lib/sequential-latency.mjs';
import { browserHeaders, signIn } from '../lib/session.mjs';
import { startSqlBaseline } from '../lib/sql-baseline.mjs';
import { round } from '../lib/stats.mjs';

// The media library's grid opens fast on a large library.
// (a) The grid's first page (GET /api/multimedia?per_page=30, newest first) over 100 000 items:
//     p50 / p99 of sequential requests. Required: p99 ≤ 10 ms.
// (b) requests/s of the same page against a bare node:http server running the very statements the
//     machinery builds for it through the raw pg driver.
// PostgreSQL only: PGlite belongs to the server's process, so no raw driver can share its database.

export const name = 'media-list';
export const engines = 'each';

const ITEMS = 100_000;
const SEQUENTIAL_REQUESTS = 400;
const WARM_UP_REQUESTS = 20;
const ROUNDS = 2;
const QUERY = { per_page: '30' };
const PAGE_PATH = '/api/multimedia?per_page=30&lang=es';

// The machinery's declaration of the media library, only to build its SQL: the storage object makes
// URLs (never called here), the usage index and temporary directory serve uploads and deletes.
const { multimedia: media } = areaDefinitions(
  /** @type {any} */ ({
    storage: { url: (/** @type {string} */ key) => key },
    appUrl: '',
    uploads: { tmpDir: '', maxBytes: 0 },
  }),
);

/** @param {import('../lib/cases.mjs').CaseContext} context */
export async function run({ server, settings, log }) {
  if (!server.databaseUrl) {
    log('PostgreSQL only (a raw driver cannot share PGlite with the server): skipped on PGlite');
    return [];
  }
  log(`filling the multimedia table to ${ITEMS} items…`);
  const fillStarted = performance.now();
  const added = await fillMultimedia(server.databaseUrl, ITEMS, BENCH_ADMIN.email);
  log(`added ${added} items in ${round((performance.now() - fillStarted) / 1000, 1)} s`);

  const jar = await signIn(server.url, BENCH_ADMIN);
  const headers = browserHeaders(server.url, jar);
  const first = await fetch(`${server.url}${PAGE_PATH}`, { headers });
  const firstText = await first.text();
  if (first.status !== 200) throw new Error(`GET ${PAGE_PATH} answered ${first.status}: ${firstText}`);
  const firstBody = /** @type {{ data?: Array<{ kind: string }>, meta?: { total: number } }} */ (
    JSON.parse(firstText)
  );
  if ((firstBody.meta?.total ?? 0) < ITEMS || firstBody.data?.length !== 30) {
    throw new Error(
      `expected 30 of ${ITEMS} items, the API answers ${firstBody.data?.length} of ${firstBody.meta?.total}`,
    );
  }

  const statements = listStatements(media, parseListQuery(media.contract, QUERY));
  const baseline = await startSqlBaseline({ databaseUrl: server.databaseUrl, statements });
  const stopBaseline = onCleanup(baseline.stop);
  /** @type {import('../lib/load.mjs').Throughput[]} */
  let real = [];
  /** @type {import('../lib/load.mjs').Throughput[]} */
  let bare = [];
  let page;
  let rawPage;
  try {
    [page, rawPage] = await alternatingLatencies(
      [{ url: `${server.url}${PAGE_PATH}`, headers }, { url: `${baseline.url}/` }],
      { requests: SEQUENTIAL_REQUESTS, warmUp: WARM_UP_REQUESTS },
    );
    if (!page || !rawPage) throw new Error('no latencies measured');
    log(
      `first page: p50 ${round(page.p50)} ms, p99 ${round(page.p99)} ms (raw SQL p50 ${round(rawPage.p50)} ms, p99 ${round(rawPage.p99)} ms)`,
    );
    ({ real, bare } = await alternatingThroughput(
      { url: `${server.url}${PAGE_PATH}`, headers },
      { url: `${baseline.url}/` },
      { rounds: ROUNDS, durationSeconds: settings.durationSeconds, log },
    ));
  } finally {
    await stopBaseline();
  }
  const failed = real.find((r) => r.non2xx || r.errors || r.timeouts);
  if (failed) {
    throw new Error(
      `the server answered ${failed.non2xx} non-2xx, ${failed.errors} errors, ${failed.timeouts} timeouts under load`,
    );
  }
  const bestReal = Math.max(...real.map((r) => r.requestsPerSecond));
  const bestBare = Math.max(...bare.map((r) => r.requestsPerSecond));
  const ratio = bestReal / bestBare;
  return [
    {
      measurement: 'GET /api/multimedia?per_page=30 first page, 100k items, p99',
      engine: server.engine,
      figure: `${round(page.p99)} ms (p50 ${round(page.p50)} ms)`,
      baseline: `${round(rawPage.p99)} ms p99 (node:http + pg, same SQL)`,
      ratio: round(rawPage.p99 / page.p99),
      target: 'p99 ≤ 10 ms',
      met: page.p99 <= 10,
      data: { page, rawPage, requests: SEQUENTIAL_REQUESTS, items: ITEMS, statements },
      notes: [
        `${SEQUENTIAL_REQUESTS} sequential requests after ${WARM_UP_REQUESTS} to warm up; slowest ${round(page.max)} ms`,
      ],
    },
    {
      measurement: 'GET /api/multimedia?per_page=30, 100k items, req/s',
      engine: server.engine,
      figure: `${Math.round(bestReal)} req/s`,
      baseline: `${Math.round(bestBare)} req/s (node:http + pg, same SQL)`,
      ratio: round(ratio),
      target: 'ratio ≥ 0.6',
      met: ratio >= 0.6,
      data: { real, bare },
      notes: [`best of ${ROUNDS} alternating ${settings.durationSeconds} s autocannon runs, 10 connections`],
    },
  ];
}
