import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';
import { type Database, openPglite, openPostgres } from '../../src/db/client';
import { migrate } from '../../src/db/migrate';
import { seedRoles } from '../../src/db/seed';
import { onServer, type SeededTemplates } from './templates';

// docs/architecture.md#runtime: API tests run on PGlite, and also on PostgreSQL when TEST_DATABASE_URL is set.

export type Engine = 'pglite' | 'pgsql';

/** The engines to run on; each test file does `describe.each(testDatabases())('… (%s)', (engine) => …)`. */
export function testDatabases(): Engine[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'pgsql'] : ['pglite'];
}

export interface TestDatabase {
  database: Database;
  /**
   * Where another program (a CLI, a server process of its own) connects to the same data on
   * PostgreSQL: a database of its own on TEST_DATABASE_URL's server. Null on PGlite.
   */
  url: string | null;
  /**
   * The same data through connections of its own, as another API process would have (its own pool
   * and its own change listener). PGlite belongs to one process: there it is the same database.
   */
  another(): Database;
  /** Closes the connections and, on PostgreSQL, drops the database. */
  drop(): Promise<void>;
}

export interface OpenTestDatabaseOptions {
  /** The server's own pool holds 10 connections (db/client.ts); tests that share the machine use fewer. */
  poolMax?: number;
  /**
   * Migrated, with the seeded roles (what startTestServer starts from), copied from the snapshot the
   * global setup made once (global-setup.ts) instead of migrated again. Without it the database is
   * empty, for tests that migrate step by step themselves.
   */
  seeded?: boolean;
  /**
   * PGlite only: the directory it keeps its data in (as STORAGE_PATH/db), for tests whose database is
   * opened by a process of its own afterwards (the command line). In memory without it.
   */
  dataDir?: string;
}

/** TEST_DATABASE_URL with another database name: same server, same credentials. */
export function postgresUrlFor(database: string): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set: the pgsql engine needs a PostgreSQL database');
  const target = new URL(url);
  target.pathname = `/${database}`;
  return target.toString();
}

/** What the global setup made; nothing outside a Vitest run that had it (then databases are migrated here). */
function templates(): Partial<SeededTemplates> {
  try {
    return inject('gestorTemplates') ?? {};
  } catch {
    return {};
  }
}

// Each worker reads the PGlite snapshot once and hands the same bytes to every database it opens.
let snapshotBytes: { path: string; blob: Promise<Blob> } | null = null;
function pgliteSnapshot(path: string): Promise<Blob> {
  if (snapshotBytes?.path !== path) {
    snapshotBytes = { path, blob: readFile(path).then((bytes) => new Blob([bytes])) };
  }
  return snapshotBytes.blob;
}

async function migrateAndSeed(database: Database): Promise<void> {
  await migrate(database);
  await seedRoles(database);
}

/**
 * A fresh database of this test's own: PGlite in memory, or a database of its own on PostgreSQL
 * (`t_<random>`, dropped by `drop()`), so test files and servers running in parallel never see each
 * other's rows. Empty unless `seeded` (see OpenTestDatabaseOptions).
 */
export async function openTestDatabase(
  engine: Engine,
  { poolMax = 4, seeded = false, dataDir }: OpenTestDatabaseOptions = {},
): Promise<TestDatabase> {
  const made = seeded ? templates() : {};
  if (engine === 'pglite') {
    const database = made.pgliteSnapshot
      ? openPglite(dataDir, { loadDataDir: await pgliteSnapshot(made.pgliteSnapshot) })
      : openPglite(dataDir);
    try {
      if (seeded && !made.pgliteSnapshot) await migrateAndSeed(database);
    } catch (error) {
      await database.close();
      throw error;
    }
    return { database, url: null, another: () => database, drop: () => database.close() };
  }

  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl)
    throw new Error('TEST_DATABASE_URL is not set: the pgsql engine needs a PostgreSQL database');
  // The run's prefix lets the global teardown drop what a crashed file left behind (and only that).
  const name = `${made.runPrefix ?? 't_'}${randomBytes(6).toString('hex')}`;
  // A copy of the migrated template is a file copy; an empty database comes from template0, which
  // nobody changes (template1 may hold whatever someone installed there).
  const template = made.postgresTemplate ?? 'template0';
  await onServer(serverUrl, (client) => client.query(`CREATE DATABASE ${name} TEMPLATE ${template}`));
  const url = postgresUrlFor(name);
  const open = () => openPostgres(url, { max: poolMax });
  const database = open();
  const others: Database[] = [];
  const drop = async () => {
    await Promise.all(others.map((other) => other.close()));
    await database.close();
    await onServer(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  };
  try {
    if (seeded && !made.postgresTemplate) await migrateAndSeed(database);
  } catch (error) {
    await drop();
    throw error;
  }
  return {
    database,
    url,
    another: () => {
      const other = open();
      others.push(other);
      return other;
    },
    drop,
  };
}
