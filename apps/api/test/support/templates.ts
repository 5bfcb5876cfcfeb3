import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { SEEDED_ROLES } from '@gestor/shared';
import pg from 'pg';
import { openPglite, openPostgres } from '../../src/db/client';
import { migrate } from '../../src/db/migrate';
import { MIGRATIONS } from '../../src/db/migrations/index';
import { seedRoles } from '../../src/db/seed';

// Migrating a database takes seconds on either engine and API tests start hundreds of servers: the
// global setup migrates once and every server starts from a copy (docs/decisions/043-test-suite-time.md).
// A PGlite data directory snapshot (a tarball in the temporary directory) and a PostgreSQL template
// database, both named after a hash of what makes them, so a changed migration or seed makes new ones
// and an unchanged one is reused by the next run (and by a colleague's run on the same machine).

export interface SeededTemplates {
  /** A tarball of a migrated, seeded PGlite data directory, for `new PGlite({ loadDataDir })`. */
  pgliteSnapshot: string;
  /** A migrated, seeded database on TEST_DATABASE_URL's server nobody connects to; null without it. */
  postgresTemplate: string | null;
  /** The prefix of this run's PostgreSQL test databases (`t_<run>_`), all dropped at the end of the run. */
  runPrefix: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    gestorTemplates: SeededTemplates;
  }
}

/** A hash of everything the snapshot holds: the migrations, the seeded roles and the seed's code. */
export function seededKey(): string {
  // The snapshot is PGlite's own data directory format: another PGlite version makes another one.
  // (Its package.json is not exported: found beside the entry point.)
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const pgliteVersion = (
    JSON.parse(readFileSync(path.join(path.dirname(entry), '..', 'package.json'), 'utf8')) as {
      version: string;
    }
  ).version;
  return createHash('sha256')
    .update(
      JSON.stringify({
        migrations: MIGRATIONS.map(({ name, up }) => [name, up]),
        roles: SEEDED_ROLES,
        seed: seedRoles.toString(),
        pglite: pgliteVersion,
        // The snapshot's shape (below: the two databases nobody opens are left out).
        snapshot: 2,
      }),
    )
    .digest('hex')
    .slice(0, 16);
}

async function makePgliteSnapshot(key: string): Promise<string> {
  const file = path.join(tmpdir(), `gestor-test-pglite-${key}.tar`);
  if (existsSync(file)) return file;
  // Migrated through openPglite (the engine as the app opens it) in a directory, then dumped by a
  // plain PGlite on that directory: the app's Database does not hand out its PGlite.
  const work = await mkdtemp(path.join(tmpdir(), 'gestor-test-pglite-'));
  try {
    const database = openPglite(path.join(work, 'db'));
    try {
      await migrate(database);
      await seedRoles(database);
    } finally {
      await database.close();
    }
    const raw = await PGlite.create({ dataDir: path.join(work, 'db'), extensions: { pg_trgm } });
    try {
      // PGlite opens template1; `postgres` and `template0` are never opened by the app or a test, and
      // they are almost half the snapshot's files. Every test database loads the whole tarball into
      // memory file by file, so leaving them out takes a quarter of the CPU off each open (about
      // 0.65 → 0.5 s). A checkpoint first, so little WAL is left to replay.
      for (const statement of [
        'DROP DATABASE postgres',
        "UPDATE pg_database SET datistemplate = false WHERE datname = 'template0'",
        'DROP DATABASE template0',
        'CHECKPOINT',
      ]) {
        await raw.query(statement);
      }
      const tarball = await raw.dumpDataDir('none');
      // Written aside, then renamed: a run starting meanwhile never reads half a file.
      const partial = `${file}.${randomBytes(4).toString('hex')}`;
      await writeFile(partial, Buffer.from(await tarball.arrayBuffer()));
      await rename(partial, file);
    } finally {
      await raw.close();
    }
  } finally {
    await rm(work, { recursive: true, force: true });
  }
  return file;
}

/** One statement session on a PostgreSQL server (CREATE/DROP DATABASE cannot run in a pool's transaction). */
export async function onServer<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * `gestor_template_<key>`: made under a name of its own, then closed to connections (CREATE DATABASE
 * … TEMPLATE fails while anyone is connected to the template) and renamed, so a run that finds the
 * name finds it finished. Two runs making it at once: the second rename fails and its copy is dropped.
 */
async function makePostgresTemplate(serverUrl: string, key: string): Promise<string> {
  const name = `gestor_template_${key}`;
  const exists = async () =>
    (
      await onServer(serverUrl, (client) =>
        client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]),
      )
    ).rowCount === 1;
  if (await exists()) return name;
  const building = `gestor_building_${randomBytes(6).toString('hex')}`;
  await onServer(serverUrl, (client) => client.query(`CREATE DATABASE ${building} TEMPLATE template0`));
  try {
    const database = openPostgres(databaseUrl(serverUrl, building), { max: 1 });
    try {
      await migrate(database);
      await seedRoles(database);
    } finally {
      await database.close();
    }
    await onServer(serverUrl, async (client) => {
      await client.query(`ALTER DATABASE ${building} WITH ALLOW_CONNECTIONS false`);
      try {
        await client.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
      } catch (error) {
        if ((error as { code?: string }).code !== '42P04') throw error;
      }
    });
  } finally {
    await onServer(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`));
  }
  return name;
}

/** Makes (or finds) both snapshots; run once by the global setup before any test file. */
export async function prepareSeededTemplates(): Promise<SeededTemplates> {
  const key = seededKey();
  const serverUrl = process.env.TEST_DATABASE_URL;
  const [pgliteSnapshot, postgresTemplate] = await Promise.all([
    makePgliteSnapshot(key),
    serverUrl ? makePostgresTemplate(serverUrl, key) : null,
  ]);
  return { pgliteSnapshot, postgresTemplate, runPrefix: `t_${randomBytes(3).toString('hex')}_` };
}

/** Drops the run's PostgreSQL test databases that are left (a file that crashed before its teardown). */
export async function dropRunDatabases(runPrefix: string): Promise<void> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return;
  await onServer(serverUrl, async (client) => {
    const { rows } = await client.query<{ datname: string }>(
      'SELECT datname FROM pg_database WHERE starts_with(datname, $1)',
      [runPrefix],
    );
    for (const { datname } of rows) await client.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
  });
}
