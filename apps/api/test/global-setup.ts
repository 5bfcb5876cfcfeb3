import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { dropRunDatabases, prepareSeededTemplates } from './support/templates';

// Before any test file: the migrated, seeded snapshots every test server starts from (migrating
// takes seconds; copying, a fraction of that), handed to the workers through Vitest's provide/inject.
// After the run: the PostgreSQL databases a crashed file left behind.
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  // Tests that make a schema of their own in the test database (webhooks-processes.test.ts) find
  // pg_trgm in public; an extension is database-wide, so it is created here rather than raced.
  if (url) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query('CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public');
    } finally {
      await client.end();
    }
  }
  const templates = await prepareSeededTemplates();
  project.provide('gestorTemplates', templates);
  return () => dropRunDatabases(templates.runPrefix);
}
