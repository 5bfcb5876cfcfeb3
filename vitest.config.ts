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
    // Worker processes outlive their files, so the API files import the API once per worker, not
    // once per file (2.4 s a file, a third of the phase's CPU). Vitest 3.2 decides that here, for the
    // whole run: a project's `isolate: false` alone still started a process per file. The SPA's
    // files reset their modules per file (the `web` project below). Decision 043.
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
          // These files share their worker's process and modules (poolOptions above). They mock no
          // module and each starts its own server, database and storage, so what they share is code,
          // not state.
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
