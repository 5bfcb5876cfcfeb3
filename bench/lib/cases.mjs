import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { repoRoot } from './paths.mjs';

// A measurement is a module in bench/cases/. It exports:
//   name     its id, used to pick it on the command line (`npm run bench -- login-latency`)
//   engines  'each' (measured on every database engine) or 'once' (does not depend on the database)
//   run(context) → Promise<Result[]>  (Result: see report.mjs)
// Adding a measurement is adding a file; run.mjs finds it.

/**
 * @typedef {{
 *   server: { url: string, engine: string, databaseUrl: string | null },
 *   settings: { durationSeconds: number },
 *   chromiumPath: string,
 *   log: (message: string) => void,
 * }} CaseContext
 * @typedef {{ name: string, engines: 'each' | 'once', run: (context: CaseContext) => Promise<import('./report.mjs').Result[]> }} BenchCase
 */

const casesDir = path.join(repoRoot, 'bench/cases');

/**
 * Every case in bench/cases, in file-name order; only the named ones when `only` is not empty.
 * @param {string[]} only
 * @returns {Promise<BenchCase[]>}
 */
export async function loadCases(only = []) {
  const files = (await readdir(casesDir)).filter((f) => f.endsWith('.mjs')).sort();
  /** @type {BenchCase[]} */
  const cases = [];
  for (const file of files) {
    const module = await import(pathToFileURL(path.join(casesDir, file)).href);
    if (typeof module.run !== 'function' || typeof module.name !== 'string') {
      throw new Error(`bench/cases/${file} must export name and run()`);
    }
    if (module.engines !== 'each' && module.engines !== 'once') {
      throw new Error(`bench/cases/${file}: engines must be 'each' or 'once'`);
    }
    cases.push({ name: module.name, engines: module.engines, run: module.run });
  }
  const unknown = only.filter((n) => !cases.some((c) => c.name === n));
  if (unknown.length) {
    throw new Error(`Unknown case ${unknown.join(', ')}; known: ${cases.map((c) => c.name).join(', ')}`);
  }
  return only.length ? cases.filter((c) => only.includes(c.name)) : cases;
}
