import pg from 'pg';
import { areaDefinitions } from '../../apps/api/src/modules/areas.ts';
import { SEARCHED_AREAS } from '../../apps/api/src/modules/search/search-areas.ts';
import { isSearchable, searchStatement } from '../../apps/api/src/modules/search/search-sql.ts';
import { BENCH_ADMIN } from '../lib/api-server.mjs';
import { onCleanup } from '../lib/cleanup.mjs';
import { fillMultimedia } from '../lib/media-fixture.mjs';
import { fillNews } from '../lib/news-fixture.mjs';
import { startScriptServer } from '../lib/ports.mjs';
import { explainAnalyze, planOutline, withDatabase } from '../lib/query-plan.mjs';
import { alternatingLatencies } from '../lib/sequential-latency.mjs';
import { browserHeaders, signIn } from '../lib/session.mjs';
import { PLANTED_TERM } from '../lib/spanish-news.mjs';
import { round } from '../lib/stats.mjs';
import { fillUsers } from '../lib/users-fixture.mjs';

// The global search (issue 20, decision 029) stays fast over large areas.
// GET /api/search?q=biblioteca as an administrator (every area searched) over 100 000 news (news-search's
// fixture: the libraries in 1 % of them), 100 000 media items (media-list's fixture, with "biblioteca"
// put into the title of 1 % of them) and 100 000 users (users-list's): p50 / p99 of sequential requests,
// taking turns request by request with a bare node:http server running the very statements the search
// builds (every area's statement at once through the raw pg driver).
// Target: p99 ≤ 30 ms. PostgreSQL only: no raw driver can share PGlite with the server.

export const name = 'global-search';
export const engines = 'each';

const ITEMS = 100_000;
const SEQUENTIAL_REQUESTS = 400;
const PATH = `/api/search?q=${PLANTED_TERM}`;

// The areas' declarations, only to build their SQL (as news-search does).
const definitions = Object.values(
  areaDefinitions(
    /** @type {any} */ ({
      storage: { url: (/** @type {string} */ key) => key },
      appUrl: '',
      uploads: { tmpDir: '', maxBytes: 0 },
    }),
  ),
).filter(isSearchable);

/**
 * One media item in a hundred gets the libraries in its title, so the library's search has matches to
 * count and rank as the news' has (media-list's fixture has none).
 * @param {string} databaseUrl
 */
async function plantInMedia(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const planted = await client.query(
      `UPDATE multimedia SET title = 'Fachada de la ' || CASE WHEN id % 2 = 0 THEN 'biblioteca municipal' ELSE 'Biblioteca Pública' END || ' ' || id
        WHERE id % 100 = 37`,
    );
    await client.query('VACUUM (ANALYZE) multimedia');
    return planted.rowCount ?? 0;
  } finally {
    await client.end();
  }
}

/**
 * The users' trigram index with its pending list merged, as autovacuum leaves a table after a bulk
 * insert and as the news and media fixtures leave theirs: otherwise every search also reads the
 * 100 000 rows just written from the GIN index's unsorted pending list.
 * @param {string} databaseUrl
 */
async function vacuumUsers(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('VACUUM (ANALYZE) users');
  } finally {
    await client.end();
  }
}

