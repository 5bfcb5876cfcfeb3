import http from 'node:http';
import ExcelJS from 'exceljs';
import { samplePeakDuring } from '../lib/process-memory.mjs';
import { createAnsweredQuiz } from '../lib/quiz-responses-fixture.mjs';
import { round } from '../lib/stats.mjs';

// Issue 33: a quiz's responses exported as an Excel workbook do not take the server's memory.
// The same quiz as `test-statistics` (50 questions, 10 000 submitted first attempts written straight
// into its table), exported through GET /api/tests/{id}/responses?format=xlsx as the administrator.
// (a) The server's peak RSS growth during that export: VmRSS from /proc/<pid>/status sampled every
//     20 ms and VmHWM (reset through clear_refs just before), minus the RSS just before; the first
//     XLSX export of the server, after one CSV export of the same responses (which loads the same
//     reading path). Target: ≤ 60 MB.
// (b) The time of the export, from the request until its last byte, against the CSV export of the
//     same responses (format=csv), ROUNDS of each taking turns, the median of each kept. Reported,
//     no target: the workbook is zipped and exceljs builds an object per cell.
// The workbook is read back with exceljs and checked to hold every response. PostgreSQL only: the
// responses are written by SQL into the server's database.

export const name = 'test-export-xlsx';
export const engines = 'each';

const QUESTIONS = 50;
const RESPONSES = 10_000;
const ROUNDS = 3;
const RSS_TARGET = 60e6;

/** @param {number} bytes */
const mb = (bytes) => `${round(bytes / 1e6, 1)} MB`;

/**
 * One GET, its whole body and how long it took, from the request until the last byte. No
 * Accept-Encoding: the exports are files sent as they are (never compressed on the way).
 * @param {string} url
 * @param {Record<string, string>} headers
 * @returns {Promise<{ ms: number, body: Buffer, type: string }>}
 */
function download(url, headers) {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers, timeout: 120_000 }, (response) => {
      /** @type {Buffer[]} */
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        const body = Buffer.concat(chunks);
        if (response.statusCode !== 200) {
          reject(new Error(`${url} answered ${response.statusCode}: ${body.toString('utf8').slice(0, 300)}`));
        } else {
          resolve({ ms: performance.now() - started, body, type: String(response.headers['content-type']) });
        }
      });
    });
    request.on('timeout', () => request.destroy(new Error(`${url} did not answer within 120 s`)));
    request.on('error', reject);
  });
}

/** @param {number[]} values */
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

/** @param {import('../lib/cases.mjs').CaseContext} context */
export async function run({ server, log }) {
  if (!server.databaseUrl) {
    log('PostgreSQL only (the responses are written by SQL into the server’s database): skipped on PGlite');
    return [];
  }
  const pid = /** @type {{ pid?: number }} */ (server).pid;
  if (!pid) throw new Error('the API server exposes no pid to read its memory from');
  const started = performance.now();
  const quiz = await createAnsweredQuiz(
    { url: server.url, databaseUrl: server.databaseUrl },
    { questions: QUESTIONS, responses: RESPONSES, seed: 51 },
  );
  log(
    `a quiz of ${QUESTIONS} questions and ${RESPONSES} responses in ${round((performance.now() - started) / 1000, 1)} s`,
  );
  const exportUrl = (/** @type {'csv' | 'xlsx'} */ format) =>
    `${server.url}/api/tests/${quiz.id}/responses?format=${format}&lang=es`;
  const { Accept: _json, ...headers } = quiz.headers;

  const csv = await download(exportUrl('csv'), headers);
  const csvLines = csv.body.toString('utf8').split('\r\n').filter(Boolean).length;
  log(`CSV export (warm-up): ${round(csv.ms)} ms, ${mb(csv.body.length)}, ${csvLines} lines`);

  const memory = await samplePeakDuring(pid, () => download(exportUrl('xlsx'), headers));
  const first = memory.result;
  log(
    `XLSX export: ${round(first.ms)} ms, ${mb(first.body.length)}; RSS ${mb(memory.baseline)} before, peak ${mb(memory.peak)} (+${mb(memory.growth)})`,
  );
  if (!first.type.startsWith('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')) {
    throw new Error(`the XLSX export came as ${first.type}`);
  }
  // Read back: a header and a row per response, the score a number.
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(/** @type {any} exceljs's types predate Node's generic Buffer */ (first.body));
  const sheet = workbook.worksheets[0];
  if (!sheet || sheet.rowCount !== RESPONSES + 1) {
    throw new Error(`the workbook holds ${sheet?.rowCount ?? 0} rows, not ${RESPONSES + 1}`);
  }
  const secondRow = /** @type {unknown[]} */ (sheet.getRow(2).values);
  if (!secondRow.some((value) => typeof value === 'number')) {
    throw new Error(
      `the workbook's first response has no number: ${JSON.stringify(secondRow).slice(0, 300)}`,
    );
  }

  /** @type {number[]} */
  const xlsxTimes = [];
  /** @type {number[]} */
  const csvTimes = [];
  for (let i = 0; i < ROUNDS; i++) {
    xlsxTimes.push((await download(exportUrl('xlsx'), headers)).ms);
    csvTimes.push((await download(exportUrl('csv'), headers)).ms);
  }
  const xlsxMs = median(xlsxTimes);
  const csvMs = median(csvTimes);
  log(
    `times: XLSX ${xlsxTimes.map((ms) => round(ms)).join(', ')} ms; CSV ${csvTimes.map((ms) => round(ms)).join(', ')} ms`,
  );

  const shape = `${QUESTIONS} questions × ${RESPONSES / 1000}k responses`;
  return [
    {
      measurement: `GET /api/tests/{id}/responses?format=xlsx, ${shape}, server RSS growth`,
      engine: server.engine,
      figure: `+${mb(memory.growth)}`,
      baseline: `${mb(memory.baseline)} RSS before`,
      ratio: null,
      target: `≤ ${mb(RSS_TARGET)}`,
      met: memory.growth <= RSS_TARGET,
      data: {
        memory: { ...memory, result: undefined },
        xlsxBytes: first.body.length,
        csvBytes: csv.body.length,
      },
      notes: [
        `the server's first XLSX export, after one CSV export; VmRSS sampled every 20 ms (${memory.samples} samples, peak ${mb(memory.sampledPeak)})${memory.hwmReset ? `; VmHWM reset before, ${mb(memory.hwmAfter)} after` : '; VmHWM could not be reset, samples only'}`,
        `the workbook: ${mb(first.body.length)} (the CSV ${mb(csv.body.length)}), read back with exceljs: ${sheet.rowCount} rows`,
      ],
    },
    {
      measurement: `GET /api/tests/{id}/responses?format=xlsx, ${shape}, time`,
      engine: server.engine,
      figure: `${round(xlsxMs)} ms`,
      baseline: `${round(csvMs)} ms (format=csv, same responses)`,
      ratio: round(xlsxMs / csvMs),
      target: 'none (reported)',
      met: true,
      data: { xlsxTimes, csvTimes },
      notes: [`median of ${ROUNDS} of each, taking turns; request to last byte, read whole by the bench`],
    },
  ];
}
