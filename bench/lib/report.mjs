import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { resultsDir } from './paths.mjs';

/**
 * One line of the report. Cases return these; `data` keeps the raw numbers for latest.json.
 * @typedef {{ measurement: string, engine: string, figure: string, baseline: string,
 *   ratio: number | null, target: string, met: boolean | null, data?: object, notes?: string[] }} Result
 */

/** @param {Result[]} rows */
function table(rows) {
  const header = ['Measurement', 'Engine', 'Figure', 'Baseline', 'Ratio', 'Target', 'Met'];
  const cells = rows.map((r) => [
    r.measurement,
    r.engine,
    r.figure,
    r.baseline,
    r.ratio === null ? '—' : r.ratio.toFixed(2),
    r.target,
    r.met === null ? 'error' : r.met ? 'met' : 'NOT MET',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]?.length ?? 0)));
  /** @param {string[]} c */
  const line = (c) => c.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join(' │ ');
  return [line(header), widths.map((w) => '─'.repeat(w)).join('─┼─'), ...cells.map(line)].join('\n');
}

/**
 * Prints the table and the notes of each result.
 * @param {Result[]} results
 */
export function printReport(results) {
  console.log(`\n${table(results)}\n`);
  for (const result of results) {
    if (!result.notes?.length) continue;
    console.log(
      result.engine === '—' ? `${result.measurement}:` : `${result.measurement} (${result.engine}):`,
    );
    for (const note of result.notes) console.log(`  ${note}`);
    console.log('');
  }
}

/**
 * Writes bench/results/latest.json (gitignored) and returns its path.
 * @param {Result[]} results
 * @param {object} extra
 */
export async function writeReport(results, extra = {}) {
  await mkdir(resultsDir, { recursive: true });
  const file = path.join(resultsDir, 'latest.json');
  const cpus = os.cpus();
  const report = {
    date: new Date().toISOString(),
    machine: {
      cpu: cpus[0]?.model ?? 'unknown',
      cores: cpus.length,
      node: process.version,
      platform: process.platform,
    },
    ...extra,
    results,
  };
  await writeFile(file, `${JSON.stringify(report, null, 2)}\n`);
  return file;
}