/** @param {import('../lib/cases.mjs').CaseContext} context */
export async function run({ server, log }) {
  if (!server.databaseUrl) {
    log('PostgreSQL only (a raw driver cannot share PGlite with the server): skipped on PGlite');
    return [];
  }
  const fillStarted = performance.now();
  log(`filling news, multimedia and users to ${ITEMS} rows each…`);
  const news = await fillNews(server.databaseUrl, ITEMS, BENCH_ADMIN.email, log);
  const media = await fillMultimedia(server.databaseUrl, ITEMS, BENCH_ADMIN.email);
  const mediaPlanted = await plantInMedia(server.databaseUrl);
  const users = await fillUsers(server.databaseUrl, ITEMS);
  await vacuumUsers(server.databaseUrl);
  log(
    `added ${news.added} news (${news.planted} about the libraries), ${media} media items (${mediaPlanted} titled with them), ${users} users in ${round((performance.now() - fillStarted) / 1000, 1)} s`,
  );

  const jar = await signIn(server.url, BENCH_ADMIN);
  const headers = browserHeaders(server.url, jar);
  const first = await fetch(`${server.url}${PATH}`, { headers, signal: AbortSignal.timeout(30_000) });
  const firstText = await first.text();
  if (first.status !== 200) throw new Error(`GET ${PATH} answered ${first.status}: ${firstText}`);
  const groups = /** @type {{ data: Array<{ area: string, total: number, items: unknown[] }> }} */ (
    JSON.parse(firstText)
  ).data;
  const totals = Object.fromEntries(groups.map((group) => [group.area, group.total]));
  log(`"${PLANTED_TERM}" found: ${JSON.stringify(totals)}`);
  if (
    !((totals.news ?? 0) >= ITEMS / 200) ||
    !((totals.multimedia ?? 0) >= ITEMS / 200) ||
    groups.some((g) => g.items.length > 5)
  ) {
    throw new Error(
      `the search should find about 1 % of news and media, five items each: ${firstText.slice(0, 500)}`,
    );
  }

  const statements = definitions.map((definition) => ({
    area: definition.contract.area,
    statement: searchStatement(definition, SEARCHED_AREAS[definition.contract.area], PLANTED_TERM),
  }));
  const plans = await withDatabase(server.databaseUrl, async (client) => {
    /** @type {Record<string, string[]>} */
    const outlines = {};
    for (const { area, statement } of statements.filter(({ area }) =>
      ['news', 'multimedia', 'user'].includes(area),
    )) {
      outlines[area] = planOutline(await explainAnalyze(client, statement));
    }
    return outlines;
  });

  const baseline = await startScriptServer(
    new URL('../lib/search-sql-server.mjs', import.meta.url).pathname,
    { DATABASE_URL: server.databaseUrl, STATEMENTS: JSON.stringify(statements) },
    { name: 'the search SQL baseline', graceMs: 5_000 },
  );
  const stopBaseline = onCleanup(baseline.stop);
  let page;
  let rawPage;
  try {
    const check = await fetch(`${baseline.url}/`, { signal: AbortSignal.timeout(30_000) });
    const checked = /** @type {{ data: Array<{ area: string, total: number }> }} */ (await check.json());
    const rawTotals = Object.fromEntries(checked.data.map((group) => [group.area, group.total]));
    /** @param {Record<string, number>} found */
    const listed = (found) => JSON.stringify(Object.entries(found).sort());
    if (listed(rawTotals) !== listed(totals)) {
      throw new Error(
        `the raw SQL baseline finds ${JSON.stringify(rawTotals)}, the API ${JSON.stringify(totals)}`,
      );
    }
    [page, rawPage] = await alternatingLatencies(
      [{ url: `${server.url}${PATH}`, headers }, { url: `${baseline.url}/` }],
      { requests: SEQUENTIAL_REQUESTS },
    );
  } finally {
    await stopBaseline();
  }
  if (!page || !rawPage) throw new Error('no latencies measured');
  log(
    `p50 ${round(page.p50)} ms, p99 ${round(page.p99)} ms (raw SQL p50 ${round(rawPage.p50)} ms, p99 ${round(rawPage.p99)} ms)`,
  );
  return [
    {
      measurement: `GET /api/search?q=${PLANTED_TERM} (100k news, media, users; every area), p99`,
      engine: server.engine,
      figure: `${round(page.p99)} ms (p50 ${round(page.p50)} ms)`,
      baseline: `${round(rawPage.p99)} ms p99 (node:http + pg, same SQL)`,
      ratio: round(rawPage.p99 / page.p99),
      target: 'p99 ≤ 30 ms',
      met: page.p99 <= 30,
      data: { page, rawPage, totals, statements, plans },
      notes: [
        `${SEQUENTIAL_REQUESTS} sequential requests after 20 to warm up, taking turns with the raw SQL server; slowest ${round(page.max)} ms`,
        `found: ${Object.entries(totals)
          .map(([area, total]) => `${area} ${total}`)
          .join(', ')} (${statements.length} areas searched at once)`,
        ...Object.entries(plans).flatMap(([area, outline]) => [
          `${area} statement plan:`,
          ...outline.map((line) => `  ${line}`),
        ]),
      ],
    },
  ];
}
