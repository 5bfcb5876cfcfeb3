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
  } finally {
    await client.end();
  }
}
