import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Database } from '../src/db/client';
import { seedFirstAdmin } from '../src/db/seed';
import {
  openTestDatabase,
  startTestServer,
  type TestClient,
  type TestServer,
  testDatabases,
} from './support';

const count = async (database: Database, sql: string) =>
  (await database.query<{ n: number }>(sql))[0]?.n ?? Number.NaN;

// Races: invariants hold and nothing deadlocks into a 500 when requests arrive at the same
// moment (PostgreSQL runs them truly in parallel; PGlite one after another).

describe.each(testDatabases())('concurrent writes (%s)', (engine) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(() => server?.close());

  const record = async (client: TestClient, id: number) => (await client.get(`/api/users/${id}`)).body.data;

  test('two administrators removing their own admin role at once: one remains', async () => {
    // Every other administrator disabled, so these two are the only active ones.
    await server.database.query(
      `UPDATE users SET active = false WHERE id IN (SELECT ru.user_id FROM role_user ru JOIN roles r ON r.id = ru.role_id WHERE r.name = 'admin')`,
    );
    const a = await server.signIn({ name: 'Admin A', roles: ['admin'] });
    const b = await server.signIn({ name: 'Admin B', roles: ['admin'] });
    for (let attempt = 0; attempt < 12; attempt++) {
      const [recordA, recordB] = [await record(a.client, a.user.id), await record(b.client, b.user.id)];
      const [answerA, answerB] = await Promise.all([
        a.client.patch(`/api/users/${a.user.id}`, { roles: ['lector'], updated_at: recordA.updated_at }),
        b.client.patch(`/api/users/${b.user.id}`, { roles: ['lector'], updated_at: recordB.updated_at }),
      ]);
      const statuses = [answerA.status, answerB.status].sort();
      expect(statuses).toEqual([200, 422]);
      const refused = answerA.status === 422 ? answerA : answerB;
      expect(refused.body.errors.roles).toEqual(['Debe quedar al menos un administrador activo.']);
      const admins = await count(
        server.database,
        `SELECT count(*)::int AS n FROM users u JOIN role_user ru ON ru.user_id = u.id
           JOIN roles r ON r.id = ru.role_id WHERE r.name = 'admin' AND u.active`,
      );
      expect(admins).toBe(1);
      // The one who is still administrator gives the role back for the next attempt.
      const [stillAdmin, demoted] = answerA.status === 422 ? [a, b] : [b, a];
      const back = await stillAdmin.client.patch(`/api/users/${demoted.user.id}`, {
        roles: ['admin'],
        updated_at: (await record(stillAdmin.client, demoted.user.id)).updated_at,
      });
      expect(back.status).toBe(200);
    }
  });

  test('A edits B while B edits A, many times: never a deadlock, never a 500', async () => {
    const a = await server.signIn({ name: 'Editor A', roles: ['admin'] });
    const b = await server.signIn({ name: 'Editor B', roles: ['admin'] });
    for (let attempt = 0; attempt < 20; attempt++) {
      const [recordA, recordB] = [await record(a.client, a.user.id), await record(b.client, b.user.id)];
      const answers = await Promise.all([
        a.client.patch(`/api/users/${b.user.id}`, { name: `B ${attempt}`, updated_at: recordB.updated_at }),
        b.client.patch(`/api/users/${a.user.id}`, { name: `A ${attempt}`, updated_at: recordA.updated_at }),
      ]);
      expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    }
  });

  test('a CSV export is one snapshot: rows written meanwhile are neither repeated nor missed', async () => {
    const viewer = await server.signIn({ name: 'Exportadora', roles: ['admin'] });
    await server.database.query(
      `INSERT INTO users (name, email) SELECT 'Persona ' || n, 'persona' || n || '@export.test'
         FROM generate_series(1, 6000) AS n`,
    );
    const before = await count(server.database, 'SELECT count(*)::int AS n FROM users');
    const url = new URL('/api/users?format=csv&sort=name&lang=es', server.url);
    const cookies = [...viewer.client.jar].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await fetch(url, {
      headers: { cookie: cookies, origin: viewer.client.origin ?? server.url, accept: 'text/csv' },
    });
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    const chunks: Uint8Array[] = [];
    const first = await reader.read();
    chunks.push(first.value!);
    // While the export is under way: rows that sort first appear, and others go.
    await server.database.query(
      `INSERT INTO users (name, email) SELECT 'Aaron ' || n, 'aaron' || n || '@export.test' FROM generate_series(1, 500) AS n`,
    );
    await server.database.query(`DELETE FROM users WHERE email LIKE 'persona5%@export.test'`);
    for (;;) {
      const next = await reader.read();
      if (next.done) break;
      chunks.push(next.value);
    }
    const lines = Buffer.concat(chunks).toString('utf8').trim().split('\r\n').slice(1);
    const ids = lines.map((line) => Number(line.split(';')[0]));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBe(before);
    expect(lines.some((line) => line.includes('Aaron'))).toBe(false);
  });
});

describe.each(testDatabases())('starting on an empty database (%s)', (engine) => {
  test('two processes starting at once create one first administrator', async () => {
    const test = await openTestDatabase(engine, { seeded: true });
    try {
      const other = test.another();
      const results = await Promise.all([
        seedFirstAdmin(test.database, { email: 'primero@example.test', password: 'una-clave-larga' }),
        seedFirstAdmin(other, { email: 'primero@example.test', password: 'una-clave-larga' }),
      ]);
      expect(results.filter(Boolean)).toHaveLength(1);
      expect(await count(test.database, 'SELECT count(*)::int AS n FROM users')).toBe(1);
    } finally {
      await test.drop();
    }
  });
});
