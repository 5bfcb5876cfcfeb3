import { BENCH_ADMIN } from '../lib/api-server.mjs';
import { withDatabase } from '../lib/query-plan.mjs';
import { alternatingLatencies } from '../lib/sequential-latency.mjs';
import { browserHeaders, signIn } from '../lib/session.mjs';
import { formatKb, round } from '../lib/stats.mjs';

// Issue 19 (decision 025): the history of a news item edited 1 000 times, a 50 kB body changed by one
// sentence each time, keeps every version rebuildable without storing the body again per change.
// (a) storage per change: the bytes of the item's audit rows as PostgreSQL stores them
//     (pg_column_size of each row, TOAST compression included) / 1 000, against the body's own size
//     (what a whole copy per change would cost before compression). Target: ≤ 10 % of the body.
// (b) p50 / p99 of GET /api/news/{id}/versions/{audit id} for the oldest version and for the one
//     whose chain of deltas is longest, taking turns with GET /api/news/{id} (the record as it is).
//     Target: p99 ≤ 50 ms for both.
// PostgreSQL only: the audit rows are measured through a connection of the bench's own.

export const name = 'news-versions';
export const engines = 'each';

const EDITS = 1000;
const BODY_BYTES = 50_000;
const REQUESTS = 200;

/**
 * A 50 kB body of numbered Spanish sentences, one paragraph each; `edit` rewrites one of them.
 * @param {number} edit
 */
function body(edit) {
  const sentences = [];
  for (let i = 0; sentences.join('').length < BODY_BYTES; i++) {
    sentences.push(
      i === edit % 400
        ? `<p>Párrafo ${i}: texto corregido en la edición ${edit}, con una frase nueva sobre el pleno.</p>`
        : `<p>Párrafo ${i}: el Ayuntamiento informa de las obras en la calle Mayor y de sus plazos.</p>`,
    );
  }
  return sentences.join('');
}

