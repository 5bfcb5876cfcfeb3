import { defineConfig } from 'vitest/config';

// Unit tests sit next to the code (x.test.ts); API tests under apps/api/test talk real HTTP
// to a server on a real database (PGlite, and PostgreSQL when TEST_DATABASE_URL is set).
export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.ts', 'apps/api/test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    globalSetup: ['apps/api/test/global-setup.ts'],
  },
});
