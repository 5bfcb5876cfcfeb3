import { BENCH_ADMIN } from '../lib/api-server.mjs';
import { onCleanup } from '../lib/cleanup.mjs';
import { LOAD_SETTINGS, measureThroughput } from '../lib/load.mjs';
import { browserHeaders, signIn } from '../lib/session.mjs';
import { round } from '../lib/stats.mjs';

// Issue 21, decision 037: GET /api/user authenticated by an API token (Authorization: Bearer, no
// cookie) against the same call from a signed-in browser session, on the same server in the same run.
// The token is given every permission its owner holds, so both answers carry the same body.

export const name = 'bearer-user';
export const engines = 'each';

const TARGET = 0.9;
const ROUNDS = 3;
const PATH = '/api/user?lang=es';

/** @param {import('../lib/cases.mjs').CaseContext} context */
export async function run({ server, settings, log }) {
  const jar = await signIn(server.url, BENCH_ADMIN);
  const sessionHeaders = browserHeaders(server.url, jar);
  const me = await fetch(`${server.url}${PATH}`, { headers: sessionHeaders });
  if (me.status !== 200) throw new Error(`GET /api/user answered ${me.status}: ${await me.text()}`);
  const sessionBody = await me.text();
  const { permissions } = JSON.parse(sessionBody).data;

  const created = await fetch(`${server.url}/api/user/tokens?lang=es`, {
    method: 'POST',
    headers: { ...sessionHeaders, 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'bench bearer-user', abilities: permissions }),
  });
  if (created.status !== 201) {
    throw new Error(`POST /api/user/tokens answered ${created.status}: ${await created.text()}`);
  }
  const token = /** @type {{ data: { id: number, token: string } }} */ (await created.json()).data;
  const stopToken = onCleanup(async () => {
    await fetch(`${server.url}/api/user/tokens/${token.id}?lang=es`, {
      method: 'DELETE',
      headers: sessionHeaders,
    });
  });
  // A program's headers: no cookie, no Origin, no CSRF token.
  const bearerHeaders = { Accept: 'application/json', Authorization: `Bearer ${token.token}` };
  const check = await fetch(`${server.url}${PATH}`, { headers: bearerHeaders });
  const bearerBody = await check.text();
  if (check.status !== 200)
    throw new Error(`GET /api/user with the token answered ${check.status}: ${bearerBody}`);
  if (bearerBody !== sessionBody) throw new Error('the token’s GET /api/user differs from the session’s');

  /** @type {import('../lib/load.mjs').Throughput[]} */
  const bearer = [];
  /** @type {import('../lib/load.mjs').Throughput[]} */
  const session = [];
  const url = `${server.url}${PATH}`;
  try {
    await measureThroughput({ url, headers: bearerHeaders, durationSeconds: 1 });
    await measureThroughput({ url, headers: sessionHeaders, durationSeconds: 1 });
    // Taking turns, so a busy patch of a shared machine falls on both; the best of each is kept.
    for (let i = 1; i <= ROUNDS; i++) {
      const withToken = await measureThroughput({ url, headers: bearerHeaders, ...settings });
      const withSession = await measureThroughput({ url, headers: sessionHeaders, ...settings });
      bearer.push(withToken);
      session.push(withSession);
      log(
        `round ${i}: bearer ${Math.round(withToken.requestsPerSecond)} req/s, session ${Math.round(withSession.requestsPerSecond)} req/s`,
      );
    }
  } finally {
    await stopToken();
  }

  const failed = [...bearer, ...session].find((r) => r.non2xx || r.errors || r.timeouts);
  if (failed) {
    throw new Error(
      `the server answered ${failed.non2xx} non-2xx, ${failed.errors} errors, ${failed.timeouts} timeouts`,
    );
  }
  const bestBearer = Math.max(...bearer.map((r) => r.requestsPerSecond));
  const bestSession = Math.max(...session.map((r) => r.requestsPerSecond));
  const ratio = bestBearer / bestSession;
  const best = bearer.find((r) => r.requestsPerSecond === bestBearer);
  return [
    {
      measurement: 'GET /api/user with a bearer token, req/s',
      engine: server.engine,
      figure: `${Math.round(bestBearer)} req/s`,
      baseline: `${Math.round(bestSession)} req/s (session cookie)`,
      ratio: round(ratio, 3),
      target: `ratio ≥ ${TARGET}`,
      met: ratio >= TARGET,
      data: {
        settings: { ...LOAD_SETTINGS, durationSeconds: settings.durationSeconds, rounds: ROUNDS },
        responseBytes: Buffer.byteLength(bearerBody),
        bearer,
        session,
      },
      notes: [
        `best of ${ROUNDS} alternating ${settings.durationSeconds} s runs, ${LOAD_SETTINGS.connections} connections, pipelining ${LOAD_SETTINGS.pipelining}; body ${Buffer.byteLength(bearerBody)} bytes`,
        `bearer latency at best run: p50 ${best?.latencyP50} ms, p99 ${best?.latencyP99} ms`,
      ],
    },
  ];
}
