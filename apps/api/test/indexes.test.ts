import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createStorage } from '../src/lib/storage/storage';
import { areaDefinitions } from '../src/modules/areas';
import type { AuthService } from '../src/modules/auth/auth-service';
import { startTestServer, type TestServer, testDatabases } from './support';

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
    const definitions = Object.values(
      areaDefinitions({
        database: server.database,
        // The declarations only keep the auth service for their routes: none is called here.
        auth: {} as AuthService,
        storage: createStorage(server.config),
        log: server.app.log,
        appUrl: server.url,
        uploads: { maxBytes: 1, tmpDir: server.config.storagePath },
      }),
    );
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
});
