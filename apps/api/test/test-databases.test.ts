import pg from 'pg';
import { describe, expect, test } from 'vitest';
import type { Database } from '../src/db/client';
import { migrate } from '../src/db/migrate';
import { seedRoles } from '../src/db/seed';
import { openTestDatabase, testDatabases } from './support';

// Test servers start from a snapshot the global setup migrated and seeded once (support/templates.ts,
// decision 043): it must hold exactly what migrating and seeding an empty database makes today, or
// every API test would run on a schema other than the one the app gets.

/** What a migration or the seed decides: tables and columns, indexes, functions, and the seeded rows. */
async function shape(database: Database) {
  const columns = await database.query(
    `SELECT table_name, column_name, data_type, is_nullable, column_default
       FROM information_schema.columns WHERE table_schema = 'public'
      ORDER BY table_name, column_name`,
  );
  const indexes = await database.query(
    "SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = 'public' ORDER BY indexname",
  );
  const functions = await database.query(
    `SELECT p.proname, pg_get_function_identity_arguments(p.oid) AS args
       FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
      WHERE n.nspname = 'public' ORDER BY 1, 2`,
  );
  const migrations = await database.query('SELECT name FROM migrations ORDER BY name');
  const roles = await database.query(
    `SELECT r.name, r.label, array_agg(p.permission ORDER BY p.permission) AS permissions
       FROM roles r LEFT JOIN role_permissions p ON p.role_id = r.id GROUP BY r.name, r.label ORDER BY r.name`,
  );
  return { columns, indexes, functions, migrations, roles };
}

// Four databases opened and one migrated by hand: on a busy 2-core runner that takes more than the default.
const SLOW = 180_000;

describe.each(testDatabases())('test databases (%s)', (engine) => {
  test(
    'a seeded one is what migrating and seeding an empty one makes',
    async () => {
      const seeded = await openTestDatabase(engine, { seeded: true });
      const empty = await openTestDatabase(engine);
      try {
        await migrate(empty.database);
        await seedRoles(empty.database);
        const expected = await shape(empty.database);
        expect(expected.migrations.length).toBeGreaterThan(0);
        expect(await shape(seeded.database)).toEqual(expected);
        // Nothing left to run: the snapshot is not behind the migrations.
        expect(await migrate(seeded.database)).toEqual([]);
      } finally {
        await Promise.all([seeded.drop(), empty.drop()]);
      }
    },
    SLOW,
  );

  test(
    'each is a database of its own; dropping one leaves no trace',
    async () => {
      const first = await openTestDatabase(engine, { seeded: true });
      const second = await openTestDatabase(engine, { seeded: true });
      try {
        await first.database.query("INSERT INTO roles (name, label) VALUES ('solo-primera', 'Solo primera')");
        expect(await second.database.query("SELECT 1 FROM roles WHERE name = 'solo-primera'")).toEqual([]);
      } finally {
        await second.drop();
        await first.drop();
      }
      if (engine === 'pgsql') {
        // A database of its own on the server, reachable by a program the test starts, gone after drop().
        expect(first.url).toMatch(/^postgres(ql)?:\/\//);
        const name = new URL(first.url!).pathname.slice(1);
        const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
        await client.connect();
        try {
          const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
          expect(rowCount).toBe(0);
        } finally {
          await client.end();
        }
      } else {
        expect(first.url).toBeNull();
      }
    },
    SLOW,
  );
});
