import pg from 'pg';

// Test files each migrate their own schema in parallel; an extension is database-wide, so it is
// created once here, before any of them, rather than raced by all of them.
export default async function setup() {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public');
    // Migration 0002 expects pg_trgm in public (each test schema has public on its search path). A test
    // database where an earlier run created it inside some other schema is moved back, or every
    // migration would fail with "operator class gin_trgm_ops does not exist".
    const [row] = (
      await client.query<{ schema: string }>(
        `SELECT n.nspname AS schema FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
          WHERE e.extname = 'pg_trgm'`,
      )
    ).rows;
    if (row && row.schema !== 'public') await client.query('ALTER EXTENSION pg_trgm SET SCHEMA public');
  } finally {
    await client.end();
  }
}
