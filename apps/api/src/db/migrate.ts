import type { Database } from './client';
import { MIGRATIONS, type Migration } from './migrations/index';

// A lock key of our own, so two servers starting at once on PostgreSQL do not migrate twice.
const MIGRATION_LOCK = 7_310_042;

/**
 * Applies the migrations that have not run, each in its own transaction (its SQL, then its `data`
 * step when it has one). Returns their names.
 */
export async function migrate(database: Database, migrations: Migration[] = MIGRATIONS): Promise<string[]> {
  return database.exclusive(MIGRATION_LOCK, async (connection) => {
    await connection.exec(
      'CREATE TABLE IF NOT EXISTS migrations (name text PRIMARY KEY, ran_at timestamptz NOT NULL DEFAULT now())',
    );
    const done = new Set(
      (await connection.query<{ name: string }>('SELECT name FROM migrations')).map((r) => r.name),
    );
    const ran: string[] = [];
    for (const migration of migrations) {
      if (done.has(migration.name)) continue;
      const quoted = migration.name.replace(/'/g, "''");
      try {
        if (migration.data) {
          await connection.exec(`BEGIN;\n${migration.up}`);
          await migration.data(connection);
          await connection.exec(`INSERT INTO migrations (name) VALUES ('${quoted}');\nCOMMIT;`);
        } else {
          await connection.exec(
            `BEGIN;\n${migration.up}\nINSERT INTO migrations (name) VALUES ('${quoted}');\nCOMMIT;`,
          );
        }
      } catch (error) {
        await connection.exec('ROLLBACK').catch(() => {});
        throw new Error(`La migración ${migration.name} ha fallado: ${(error as Error).message}`, {
          cause: error,
        });
      }
      ran.push(migration.name);
    }
    return ran;
  });
}
