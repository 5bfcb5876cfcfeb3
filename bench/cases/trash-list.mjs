import pg from 'pg';
import { BENCH_ADMIN } from '../lib/api-server.mjs';
import { fillNews } from '../lib/news-fixture.mjs';
import { alternatingLatencies } from '../lib/sequential-latency.mjs';
import { browserHeaders, signIn } from '../lib/session.mjs';
import { round } from '../lib/stats.mjs';

// Issue 19 / decision 026: a trash must not slow the lists down. 100 000 news (news-search's
// fixture); the admin list's first page, `GET /api/news?per_page=15` (newest change first, its total
// from row_counts), measured as p50 / p99 of sequential requests with no news in the trash, then with
// 10 000 in it (every tenth news, trashed by SQL as the API does: `deleted_at = now()`), and again,
// two rounds of each state, each state's requests pooled; `VACUUM (ANALYZE) news` after every switch,
// as autovacuum leaves a table that has settled. Target: the trash's p99 within 10 % of none's.
// PostgreSQL only: the news are written straight into the server's database.

export const name = 'trash-list';
export const engines = 'each';

const ITEMS = 100_000;
const TRASHED_EVERY = 10;
const REQUESTS = 200;
const ROUNDS = 2;
const PAGE_PATH = '/api/news?per_page=15&lang=es';

/**
 * @param {string} databaseUrl
 * @param {boolean} trashed
 */
async function setTrash(databaseUrl, trashed) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      trashed
        ? `UPDATE news SET deleted_at = now() WHERE id % ${TRASHED_EVERY} = 0 AND deleted_at IS NULL`
        : 'UPDATE news SET deleted_at = NULL WHERE deleted_at IS NOT NULL',
    );
    await client.query('VACUUM (ANALYZE) news');
    const { rows } = await client.query(
      'SELECT count(*) FILTER (WHERE deleted_at IS NOT NULL)::int AS trashed, count(*)::int AS total FROM news',
    );
    return /** @type {{ trashed: number, total: number }} */ (rows[0]);
  } finally {
    await client.end();
  }
}

/** @param {import('../lib/cases.mjs').CaseContext} context */
export async function run({ server, log }) {
  if (!server.databaseUrl) {
    log('PostgreSQL only (the news are written straight into the database): skipped on PGlite');
    return [];
  }
  log(`filling the news table to ${ITEMS} items…`);
  await fillNews(server.databaseUrl, ITEMS, BENCH_ADMIN.email, log);
  const jar = await signIn(server.url, BENCH_ADMIN);
  const target = { url: `${server.url}${PAGE_PATH}`, headers: browserHeaders(server.url, jar) };

  /** @type {{ none: number[], trash: number[] }} */
  const p99s = { none: [], trash: [] };
  /** @type {Record<string, unknown>[]} */
  const runs = [];
  let trashedCount = 0;
  try {
    for (let round_ = 0; round_ < ROUNDS; round_++) {
      for (const state of /** @type {const} */ (['none', 'trash'])) {
        const counts = await setTrash(server.databaseUrl, state === 'trash');
        if (state === 'trash') trashedCount = counts.trashed;
        const check = await fetch(target.url, {
          headers: target.headers,
          signal: AbortSignal.timeout(30_000),
        });
        const body = /** @type {{ meta?: { total: number } }} */ (await check.json());
        const expected = counts.total - counts.trashed;
        if (body.meta?.total !== expected) {
          throw new Error(`the list says ${body.meta?.total} news, the table holds ${expected} live ones`);
        }
        const [latency] = await alternatingLatencies([target], { requests: REQUESTS });
        if (!latency) throw new Error('no latency measured');
        p99s[state].push(latency.p99);
        runs.push({ state, round: round_, ...latency, ...counts });
        log(
          `${state === 'trash' ? `${counts.trashed} in the trash` : 'no trash'}: p50 ${round(latency.p50)} ms, p99 ${round(latency.p99)} ms`,
        );
      }
    }
  } finally {
    await setTrash(server.databaseUrl, false);
  }
  // The best round of each state: a busy moment of a shared machine falls on one round, not both.
  const none = Math.min(...p99s.none);
  const trash = Math.min(...p99s.trash);
  const ratio = trash / none;
  return [
    {
      measurement: `GET /api/news?per_page=15, ${ITEMS / 1000}k news, ${trashedCount} in the trash, p99`,
      engine: server.engine,
      figure: `${round(trash)} ms`,
      baseline: `${round(none)} ms p99 (the same list, trash empty)`,
      ratio: round(ratio),
      target: 'ratio ≤ 1.1',
      met: ratio <= 1.1,
      data: { runs },
      notes: [
        `${REQUESTS} sequential requests per state and round, ${ROUNDS} rounds alternating the states; best p99 of each state kept`,
      ],
    },
  ];
}
