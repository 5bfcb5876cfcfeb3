import autocannon from 'autocannon';
import { BENCH_ADMIN } from '../lib/api-server.mjs';
import { LOAD_SETTINGS, measureThroughput } from '../lib/load.mjs';
import { browserHeaders, signIn } from '../lib/session.mjs';
import { round } from '../lib/stats.mjs';

// Signed-in GET /api/user while another client keeps asking for /sanctum/csrf-cookie (each answer a
// new guest session: a database write), as a ratio against the same load on a quiet server. Before
// decision 007 every such write flushed the whole session cache, so anonymous traffic kept every
// signed-in request on the slow path.

export const name = 'user-endpoint-under-guests';
export const engines = 'each';

const TARGET = 0.7;
const PATH = '/api/user?lang=es';

/**
 * One client (a single connection, one request at a time) asking for csrf-cookie until stopped.
 * @param {string} url
 * @param {string} origin
 */
function hammerCsrfCookie(url, origin) {
  /** @type {{ total: number, non2xx: number }} */
  const counts = { total: 0, non2xx: 0 };
  const instance = autocannon(
    {
      url: `${url}/sanctum/csrf-cookie?lang=es`,
      headers: { origin, referer: `${origin}/auth/login` },
      connections: 1,
      pipelining: 1,
      duration: 3600,
    },
    () => {},
  );
  instance.on('response', (_client, status) => {
    counts.total++;
    if (status !== 204) counts.non2xx++;
  });
  return {
    counts,
    stop: () =>
      new Promise((resolve) => {
        instance.on('done', resolve);
        instance.stop();
      }),
  };
}

/** @param {import('../lib/cases.mjs').CaseContext} context */
export async function run({ server, settings, log }) {
  const jar = await signIn(server.url, BENCH_ADMIN);
  const headers = browserHeaders(server.url, jar);
  const url = `${server.url}${PATH}`;
  await measureThroughput({ url, headers, durationSeconds: 1 });

  const quiet = await measureThroughput({ url, headers, ...settings });
  log(`quiet: ${Math.round(quiet.requestsPerSecond)} req/s`);
  const guests = hammerCsrfCookie(server.url, new URL(server.url).origin);
  let busy;
  try {
    busy = await measureThroughput({ url, headers, ...settings });
  } finally {
    await guests.stop();
  }
  log(
    `with a guest client: ${Math.round(busy.requestsPerSecond)} req/s; ${guests.counts.total} csrf-cookie answers`,
  );

  for (const r of [quiet, busy]) {
    if (r.non2xx || r.errors || r.timeouts)
      throw new Error(`GET /api/user: ${r.non2xx} non-2xx, ${r.errors} errors`);
  }
  if (guests.counts.non2xx)
    throw new Error(`csrf-cookie answered ${guests.counts.non2xx} times with another status`);
  const ratio = busy.requestsPerSecond / quiet.requestsPerSecond;
  return [
    {
      measurement: 'GET /api/user signed in while a guest client hammers csrf-cookie, req/s',
      engine: server.engine,
      figure: `${Math.round(busy.requestsPerSecond)} req/s`,
      baseline: `${Math.round(quiet.requestsPerSecond)} req/s (same load, quiet server)`,
      ratio: round(ratio, 3),
      target: `ratio ≥ ${TARGET}`,
      met: ratio >= TARGET,
      data: {
        settings: { ...LOAD_SETTINGS, durationSeconds: settings.durationSeconds },
        quiet,
        busy,
        guestRequests: guests.counts.total,
      },
      notes: [
        `${LOAD_SETTINGS.connections} signed-in connections; the guest client is one connection, one request at a time (${guests.counts.total} new guest sessions during the run)`,
      ],
    },
  ];
}
