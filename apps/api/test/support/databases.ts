import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, openPglite, openPostgres } from '../../src/db/client';

// docs/architecture.md#runtime: API tests run on PGlite, and also on PostgreSQL when TEST_DATABASE_URL is set.

export type Engine = 'pglite' | 'pgsql';

/** The engines to run on; each test file does `describe.each(testDatabases())('… (%s)', (engine) => …)`. */
export function testDatabases(): Engine[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'pgsql'] : ['pglite'];
}

export interface TestDatabase {
  database: Database;
  /**
   * The same data through connections of its own, as another API process would have (its own pool
   * and its own change listener). PGlite belongs to one process: there it is the same database.
   */
  another(): Database;
  /** Closes the connections and, on PostgreSQL, drops the schema. */
  drop(): Promise<void>;
}

async function onPostgres<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/**
 * A fresh, empty database: PGlite in memory, or a schema of its own on PostgreSQL (`t_<random>`),
 * so test files and servers running in parallel never see each other's rows.
 */
export async function openTestDatabase(
  engine: Engine,
  // The server's own pool holds 10 connections (db/client.ts); tests that share the machine use fewer.
  { poolMax = 4 }: { poolMax?: number } = {},
): Promise<TestDatabase> {
  if (engine === 'pglite') {
    const database = openPglite();
    return { database, another: () => database, drop: () => database.close() };
  }
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set: the pgsql engine needs a PostgreSQL database');
  const schema = `t_${randomBytes(6).toString('hex')}`;
  await onPostgres(url, (client) => client.query(`CREATE SCHEMA ${schema}`));
  // pg_trgm lives in public (created once by global-setup.ts), hence public on the search path.
  const open = () => openPostgres(url, { searchPath: `${schema},public`, max: poolMax });
  const database = open();
  const others: Database[] = [];
  return {
    database,
    another: () => {
      const other = open();
      others.push(other);
      return other;
    },
    drop: async () => {
      await Promise.all(others.map((other) => other.close()));
      await database.close();
      await onPostgres(url, (client) => client.query(`DROP SCHEMA ${schema} CASCADE`));
    },
  };
}
