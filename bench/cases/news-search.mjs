import { areaDefinitions } from '../../apps/api/src/modules/areas.ts';
import { parseListQuery } from '../../apps/api/src/modules/resource/list-query.ts';
import { listStatements } from '../../apps/api/src/modules/resource/list-sql.ts';
import { BENCH_ADMIN } from '../lib/api-server.mjs';
import { onCleanup } from '../lib/cleanup.mjs';
import { alternatingThroughput } from '../lib/load.mjs';
import { fillNews } from '../lib/news-fixture.mjs';
import { explainAnalyze, medianTimes, planOutline, withDatabase } from '../lib/query-plan.mjs';
import { alternatingLatencies } from '../lib/sequential-latency.mjs';
import { browserHeaders, signIn } from '../lib/session.mjs';
import { PLANTED_TERM } from '../lib/spanish-news.mjs';
import { startSqlBaseline } from '../lib/sql-baseline.mjs';
import { round } from '../lib/stats.mjs';

// Spanish full-text search over the news stays fast at scale.
// 100 000 news with Spanish HTML bodies of a few paragraphs; the search term matches about 1 % of
// them (the municipal libraries, planted in several forms: stemming decides what matches).
// (a) requests/s of GET /api/news?search=… (first page, 15 rows, no sort: best matches first),
//     against a bare node:http server running the very statements the machinery builds for that
//     query through the raw pg driver. Target: ratio ≥ 0.6.
// (b) p50 / p99 of sequential requests for that first page. Target: p99 ≤ 15 ms.
// The rows statement's EXPLAIN ANALYZE is reported, with what finding and ranking the matches cost.
// PostgreSQL only: PGlite belongs to the server's process, so no raw driver can share its database.

export const name = 'news-search';
export const engines = 'each';

const ITEMS = 100_000;
const SEQUENTIAL_REQUESTS = 400;
const ROUNDS = 2;
const QUERY = { search: PLANTED_TERM, per_page: '15' };
const PAGE_PATH = `/api/news?search=${PLANTED_TERM}&per_page=15&lang=es`;

// The machinery's declaration of news, only to build its SQL: media URLs are made from rows after
// the query (never here), so a stand-in does.
const { news } = areaDefinitions(
  /** @type {any} */ ({
    storage: { url: (/** @type {string} */ key) => key },
    appUrl: '',
    uploads: { tmpDir: '', maxBytes: 0 },
  }),
);

/**
 * The plan of the rows statement and where its time goes: the same matches found (the count
 * statement: the GIN index, and the visibility map for the heap), their rows read from the heap,
 * their search vectors read (detoasted), and ts_rank_cd computed for every one of them.
 * @param {string} databaseUrl
 * @param {{ rows: { text: string, values: unknown[] }, count: { text: string, values: unknown[] } }} statements
 */
async function examinePlan(databaseUrl, statements) {
  const search = news.fullTextSearch;
  if (!search) throw new Error('the news declaration has no full-text search');
  /** @param {string} select */
  const overMatches = (select) => ({
    text: `SELECT ${select} FROM news t WHERE ${search.condition('$1')}`,
    values: [PLANTED_TERM],
  });
  return withDatabase(databaseUrl, async (client) => {
    const times = {
      rows: await medianTimes(client, statements.rows),
      count: await medianTimes(client, statements.count),
      readRows: await medianTimes(client, overMatches('count(t.id)')),
      readVectors: await medianTimes(client, overMatches('sum(length(t.search_vector))')),
      rankAll: await medianTimes(client, overMatches(`max(${search.rank('$1')})`)),
    };
    const storage = await client.query(
      `SELECT avg(pg_column_size(t.search_vector))::int AS vector_bytes,
              avg(length(t.search_vector))::int AS lexemes,
              count(*) FILTER (WHERE pg_column_compression(t.search_vector) IS NOT NULL)::int AS compressed,
              avg(pg_column_size(t.body))::int AS body_bytes,
              pg_table_size('news') AS table_bytes,
              pg_relation_size((SELECT reltoastrelid FROM pg_class WHERE oid = 'news'::regclass)) AS toast_bytes
         FROM news t WHERE ${search.condition('$1')}`,
      [PLANTED_TERM],
    );
    // Once the connection's caches are warm, as in the server's pool.
    const plan = await explainAnalyze(client, statements.rows);
    return {
      plan,
      outline: planOutline(plan),
      usesGinIndex: /Bitmap Index Scan on news_search\b/.test(plan),
      jit: /^JIT:/m.test(plan),
      times,
      storage: storage.rows[0],
    };
  });
}

