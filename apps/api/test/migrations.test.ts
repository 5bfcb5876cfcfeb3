import pg from 'pg';
import { describe, expect, test } from 'vitest';
import { openPostgres } from '../src/db/client';
import { migrate } from '../src/db/migrate';
import { MIGRATIONS } from '../src/db/migrations/index';

// Migrations on databases as people have them, not only the test database's shape.

describe.runIf(process.env.TEST_DATABASE_URL)('migrations on PostgreSQL', () => {
  test('run on a database whose pg_trgm was installed beforehand in a schema off the search path', async () => {
    const url = new URL(process.env.TEST_DATABASE_URL!);
    const name = `gestor_trgm_${process.pid}`;
    const admin = new pg.Client({ connectionString: url.toString() });
    await admin.connect();
    try {
      await admin.query(`DROP DATABASE IF EXISTS ${name}`);
      await admin.query(`CREATE DATABASE ${name}`);
      const target = new URL(url);
      target.pathname = `/${name}`;
      const setup = new pg.Client({ connectionString: target.toString() });
      await setup.connect();
      await setup.query('CREATE SCHEMA extensions; CREATE EXTENSION pg_trgm WITH SCHEMA extensions');
      await setup.end();

      const database = openPostgres(target.toString());
      try {
        expect(await migrate(database)).toEqual(MIGRATIONS.map((migration) => migration.name));
        const [index] = await database.query<{ definition: string }>(
          "SELECT indexdef AS definition FROM pg_indexes WHERE indexname = 'users_search_trgm'",
        );
        expect(index?.definition).toContain('extensions.gin_trgm_ops');
        await database.query("INSERT INTO users (name, email) VALUES ('José Núñez', 'jose@example.org')");
        const found = await database.query<{ name: string }>(
          "SELECT name FROM users WHERE search_text LIKE '%' || gestor_fold($1) || '%'",
          ['JOSE nunez'],
        );
        expect(found).toEqual([{ name: 'José Núñez' }]);
        expect(await migrate(database)).toEqual([]);
      } finally {
        await database.close();
      }
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  }, 60_000);
});
