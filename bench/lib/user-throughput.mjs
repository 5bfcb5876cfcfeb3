import { BENCH_ADMIN } from './api-server.mjs';
import { recordResponse, startBareServer } from './bare-server.mjs';
import { onCleanup } from './cleanup.mjs';
import { measureThroughput } from './load.mjs';
import { browserHeaders, signIn } from './session.mjs';

// Throughput of the call the SPA makes on every navigation (GET /api/user, signed in), against a
// bare node:http server replaying the identical response: what Fastify, the session lookup and the
// database cost on top of HTTP itself. Shared by user-endpoint (its target) and hot-path (its
// committed reference).

export const USER_PATH = '/api/user?lang=es';

/**
 * Signs in, records the answer for the bare server, then `rounds` runs of each taking turns after a
 * 1 s warm-up of both; the best of each is kept. Throws when the server answers anything but 2xx.
 * @param {{ server: { url: string }, settings: { durationSeconds: number }, log: (line: string) => void,
 *   rounds: number }} options
 */
export async function measureUserEndpoint({ server, settings, log, rounds }) {
  const jar = await signIn(server.url, BENCH_ADMIN);
  const headers = browserHeaders(server.url, jar);
  const first = await fetch(`${server.url}${USER_PATH}`, { headers });
  if (first.status !== 200) throw new Error(`GET /api/user answered ${first.status}: ${await first.text()}`);
  const recorded = await recordResponse(first);
  const bare = await startBareServer(recorded);
  const stopBare = onCleanup(bare.stop);

  /** @type {import('./load.mjs').Throughput[]} */
  const real = [];
  /** @type {import('./load.mjs').Throughput[]} */
  const baseline = [];
  try {
    // A short warm-up so the first measured round does not pay for JIT compilation and cold caches.
    await measureThroughput({ url: `${server.url}${USER_PATH}`, headers, durationSeconds: 1 });
    await measureThroughput({ url: `${bare.url}${USER_PATH}`, headers, durationSeconds: 1 });
    // Alternate real and bare, so a slow patch of the machine hits both; keep the best of each.
    for (let i = 1; i <= rounds; i++) {
      const onServer = await measureThroughput({ url: `${server.url}${USER_PATH}`, headers, ...settings });
      real.push(onServer);
      log(`round ${i}: server ${Math.round(onServer.requestsPerSecond)} req/s`);
      const onBare = await measureThroughput({ url: `${bare.url}${USER_PATH}`, headers, ...settings });
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
  return {
    bestReal,
    bestBare,
    ratio: bestReal / bestBare,
    real,
    baseline,
    responseBytes: Buffer.byteLength(recorded.body),
    best: real.find((r) => r.requestsPerSecond === bestReal),
  };
}
