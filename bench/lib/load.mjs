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