/** @param {import('../lib/cases.mjs').CaseContext} context */
export async function run({ server, log }) {
  if (!server.databaseUrl) {
    log('PostgreSQL only (the audit rows are measured through a connection of the bench): skipped on PGlite');
    return [];
  }
  const jar = await signIn(server.url, BENCH_ADMIN);
  const headers = { ...browserHeaders(server.url, jar), 'Content-Type': 'application/json' };
  /** @param {string} method @param {string} path @param {unknown} payload */
  const send = async (method, path, payload) => {
    const response = await fetch(`${server.url}${path}?lang=es`, {
      method,
      headers,
      body: JSON.stringify(payload),
      signal: AbortSignal.timeout(30_000),
    });
    const text = await response.text();
    if (response.status >= 300)
      throw new Error(`${method} ${path} answered ${response.status}: ${text.slice(0, 300)}`);
    return /** @type {{ data: { id: number, updated_at: string, body: string } }} */ (JSON.parse(text)).data;
  };

  const first = body(-1);
  let news = await send('POST', '/api/news', { title: `Historial largo ${Date.now()}`, body: first });
  log(
    `editing one news item ${EDITS} times (a body of ${first.length} characters, one sentence changed each time)…`,
  );
  const started = performance.now();
  for (let edit = 0; edit < EDITS; edit++) {
    news = await send('PUT', `/api/news/${news.id}`, { body: body(edit), updated_at: news.updated_at });
  }
  const editMs = (performance.now() - started) / EDITS;
  log(`${EDITS} edits, ${round(editMs, 1)} ms each on average`);

  const stored = await withDatabase(server.databaseUrl, async (client) => {
    const { rows } = await client.query(
      `SELECT id, (version ? 'state') AS full, pg_column_size(a.*) AS stored,
              length(version::text) AS version_chars, length(changes::text) AS changes_chars
         FROM audits a WHERE resource = 'news' AND record_id = $1 ORDER BY id`,
      [news.id],
    );
    return rows.map((row) => ({
      id: Number(row.id),
      full: row.full,
      stored: Number(row.stored),
      versionChars: Number(row.version_chars),
      changesChars: Number(row.changes_chars),
    }));
  });
  const changes = stored.length - 1;
  const storedBytes = stored.reduce((sum, row) => sum + row.stored, 0);
  const perChange = storedBytes / changes;
  const bodyBytes = Buffer.byteLength(first);
  const fulls = stored.filter((row) => row.full).length;
  const deltas = stored.filter((row) => !row.full);
  const averageDelta = deltas.reduce((sum, row) => sum + row.versionChars, 0) / deltas.length;
  const averageChanges = stored.reduce((sum, row) => sum + row.changesChars, 0) / stored.length;

  // The oldest version, and the one rebuilt through the most deltas: the entry before a full state.
  const oldest = stored[0];
  const fullIndexes = stored.flatMap((row, index) => (row.full ? [index] : []));
  const deepestIndex = (fullIndexes.length > 1 ? (fullIndexes[1] ?? 1) : stored.length) - 1;
  const deepest = stored[deepestIndex];
  if (!oldest || !deepest) throw new Error('no history rows');
  const depth = deepestIndex - (fullIndexes.filter((index) => index <= deepestIndex).pop() ?? 0);
  /** @param {string} path */
  const get = (path) => ({ url: `${server.url}${path}?lang=es`, headers: browserHeaders(server.url, jar) });
  const [oldestTimes, deepestTimes, currentTimes] = await alternatingLatencies(
    [
      get(`/api/news/${news.id}/versions/${oldest.id}`),
      get(`/api/news/${news.id}/versions/${deepest.id}`),
      get(`/api/news/${news.id}`),
    ],
    { requests: REQUESTS },
  );
  if (!oldestTimes || !deepestTimes || !currentTimes) throw new Error('no latencies measured');
  const check = await fetch(`${server.url}/api/news/${news.id}/versions/${oldest.id}?lang=es`, {
    headers: browserHeaders(server.url, jar),
  });
  const rebuilt = /** @type {{ data: { body: string } }} */ (await check.json()).data.body;
  if (rebuilt !== first) throw new Error('the oldest version did not rebuild the first body');

  const notes = [
    `${stored.length} history rows: ${fulls} whole versions (every 25 changes), ${deltas.length} deltas of ${round(averageDelta, 0)} characters on average; the entries' "changes" ${round(averageChanges, 0)} characters on average`,
    `rows as stored ${formatKb(storedBytes)} in all; an edit through the API ${round(editMs, 1)} ms on average`,
    `deepest version: ${depth} deltas after its whole version`,
  ];
  return [
    {
      measurement: 'News history: storage per change (1 000 edits, 50 kB body)',
      engine: server.engine,
      figure: `${formatKb(perChange)} per change`,
      baseline: `${formatKb(bodyBytes)} (the body)`,
      ratio: round(perChange / bodyBytes, 3),
      target: 'ratio ≤ 0.1',
      met: perChange / bodyBytes <= 0.1,
      data: {
        storedBytes,
        perChange,
        bodyBytes,
        fulls,
        deltas: deltas.length,
        averageDelta,
        averageChanges,
        editMs,
      },
      notes,
    },
    {
      measurement: 'News history: rebuild the oldest version, p50 / p99',
      engine: server.engine,
      figure: `${round(oldestTimes.p50, 1)} / ${round(oldestTimes.p99, 1)} ms`,
      baseline: `${round(currentTimes.p50, 1)} / ${round(currentTimes.p99, 1)} ms (GET the record)`,
      ratio: round(oldestTimes.p99 / currentTimes.p99, 2),
      target: 'p99 ≤ 50 ms',
      met: oldestTimes.p99 <= 50,
      data: { oldest: oldestTimes, current: currentTimes },
    },
    {
      measurement: `News history: rebuild through ${depth} deltas, p50 / p99`,
      engine: server.engine,
      figure: `${round(deepestTimes.p50, 1)} / ${round(deepestTimes.p99, 1)} ms`,
      baseline: `${round(currentTimes.p50, 1)} / ${round(currentTimes.p99, 1)} ms (GET the record)`,
      ratio: round(deepestTimes.p99 / currentTimes.p99, 2),
      target: 'p99 ≤ 50 ms',
      met: deepestTimes.p99 <= 50,
      data: { deepest: deepestTimes, depth },
    },
  ];
}
