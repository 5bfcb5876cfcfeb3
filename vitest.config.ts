import { defineConfig } from 'vitest/config';

// Unit tests sit next to the code (x.test.ts); API tests under apps/api/test talk real HTTP
// to a server on a real database (PGlite, and PostgreSQL when TEST_DATABASE_URL is set).
export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.ts', 'apps/api/test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // As the browser tests do: on CI a failed test runs once more (a timing test on a loaded runner);
    // a retried pass is still reported, so a flake is seen, not hidden.
    retry: process.env.CI ? 1 : 0,
    globalSetup: ['apps/api/test/global-setup.ts'],
  },
});
