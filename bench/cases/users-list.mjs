import { areaDefinitions } from '../../apps/api/src/modules/areas.ts';
import { parseListQuery } from '../../apps/api/src/modules/resource/list-query.ts';
import { listStatements } from '../../apps/api/src/modules/resource/list-sql.ts';
import { BENCH_ADMIN } from '../lib/api-server.mjs';
import { onCleanup } from '../lib/cleanup.mjs';
import { alternatingThroughput } from '../lib/load.mjs';
import { alternatingLatencies } from '../lib/sequential-latency.mjs';
import { browserHeaders, signIn } from '../lib/session.mjs';
import { startSqlBaseline } from '../lib/sql-baseline.mjs';
import { round } from '../lib/stats.mjs';
import { fillUsers } from '../lib/users-fixture.mjs';

// Lists stay fast at scale.
// (a) GET /api/users?search=…&sort=name over 100 000 users, requests/s against a bare node:http
//     server running the same SQL (the statements the machinery builds) through the raw pg driver.
// (b) The first page (sort=name) at 1 000 000 users: p99 of sequential requests, beside the same
//     statements through the raw driver.
// PostgreSQL only: PGlite belongs to the server's process, so no raw driver can share its database.

export const name = 'users-list';
export const engines = 'each';

const ROUNDS = 2;
const SEQUENTIAL_REQUESTS = 400;
// The machinery's definition of users, only to build its SQL: the auth service serves its mails and
// the storage other areas' files, neither used by listing.
const { users } = areaDefinitions(
  /** @type {any} */ ({
    storage: { url: (/** @type {string} */ key) => key },
    appUrl: '',
    uploads: { tmpDir: '', maxBytes: 0 },
  }),
);

/** @param {Record<string, string>} query */
const statementsFor = (query) => listStatements(users, parseListQuery(users.contract, query));

/** @param {import('../lib/cases.mjs').CaseContext} context */
export async function run({ server, settings, log }) {
  if (!server.databaseUrl) {
    log('PostgreSQL only (a raw driver cannot share PGlite with the server): skipped on PGlite');
    return [];
  }
  const results = [];

  log('filling the users table to 100 000 rows…');
  await fillUsers(server.databaseUrl, 100_000);
  const jar = await signIn(server.url, BENCH_ADMIN);
  const headers = browserHeaders(server.url, jar);

  const searchQuery = { search: 'garcia', sort: 'name' };
  const listPath = `/api/users?search=${searchQuery.search}&sort=${searchQuery.sort}&lang=es`;
  const first = await fetch(`${server.url}${listPath}`, { headers });
  const firstBody = /** @type {{ meta: { total: number } }} */ (await first.json());
  if (first.status !== 200) throw new Error(`GET ${listPath} answered ${first.status}`);
  log(`search "garcia" matches ${firstBody.meta.total} of 100 000 users`);

  const baseline = await startSqlBaseline({
    databaseUrl: server.databaseUrl,
    statements: statementsFor(searchQuery),
  });
  const stopBaseline = onCleanup(baseline.stop);
  let real = [];
  let bare = [];
  try {
    ({ real, bare } = await alternatingThroughput(
      { url: `${server.url}${listPath}`, headers },
      { url: `${baseline.url}/` },
      { rounds: ROUNDS, durationSeconds: settings.durationSeconds, log },
    ));
  } finally {
    await stopBaseline();
  }
  if (real.some((r) => r.non2xx || r.errors || r.timeouts))
    throw new Error('the server answered errors under load');
  const bestReal = Math.max(...real.map((r) => r.requestsPerSecond));
  const bestBare = Math.max(...bare.map((r) => r.requestsPerSecond));
  const ratio = bestReal / bestBare;
  results.push({
    measurement: 'GET /api/users?search&sort, 100k users, req/s',
    engine: server.engine,
    figure: `${Math.round(bestReal)} req/s`,
    baseline: `${Math.round(bestBare)} req/s (node:http + pg, same SQL)`,
    ratio: round(ratio),
    target: 'ratio ≥ 0.6',
    met: ratio >= 0.6,
    data: { real, bare, matches: firstBody.meta.total },
  });

  log('filling the users table to 1 000 000 rows (a minute or two)…');
  await fillUsers(server.databaseUrl, 1_000_000);
  const pagePath = '/api/users?sort=name&lang=es';
  const check = /** @type {{ meta?: { total: number } }} */ (
    await (await fetch(`${server.url}${pagePath}`, { headers })).json()
  );
  if ((check.meta?.total ?? 0) < 1_000_000)
    throw new Error(`expected 1 000 000 users, the API counts ${check.meta?.total}`);
  const pageBaseline = await startSqlBaseline({
    databaseUrl: server.databaseUrl,
    statements: statementsFor({ sort: 'name' }),
  });
  const stopPageBaseline = onCleanup(pageBaseline.stop);
  let firstPage;
  let rawPage;
  try {
    [firstPage, rawPage] = await alternatingLatencies(
      [{ url: `${server.url}${pagePath}`, headers }, { url: `${pageBaseline.url}/` }],
      { requests: SEQUENTIAL_REQUESTS },
    );
  } finally {
    await stopPageBaseline();
  }
  if (!firstPage || !rawPage) throw new Error('no latencies measured');
  log(
    `first page at 1M: p50 ${round(firstPage.p50)} ms, p99 ${round(firstPage.p99)} ms (raw SQL p99 ${round(rawPage.p99)} ms)`,
  );
  results.push({
    measurement: 'GET /api/users?sort=name first page, 1M users, p99',
    engine: server.engine,
    figure: `${round(firstPage.p99)} ms (p50 ${round(firstPage.p50)} ms)`,
    baseline: `${round(rawPage.p99)} ms p99 (node:http + pg, same SQL)`,
    ratio: round(rawPage.p99 / firstPage.p99),
    target: 'p99 ≤ 10 ms',
    met: firstPage.p99 <= 10,
    data: { firstPage, rawPage, requests: SEQUENTIAL_REQUESTS },
  });
  return results;
}