/** @param {import('../lib/cases.mjs').CaseContext} context */
export async function run({ server, settings, log }) {
  if (!server.databaseUrl) {
    log('PostgreSQL only (a raw driver cannot share PGlite with the server): skipped on PGlite');
    return [];
  }
  log(`filling the news table to ${ITEMS} items (Spanish bodies, generated search vectors)…`);
  const fillStarted = performance.now();
  const filled = await fillNews(server.databaseUrl, ITEMS, BENCH_ADMIN.email, log);
  log(
    `added ${filled.added} items (bodies of ${filled.averageBodyChars} characters on average, ${filled.planted} about the libraries) in ${round((performance.now() - fillStarted) / 1000, 1)} s, then VACUUM (ANALYZE)`,
  );

  const jar = await signIn(server.url, BENCH_ADMIN);
  const headers = browserHeaders(server.url, jar);
  const first = await fetch(`${server.url}${PAGE_PATH}`, { headers, signal: AbortSignal.timeout(30_000) });
  const firstText = await first.text();
  if (first.status !== 200) throw new Error(`GET ${PAGE_PATH} answered ${first.status}: ${firstText}`);
  const firstBody =
    /** @type {{ data?: Array<{ title: string, excerpt: string | null }>, meta?: { total: number } }} */ (
      JSON.parse(firstText)
    );
  const matches = firstBody.meta?.total ?? 0;
  const share = matches / ITEMS;
  if (share < 0.005 || share > 0.02 || firstBody.data?.length !== 15) {
    throw new Error(
      `"${PLANTED_TERM}" should match about 1 % of ${ITEMS} news and fill a page of 15; the API answers ${firstBody.data?.length} of ${matches}`,
    );
  }
  // Title matches weigh most (A), so the best matches name the library in the title.
  const topTitles = (firstBody.data ?? []).filter((n) => /bibliotec/i.test(n.title)).length;
  log(
    `"${PLANTED_TERM}" matches ${matches} of ${ITEMS} news (${round(share * 100)} %); ${topTitles} of the first 15 say it in the title`,
  );

  const statements = listStatements(news, parseListQuery(news.contract, QUERY));
  const examined = await examinePlan(server.databaseUrl, statements);
  const { times } = examined;
  /** @param {number} value */
  const ms = (value) => `${round(value)} ms`;
  const timeNote = `PostgreSQL alone, median execution of 7 EXPLAIN ANALYZE (timing off) over the ${matches} matches: rows statement ${ms(times.rows.execution)} (+ planning ${ms(times.rows.planning)}); finding them (count statement) ${ms(times.count.execution)}; reading their rows ${ms(times.readRows.execution)}; reading their search vectors ${ms(times.readVectors.execution)}; ts_rank_cd of every one ${ms(times.rankAll.execution)}`;
  const { storage } = examined;
  const storageNote = `a matching item stores its search vector in ${storage.vector_bytes} bytes (${storage.lexemes} lexemes on average; ${storage.compressed} of the ${matches} vectors compressed by TOAST) and its body in ${storage.body_bytes}; the table takes ${round(Number(storage.table_bytes) / 1e6, 1)} MB, ${round(Number(storage.toast_bytes) / 1e6, 1)} MB of it TOAST`;
  log(timeNote);
  log(storageNote);
  log(
    `GIN index news_search ${examined.usesGinIndex ? 'used' : 'NOT used'}${examined.jit ? '; JIT compiled' : ''}`,
  );
  for (const line of examined.outline) log(`  ${line}`);

  const baseline = await startSqlBaseline({ databaseUrl: server.databaseUrl, statements });
  const stopBaseline = onCleanup(baseline.stop);
  /** @type {import('../lib/load.mjs').Throughput[]} */
  let real = [];
  /** @type {import('../lib/load.mjs').Throughput[]} */
  let bare = [];
  let page;
  let rawPage;
  try {
    const check = await fetch(`${baseline.url}/`, { signal: AbortSignal.timeout(30_000) });
    const checkBody = /** @type {{ data: unknown[], meta: { total: number } }} */ (await check.json());
    if (check.status !== 200 || checkBody.data.length !== 15 || checkBody.meta.total !== matches) {
      throw new Error(
        `the raw SQL baseline answers ${check.status} with ${checkBody.data?.length} of ${checkBody.meta?.total} rows, the API ${matches}`,
      );
    }
    [page, rawPage] = await alternatingLatencies(
      [{ url: `${server.url}${PAGE_PATH}`, headers }, { url: `${baseline.url}/` }],
      { requests: SEQUENTIAL_REQUESTS },
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
  const failed = [...real, ...bare].find((r) => r.non2xx || r.errors || r.timeouts);
  if (failed) {
    throw new Error(
      `${real.includes(failed) ? 'the server' : 'the baseline'} answered ${failed.non2xx} non-2xx, ${failed.errors} errors, ${failed.timeouts} timeouts under load`,
    );
  }
  const bestReal = Math.max(...real.map((r) => r.requestsPerSecond));
  const bestBare = Math.max(...bare.map((r) => r.requestsPerSecond));
  const ratio = bestReal / bestBare;
  const planNotes = [
    `search "${PLANTED_TERM}": ${matches} of ${ITEMS} news (${round(share * 100)} %), ranked by ts_rank_cd; ${topTitles} of the first 15 name it in the title`,
    timeNote,
    storageNote,
    `GIN index news_search ${examined.usesGinIndex ? 'used' : 'NOT used'}${examined.jit ? '; the plan was JIT-compiled' : ''}; rows statement plan:`,
    ...examined.outline.map((line) => `  ${line}`),
  ];
  return [
    {
      measurement: 'GET /api/news?search (1 % of 100k news, first page), req/s',
      engine: server.engine,
      figure: `${Math.round(bestReal)} req/s`,
      baseline: `${Math.round(bestBare)} req/s (node:http + pg, same SQL)`,
      ratio: round(ratio),
      target: 'ratio ≥ 0.6',
      met: ratio >= 0.6,
      data: { real, bare, matches, items: ITEMS, fill: filled },
      notes: [`best of ${ROUNDS} alternating ${settings.durationSeconds} s autocannon runs, 10 connections`],
    },
    {
      measurement: 'GET /api/news?search (1 % of 100k news) first page, p99',
      engine: server.engine,
      figure: `${round(page.p99)} ms (p50 ${round(page.p50)} ms)`,
      baseline: `${round(rawPage.p99)} ms p99 (node:http + pg, same SQL)`,
      ratio: round(rawPage.p99 / page.p99),
      target: 'p99 ≤ 15 ms',
      met: page.p99 <= 15,
      data: { page, rawPage, statements, plan: examined.plan, times, storage },
      notes: [
        `${SEQUENTIAL_REQUESTS} sequential requests after 20 to warm up, taking turns with the raw SQL server; slowest ${round(page.max)} ms (raw SQL p50 ${round(rawPage.p50)} ms)`,
        ...planNotes,
      ],
    },
  ];
}
