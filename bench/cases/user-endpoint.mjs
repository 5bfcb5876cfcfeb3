import { BENCH_ADMIN } from '../lib/api-server.mjs';
import { recordResponse, startBareServer } from '../lib/bare-server.mjs';
import { onCleanup } from '../lib/cleanup.mjs';
import { LOAD_SETTINGS, measureThroughput } from '../lib/load.mjs';
import { browserHeaders, signIn } from '../lib/session.mjs';
import { round } from '../lib/stats.mjs';

// Throughput of the call the SPA makes on every navigation (GET /api/user, signed in), against a
// bare node:http server replaying the identical response: what Fastify, the session lookup and the
// database cost on top of HTTP itself.

export const name = 'user-endpoint';
export const engines = 'each';

/** @type {Record<string, number>} */
const TARGETS = { PGlite: 0.3, PostgreSQL: 0.5 };
const ROUNDS = 2;
const PATH = '/api/user?lang=es';

/** @param {import('../lib/cases.mjs').CaseContext} context */
export async function run({ server, settings, log }) {
  const jar = await signIn(server.url, BENCH_ADMIN);
  const headers = browserHeaders(server.url, jar);
  const first = await fetch(`${server.url}${PATH}`, { headers });
  if (first.status !== 200) throw new Error(`GET /api/user answered ${first.status}: ${await first.text()}`);
  const recorded = await recordResponse(first);
  const bare = await startBareServer(recorded);
  const stopBare = onCleanup(bare.stop);

  /** @type {import('../lib/load.mjs').Throughput[]} */
  const real = [];
  /** @type {import('../lib/load.mjs').Throughput[]} */
  const baseline = [];
  try {
    // A short warm-up so the first measured round does not pay for JIT compilation and cold caches.
    await measureThroughput({ url: `${server.url}${PATH}`, headers, durationSeconds: 1 });
    await measureThroughput({ url: `${bare.url}${PATH}`, headers, durationSeconds: 1 });
    // Alternate real and bare, so a slow patch of the machine hits both; keep the best of each.
    for (let i = 1; i <= ROUNDS; i++) {
      const onServer = await measureThroughput({ url: `${server.url}${PATH}`, headers, ...settings });
      real.push(onServer);
      log(`round ${i}: server ${Math.round(onServer.requestsPerSecond)} req/s`);
      const onBare = await measureThroughput({ url: `${bare.url}${PATH}`, headers, ...settings });
      baseline.push(onBare);
      log(`round ${i}: bare node:http ${Math.round(onBare.requestsPerSecond)} req/s`);
    }
  } finally {
    await stopBare();
  }

  const failed = real.find((r) => r.non2xx || r.errors || r.timeouts);
  if (failed) {
    throw new Error(
      `the server answered ${failed.non2xx} non-2xx, ${failed.errors} errors, ${failed.timeouts} timeouts`,
    );
  }
  const bestReal = Math.max(...real.map((r) => r.requestsPerSecond));
  const bestBare = Math.max(...baseline.map((r) => r.requestsPerSecond));
  const ratio = bestReal / bestBare;
  const target = TARGETS[server.engine] ?? 0.3;
  const best = real.find((r) => r.requestsPerSecond === bestReal);
  return [
    {
      measurement: 'GET /api/user signed in, req/s',
      engine: server.engine,
      figure: `${Math.round(bestReal)} req/s`,
      baseline: `${Math.round(bestBare)} req/s (bare node:http)`,
      ratio: round(ratio, 3),
      target: `ratio ≥ ${target}`,
      met: ratio >= target,
      data: {
        settings: { ...LOAD_SETTINGS, durationSeconds: settings.durationSeconds, rounds: ROUNDS },
        responseBytes: Buffer.byteLength(recorded.body),
        server: real,
        bare: baseline,
      },
      notes: [
        `best of ${ROUNDS} alternating ${settings.durationSeconds} s runs, ${LOAD_SETTINGS.connections} connections, pipelining ${LOAD_SETTINGS.pipelining}; body ${Buffer.byteLength(recorded.body)} bytes`,
        `server latency at best run: p50 ${best?.latencyP50} ms, p99 ${best?.latencyP99} ms`,
      ],
    },
  ];
}
