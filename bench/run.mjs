// `npm run bench` (after `npm run build`): every measurement in bench/cases, each beside a baseline
// measured in the same run, on PGlite and, when reachable, on PostgreSQL. See README.md.
//
//   npm run bench                        all cases
//   npm run bench -- login-latency       only the named cases
//   BENCH_DURATION=5 npm run bench       seconds per throughput run (default 10)
//   BENCH_DATABASE_URL=postgres://…      the PostgreSQL server to use (default: local, if it answers)
//   BENCH_STRICT=1 npm run bench         exit 1 when a target is not met

import { existsSync } from 'node:fs';
import { checkBuilt, startApiServer } from './lib/api-server.mjs';
import { loadCases } from './lib/cases.mjs';
import { cleanUpAll, onCleanup } from './lib/cleanup.mjs';
import { createThrowawayDatabase, findPostgres } from './lib/databases.mjs';
import { printReport, writeReport } from './lib/report.mjs';

const TIME_LIMIT_MS = 20 * 60_000;

const durationSeconds = Number(process.env.BENCH_DURATION ?? 10);
if (!Number.isFinite(durationSeconds) || durationSeconds < 1 || durationSeconds > 60) {
  console.error('BENCH_DURATION must be a number of seconds between 1 and 60');
  process.exit(2);
}
const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping what the bench started…`);
    void cleanUpAll().then(() => process.exit(130));
  });
}
const watchdog = setTimeout(() => {
  console.error(`The bench took longer than ${TIME_LIMIT_MS / 60_000} minutes; stopping.`);
  void cleanUpAll().then(() => process.exit(1));
}, TIME_LIMIT_MS);
watchdog.unref();

async function main() {
  const cases = await loadCases(process.argv.slice(2));
  // Only the sign-in page case needs the SPA's build; the others measure the API.
  checkBuilt({ withWeb: cases.some((c) => c.name === 'login-bundle') });
  if (!existsSync(chromiumPath) && cases.some((c) => c.name === 'login-bundle')) {
    throw new Error(
      `No se encuentra Chromium en ${chromiumPath}. Instale Chromium: apt-get install -y chromium, o indique CHROMIUM_PATH`,
    );
  }

  /** @type {Array<{ engine: string, serverUrl: string | null }>} */
  const engines = [{ engine: 'PGlite', serverUrl: null }];
  const postgres = await findPostgres();
  if (postgres) engines.push({ engine: 'PostgreSQL', serverUrl: postgres });
  else console.log('PostgreSQL not reachable (set BENCH_DATABASE_URL to measure it): PGlite only.');

  const results = [];
  for (const [index, { engine, serverUrl }] of engines.entries()) {
    const todo = cases.filter((c) => c.engines === 'each' || index === 0);
    if (!todo.length) continue;
    const database = serverUrl ? await createThrowawayDatabase(serverUrl) : null;
    const dropDatabase = database ? onCleanup(database.drop) : async () => {};
    console.log(`\n== ${engine}: starting the server`);
    const server = await startApiServer({ databaseUrl: database?.url ?? null });
    const stopServer = onCleanup(server.stop);
    try {
      for (const benchCase of todo) {
        console.log(`-- ${benchCase.name} (${engine})`);
        /** @param {string} message */
        const log = (message) => console.log(`   ${benchCase.name}: ${message}`);
        try {
          results.push(
            ...(await benchCase.run({ server, settings: { durationSeconds }, chromiumPath, log })),
          );
        } catch (caught) {
          const error = /** @type {Error} */ (caught);
          console.error(`   ${benchCase.name} failed: ${error.stack ?? error}`);
          results.push({
            measurement: benchCase.name,
            engine: benchCase.engines === 'each' ? engine : '—',
            figure: 'failed',
            baseline: '—',
            ratio: null,
            target: '—',
            met: null,
            notes: [String(error.message ?? error)],
          });
        }
      }
    } finally {
      await stopServer();
    }
    await dropDatabase();
  }

  printReport(results);
  const file = await writeReport(results, {
    settings: { durationSeconds },
    engines: engines.map((e) => e.engine),
  });
  console.log(`Written to ${file}`);
  const failed = results.some((r) => r.met === null);
  const unmet = results.some((r) => r.met === false);
  return failed || (unmet && process.env.BENCH_STRICT) ? 1 : 0;
}

main()
  .then(async (code) => {
    await cleanUpAll();
    process.exit(code);
  })
  .catch(async (/** @type {Error} */ error) => {
    console.error(error.stack ?? error);
    await cleanUpAll();
    process.exit(1);
  });
