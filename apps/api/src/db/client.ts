import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import type { Config } from '../config/config';

// One SQL dialect on two engines: PGlite embedded (the default) and PostgreSQL (DATABASE_URL).
// Queries are parameterised SQL through this thin layer (docs/decisions/003-sql-without-orm.md).

export interface Connection {
  /** Runs a script of several statements without parameters (migrations). */
  exec(script: string): Promise<void>;
  /**
   * A parameterised query ($1, $2…); returns the rows. `name` makes it a prepared statement on
   * PostgreSQL (parsed and planned once per connection): for the few statements every request runs.
   */
  query<T = Record<string, unknown>>(text: string, params?: unknown[], name?: string): Promise<T[]>;
}

export interface Database extends Connection {
  kind: 'pglite' | 'pgsql';
  /** Runs fn inside one transaction on one connection; rolls back when it throws. */
  transaction<T>(fn: (tx: Connection) => Promise<T>): Promise<T>;
  /**
   * PGlite only (one process owns the database): a number that changes whenever any statement other
   * than a SELECT starts or ends. A cache stamped with it is stale as soon as anything was written.
   */
  writeGeneration?: () => number;
  /** Runs fn on one connection holding a database-wide lock (PostgreSQL advisory lock; PGlite has one connection). */
  exclusive<T>(lockKey: number, fn: (connection: Connection) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

const READ_ONLY = /^\s*SELECT\b/i;

// pg returns int8 as a string; our counts and ids fit in a JS number.
pg.types.setTypeParser(20, (v) => Number(v));

export function openPglite(dataDir?: string): Database {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = new PGlite({ ...(dataDir ? { dataDir } : {}), extensions: { pg_trgm } });
  let generation = 0;
  const writing = async <T>(text: string, run: () => Promise<T>): Promise<T> => {
    if (READ_ONLY.test(text)) return run();
    generation++;
    try {
      return await run();
    } finally {
      generation++;
    }
  };
  const on = (target: PGlite | Transaction): Connection => ({
    exec: (script) =>
      writing(script, async () => {
        await target.exec(script);
      }),
    query: <T>(text: string, params?: unknown[]) =>
      writing(text, async () => (await target.query<T>(text, params)).rows),
  });
  return {
    ...on(client),
    kind: 'pglite',
    writeGeneration: () => generation,
    transaction: (fn) => client.transaction((tx) => fn(on(tx))),
    exclusive: (_lockKey, fn) => fn(on(client)),
    close: () => client.close(),
  };
}

export function openPostgres(url: string, options: { searchPath?: string; max?: number } = {}): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    ...(options.searchPath ? { options: `-c search_path=${options.searchPath}` } : {}),
  });
  // An idle client that loses its server must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  const on = (client: pg.Pool | pg.PoolClient): Connection => ({
    exec: async (script) => {
      await client.query(script);
    },
    // A named statement is parsed and planned once per pooled connection, then only executed.
    query: async <T>(text: string, params?: unknown[], name?: string) =>
      (await client.query({ text, values: params ?? [], ...(name ? { name } : {}) })).rows as T[],
  });
  const withClient = async <T>(fn: (client: pg.PoolClient) => Promise<T>): Promise<T> => {
    const client = await pool.connect();
    try {
      return await fn(client);
    } finally {
      client.release();
    }
  };
  return {
    ...on(pool),
    kind: 'pgsql',
    transaction: (fn) =>
      withClient(async (client) => {
        await client.query('BEGIN');
        try {
          const result = await fn(on(client));
          await client.query('COMMIT');
          return result;
        } catch (error) {
          await client.query('ROLLBACK');
          throw error;
        }
      }),
    exclusive: (lockKey, fn) =>
      withClient(async (client) => {
        await client.query('SELECT pg_advisory_lock($1)', [lockKey]);
        try {
          return await fn(on(client));
        } finally {
          await client.query('SELECT pg_advisory_unlock($1)', [lockKey]);
        }
      }),
    close: () => pool.end(),
  };
}

export function openDatabase(config: Config): Database {
  return config.database.connection === 'pgsql'
    ? openPostgres(config.database.url)
    : openPglite(path.resolve(config.storagePath, 'db'));
}
