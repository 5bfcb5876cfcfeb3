import os from 'node:os';
import { defineConfig } from 'vitest/config';

// Vitest's default is one worker fewer than the cores: one on CI's 2-core runner, where most of a
// file's time is spent waiting on a database or a child process. Two files at a time there, as long
// as the machine has the memory for two (a worker with its PGlite instances peaks near 1 GiB).
// Test files keep nothing shared: each server has its own database (support/databases.ts), port and
// storage directory. docs/decisions/043-test-suite-time.md.
const workers = os.totalmem() >= 4 * 2 ** 30 ? Math.max(2, os.availableParallelism() - 1) : 1;

// Unit tests sit next to the code (x.test.ts); API tests under apps/api/test talk real HTTP
// to a server on a real database (PGlite, and PostgreSQL when TEST_DATABASE_URL is set).
export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Whether a worker process outlives its file is decided here, for the whole run, not by a
    // project's `isolate`: with only the API project's `isolate: false`, Vitest 3.2 still started a
    // new process for every file, which imported the whole API again (2.4 s a file, a third of the
    // phase's CPU). Kept processes serve the API files (next project); the SPA's files reset their
    // graph per file in theirs (the `web` project below). Decision 043.
    poolOptions: { forks: { isolate: false } },
    maxWorkers: workers,
    minWorkers: 1,
    // As the browser tests do: on CI a failed test runs once more (a timing test on a loaded runner);
    // a retried pass is still reported, so a flake is seen, not hidden.
    retry: process.env.CI ? 1 : 0,
    projects: [
      {
        extends: true,
        test: {
          name: 'api',
          include: ['packages/*/src/**/*.test.ts', 'apps/api/src/**/*.test.ts', 'apps/api/test/**/*.test.ts'],
          globalSetup: ['apps/api/test/global-setup.ts'],
          // One module graph per worker, not per file: importing the whole API again for each of some
          // 80 files was a third of their time (decision 043). They mock no module and each starts its
          // own server, database and storage, so nothing they share is state.
          isolate: false,
        },
      },
      {
        extends: true,
        // The SPA's unit tests mock modules (vi.mock), which only a graph of their own keeps to them:
        // their kept process resets its mocks and modules before each file (four of these files
        // failed without it). Vitest runs one project's files at a time, so no API file shares it.
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.ts'],
          poolOptions: { forks: { isolate: true } },
        },
      },
    ],
  },
});
