import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { registryOf, startTestServer, type TestServer, testDatabases } from './support';

// Every declared search column has an index that serves it (a trigram or full-text one: GIN or
// GiST), and every foreign key has an index led by its column, so a delete's check of what still
// points at a row, and a list filtered by it, never read a whole table. Read from the catalog after
// the migrations, for every area that is declared now or later.

interface IndexedColumn {
  table: string;
  column: string;
  methods: string[];
}

describe.each(testDatabases())('indexes (%s)', (engine) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(() => server?.close());

  /** The access methods of the indexes on the table whose first column is the given one. */
  async function leadingIndexes(table: string, column: string): Promise<string[]> {
    const rows = await server.database.query<{ method: string }>(
      `SELECT am.amname AS method
         FROM pg_index i
         JOIN pg_class c ON c.oid = i.indexrelid
         JOIN pg_am am ON am.oid = c.relam
         JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = i.indkey[0]
        WHERE i.indrelid = to_regclass($1) AND a.attname = $2`,
      [table, column],
    );
    return rows.map((row) => row.method);
  }

  test('every search column an area declares has a trigram or full-text index', async () => {
    const definitions = registryOf(server);
    const searched: IndexedColumn[] = [];
    for (const definition of definitions) {
      const column =
        definition.searchColumn?.replace(/^t\./, '') ??
        /t\.(\w+) @@/.exec(definition.fullTextSearch?.condition('$1') ?? '')?.[1];
      if (!column) continue;
      searched.push({
        table: definition.table,
        column,
        methods: await leadingIndexes(definition.table, column),
      });
    }
    expect(searched.length).toBeGreaterThanOrEqual(10);
    const unindexed = searched.filter((s) => !s.methods.some((m) => m === 'gin' || m === 'gist'));
    expect(unindexed.map((s) => `${s.table}.${s.column}`)).toEqual([]);
  });

  test('every foreign key column leads an index', async () => {
    const keys = await server.database.query<{ table: string; column: string }>(
      `SELECT cl.relname AS table, a.attname AS column
         FROM pg_constraint k
         JOIN pg_class cl ON cl.oid = k.conrelid
         JOIN pg_attribute a ON a.attrelid = k.conrelid AND a.attnum = k.conkey[1]
        WHERE k.contype = 'f' AND cl.relnamespace = current_schema()::regnamespace
        ORDER BY 1, 2`,
    );
    expect(keys.length).toBeGreaterThanOrEqual(15);
    const unindexed: string[] = [];
    for (const key of keys) {
      if (!(await leadingIndexes(key.table, key.column)).length) unindexed.push(`${key.table}.${key.column}`);
    }
    expect(unindexed).toEqual([]);
  });

  test('every area’s table is managed: its live rows counted through the trash, a public one announcing its writes', async () => {
    // Walks the registry, so an area declared later is checked the day it is declared (decision 047).
    const definitions = registryOf(server);
    const missing: string[] = [];
    for (const { table, contract, publicSide } of definitions) {
      const triggers = new Set(
        (
          await server.database.query<{ name: string }>(
            'SELECT tgname AS name FROM pg_trigger WHERE tgrelid = to_regclass($1) AND NOT tgisinternal',
            [table],
          )
        ).map((row) => row.name),
      );
      const wanted = [
        `${table}_count_insert`,
        `${table}_count_delete`,
        ...(contract.trash === false ? [] : [`${table}_count_update`]),
        ...(publicSide ? [`${table}_content_changed`, `${table}_content_truncated`] : []),
      ];
      missing.push(...wanted.filter((name) => !triggers.has(name)));
      const live = contract.trash === false ? '' : 'WHERE deleted_at IS NULL';
      const [counted] = await server.database.query<{ kept: number | null; real: number }>(
        `SELECT (SELECT total FROM row_counts WHERE table_name = $1)::int AS kept,
                (SELECT count(*) FROM ${table} ${live})::int AS real`,
        [table],
      );
      expect(counted?.kept, table).toBe(counted?.real);
    }
    expect(definitions.length).toBeGreaterThanOrEqual(11);
    expect(missing).toEqual([]);
  });

  test('a table managed after the fact counts its trash too (the helper a new area’s migration calls)', async () => {
    await server.database
      .transaction(async (tx) => {
        await tx.query(`CREATE TABLE agenda_probe (id serial PRIMARY KEY, deleted_at timestamptz)`);
        await tx.query(`INSERT INTO agenda_probe (deleted_at) VALUES (NULL), (NULL), (now())`);
        await tx.query(`SELECT gestor_manage_table('agenda_probe', public => true)`);
        const total = async () =>
          Number(
            (
              await tx.query<{ total: string }>(
                `SELECT total FROM row_counts WHERE table_name = 'agenda_probe'`,
              )
            )[0]?.total,
          );
        expect(await total()).toBe(2);
        await tx.query('UPDATE agenda_probe SET deleted_at = now() WHERE id = 1');
        expect(await total()).toBe(1);
        await tx.query('UPDATE agenda_probe SET deleted_at = NULL WHERE id = 3');
        await tx.query('INSERT INTO agenda_probe (deleted_at) VALUES (NULL)');
        expect(await total()).toBe(3);
        await tx.query('DELETE FROM agenda_probe WHERE id = 3');
        expect(await total()).toBe(2);
        throw new Rollback();
      })
      .catch((error) => {
        if (!(error instanceof Rollback)) throw error;
      });
  });
});

/** Undoes a test's writes: the transaction ends by this, and the test swallows it. */
class Rollback extends Error {}
