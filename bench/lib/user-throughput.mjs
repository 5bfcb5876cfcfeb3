import { BENCH_ADMIN } from './api-server.mjs';
import { recordResponse, startBareServer } from './bare-server.mjs';
import { onCleanup } from './cleanup.mjs';
import { measureThroughput } from './load.mjs';
import { withCpuPerRequest } from './process-cpu.mjs';
import { browserHeaders, signIn } from './session.mjs';

// Throughput of the call the SPA makes on every navigation (GET /api/user, signed in), against a
// bare node:http server replaying the identical response: what Fastify, the session lookup and the
// database cost on top of HTTP itself. Shared by user-endpoint (its target) and hot-path (its
// committed reference).

export const USER_PATH = '/api/user?lang=es';

/**
 * Signs in, records the answer for the bare server, then `rounds` runs of each taking turns after a
 * 1 s warm-up of both; the best of each is kept. Throws when the server answers anything but 2xx.
 * Each run also says the CPU each process used per request (process-cpu.mjs), reported beside.
 * @param {{ server: { url: string, pid?: number }, settings: { durationSeconds: number },
 *   log: (line: string) => void, rounds: number }} options
 */
export async function measureUserEndpoint({ server, settings, log, rounds }) {
  const jar = await signIn(server.url, BENCH_ADMIN);
  const headers = browserHeaders(server.url, jar);
  const first = await fetch(`${server.url}${USER_PATH}`, { headers });
  if (first.status !== 200) throw new Error(`GET /api/user answered ${first.status}: ${await first.text()}`);
  const recorded = await recordResponse(first);
  const bare = await startBareServer(recorded);
  const stopBare = onCleanup(bare.stop);

  /** @type {Array<import('./load.mjs').Throughput & { cpuMicrosPerRequest: number | null }>} */
  const real = [];
  /** @type {Array<import('./load.mjs').Throughput & { cpuMicrosPerRequest: number | null }>} */
  const baseline = [];
  try {
    // A short warm-up so the first measured round does not pay for JIT compilation and cold caches.
    await measureThroughput({ url: `${server.url}${USER_PATH}`, headers, durationSeconds: 1 });
    await measureThroughput({ url: `${bare.url}${USER_PATH}`, headers, durationSeconds: 1 });
    // Alternate real and bare, so a slow patch of the machine hits both; keep the best of each.
    for (let i = 1; i <= rounds; i++) {
      const onServer = await withCpuPerRequest(server.pid ?? 0, () =>
        measureThroughput({ url: `${server.url}${USER_PATH}`, headers, ...settings }),
      );
      real.push(onServer);
      log(`round ${i}: server ${Math.round(onServer.requestsPerSecond)} req/s`);
      const onBare = await withCpuPerRequest(bare.pid, () =>
        measureThroughput({ url: `${bare.url}${USER_PATH}`, headers, ...settings }),
      );
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
  /**
   * The least CPU per request of the runs (the run least disturbed).
   * @param {Array<{ cpuMicrosPerRequest: number | null }>} runs
   */
  const leastCpu = (runs) => {
    const known = runs
      .map((r) => r.cpuMicrosPerRequest)
      .filter((v) => v !== null)
      .map(Number);
    return known.length ? Math.min(...known) : null;
  };
  return {
    bestReal,
    bestBare,
    ratio: bestReal / bestBare,
    cpu: { server: leastCpu(real), bare: leastCpu(baseline) },
    real,
    baseline,
    responseBytes: Buffer.byteLength(recorded.body),
    best: real.find((r) => r.requestsPerSecond === bestReal),
  };
}

/**
 * "CPU per request: server 41 µs, bare node:http 28 µs (0.68)": what each process spent per answer,
 * least of the runs; the ratio is bare / server, as the throughput's.
 * @param {{ server: number | null, bare: number | null }} cpu
 */
export function cpuNote({ server, bare }) {
  if (server === null || bare === null) return 'CPU per request: not measured (no /proc)';
  return `CPU per request: server ${Math.round(server)} µs, bare node:http ${Math.round(bare)} µs (${(bare / server).toFixed(2)})`;
}
