import autocannon from 'autocannon';

// One autocannon run with the settings every throughput measurement shares, bounded in time.

export const LOAD_SETTINGS = { connections: 10, pipelining: 1 };

/**
 * @typedef {{ requestsPerSecond: number, total: number, non2xx: number, errors: number,
 *   timeouts: number, latencyP50: number, latencyP99: number }} Throughput
 */

/**
 * @param {{ url: string, headers?: Record<string, string>, durationSeconds: number }} options
 * @returns {Promise<Throughput>}
 */
export function measureThroughput({ url, headers = {}, durationSeconds }) {
  return new Promise((resolve, reject) => {
    autocannon(
      { url, headers, duration: durationSeconds, timeout: 10, ...LOAD_SETTINGS },
      (error, result) => {
        if (error) return reject(error);
        resolve({
          requestsPerSecond: result.requests.average,
          total: result.requests.total,
          non2xx: result.non2xx,
          errors: result.errors,
          timeouts: result.timeouts,
          latencyP50: result.latency.p50,
          latencyP99: result.latency.p99,
        });
      },
    );
  });
}

/**
 * Requests/s of the server against its baseline: a 1 s warm-up of each, then `rounds` runs taking
 * turns, so a busy moment of a shared machine falls on both alike. Every run is returned (callers
 * keep the best of each).
 * @param {{ url: string, headers?: Record<string, string> }} server
 * @param {{ url: string }} baseline
 * @param {{ rounds: number, durationSeconds: number, log: (line: string) => void }} options
 */
export async function alternatingThroughput(server, baseline, { rounds, durationSeconds, log }) {
  await measureThroughput({ ...server, durationSeconds: 1 });
  await measureThroughput({ ...baseline, durationSeconds: 1 });
  /** @type {Throughput[]} */
  const real = [];
  /** @type {Throughput[]} */
  const bare = [];
  for (let i = 1; i <= rounds; i++) {
    const mine = await measureThroughput({ ...server, durationSeconds });
    const theirs = await measureThroughput({ ...baseline, durationSeconds });
    real.push(mine);
    bare.push(theirs);
    log(
      `round ${i}: server ${Math.round(mine.requestsPerSecond)} req/s, raw SQL ${Math.round(theirs.requestsPerSecond)} req/s`,
    );
  }
  return { real, bare };
}
