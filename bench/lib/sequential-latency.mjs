import { percentile } from './stats.mjs';

// p50 / p99 of one request made again and again, one at a time (what a person waits for a page),
// after a few to warm up. Several targets (the server and its baseline) take turns request by
// request, so a busy moment of a shared machine falls on both alike. Bounded: each request within
// 10 s, the whole series within `limitMs`.

/**
 * @param {Array<{ url: string, headers?: Record<string, string> }>} targets
 * @param {{ requests?: number, warmUp?: number, limitMs?: number }} [options]
 */
export async function alternatingLatencies(targets, { requests = 400, warmUp = 20, limitMs = 240_000 } = {}) {
  const deadline = Date.now() + limitMs;
  /** @type {number[][]} */
  const times = targets.map(() => []);
  for (let i = 0; i < requests + warmUp; i++) {
    for (const [t, { url, headers = {} }] of targets.entries()) {
      if (Date.now() > deadline) {
        throw new Error(`${requests} sequential requests to ${url} took more than ${limitMs / 1000} s`);
      }
      const started = performance.now();
      const response = await fetch(url, { headers, signal: AbortSignal.timeout(10_000) });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
      if (i >= warmUp) times[t]?.push(performance.now() - started);
    }
  }
  return times.map((series) => ({
    p50: percentile(series, 50),
    p90: percentile(series, 90),
    p99: percentile(series, 99),
    max: Math.max(...series),
    requests,
  }));
}
