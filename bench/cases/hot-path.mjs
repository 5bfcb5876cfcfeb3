import { readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { LOAD_SETTINGS } from '../lib/load.mjs';
import { repoRoot } from '../lib/paths.mjs';
import { round } from '../lib/stats.mjs';
import { cpuNote, measureUserEndpoint } from '../lib/user-throughput.mjs';

// The regression guard of the hot path (issue 29, decision 042): GET /api/user's ratio to the bare
// server, as user-endpoint measures it, against the ratio committed in bench/reference/hot-path.json
// for the same engine. A change that costs every request more than 10 % of the server's throughput
// brings the ratio under 0.9 × the reference and fails. The ratio, not the requests/s, is kept: the
// bare server measured in the same run takes the machine's speed and load out of it.
//
// After a change that is meant to move the figure, rerun on a quiet machine with
// BENCH_UPDATE_REFERENCE=1 and commit the file it rewrites.

export const name = 'hot-path';
export const engines = 'each';

export const REFERENCE_FILE = path.join(repoRoot, 'bench/reference/hot-path.json');
/** The share of the reference the current build must keep. */
const KEEP = 0.9;
// One round more than user-endpoint: its best-of is what the reference is compared with.
const ROUNDS = 3;

/**
 * @typedef {{ ratio: number, recorded: string, source: string }} EngineReference
 * @returns {Promise<Record<string, EngineReference>>}
 */
async function readReference() {
  return JSON.parse(await readFile(REFERENCE_FILE, 'utf8'));
}

/** @param {import('../lib/cases.mjs').CaseContext} context */
export async function run({ server, settings, log }) {
  const reference = (await readReference())[server.engine];
  if (!reference) throw new Error(`${REFERENCE_FILE} has no ratio for ${server.engine}`);
  const measured = await measureUserEndpoint({ server, settings, log, rounds: ROUNDS });
  const floor = reference.ratio * KEEP;
  const notes = [
    `best of ${ROUNDS} alternating ${settings.durationSeconds} s runs, ${LOAD_SETTINGS.connections} connections; ratio ${round(measured.ratio, 3)} against the bare server (${Math.round(measured.bestReal)} / ${Math.round(measured.bestBare)} req/s)`,
    `reference ${reference.ratio} (${reference.source}, ${reference.recorded}); fails under ${round(floor, 3)}`,
    cpuNote(measured.cpu),
  ];
  if (process.env.BENCH_UPDATE_REFERENCE === '1') {
    const all = await readReference();
    all[server.engine] = {
      ratio: round(measured.ratio, 3),
      recorded: new Date().toISOString().slice(0, 10),
      source: `npm run bench -- hot-path on ${os.cpus().length} × ${os.cpus()[0]?.model.trim() ?? 'unknown CPU'}`,
    };
    await writeFile(REFERENCE_FILE, `${JSON.stringify(all, null, 2)}\n`);
    notes.push(`BENCH_UPDATE_REFERENCE=1: ${REFERENCE_FILE} now holds ${round(measured.ratio, 3)}`);
  }
  return [
    {
      measurement: 'GET /api/user ratio to bare, against the reference',
      engine: server.engine,
      figure: `ratio ${round(measured.ratio, 3)}`,
      baseline: `reference ratio ${reference.ratio}`,
      ratio: round(measured.ratio / reference.ratio, 3),
      target: `≥ ${KEEP} × reference`,
      met: measured.ratio >= floor,
      data: { reference, server: measured.real, bare: measured.baseline },
      notes,
    },
  ];
}
