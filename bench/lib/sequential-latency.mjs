import http from 'node:http';
import { percentile } from './stats.mjs';

// p50 / p99 of one request made again and again, one at a time (what a person waits for a page),
// after a few to warm up. Several targets (the server and its baseline) take turns request by
// request, so a busy moment of a shared machine falls on both alike. Bounded: each request within
// 10 s, the whole series within `limitMs`.
//
// Every request says what a browser says (Accept-Encoding: gzip, deflate, br, zstd), so the server
// compresses as it does for the SPA, and the answer's bytes are read as they come, never decoded:
// decoding is the client's work, which the bare baselines (they never compress) would not be charged.
// fetch() decoded gzip in this process, between the two timestamps: it added about 1 ms to the
// server's median and more than 15 ms to its p99 (this process's own garbage collection).

/** What Chromium sends. */
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/**
 * One GET, its answer's bytes read whole (undecoded); rejects unless it is a 200.
 * @param {string} url
 * @param {Record<string, string>} headers
 * @returns {Promise<void>}
 */
function getOnce(url, headers) {
  return new Promise((resolve, reject) => {
    const request = http.get(
      url,
      { agent, headers: { 'accept-encoding': BROWSER_ACCEPT_ENCODING, ...headers }, timeout: 10_000 },
      (response) => {
        response.on('data', () => {});
        response.on('error', reject);
        response.on('end', () =>
          response.statusCode === 200
            ? resolve()
            : reject(new Error(`${url} answered ${response.statusCode}`)),
        );
      },
    );
    request.on('timeout', () => request.destroy(new Error(`${url} did not answer within 10 s`)));
    request.on('error', reject);
  });
}

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
      await getOnce(url, headers);
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
