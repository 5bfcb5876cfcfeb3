import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestClient, type TestServer, testDatabases } from './support';

// What every request pays for (issue 29, decision 042): work that one request needs must not be
// done, or left switched on, for all the others.

/**
 * Whether Node's promise hooks are on: while an AsyncLocalStorage is enabled every new promise is
 * given an async id (a symbol property), and every `await` in the process costs about three times
 * as much. Checked on the next turn of the event loop, when a disable() has taken effect.
 */
async function promiseHooksOn(): Promise<boolean> {
  await new Promise((resolve) => setTimeout(resolve, 5));
  return Object.getOwnPropertySymbols(Promise.resolve()).some((symbol) =>
    String(symbol).includes('async_id'),
  );
}

describe.each(testDatabases())('per-request work (%s)', (engine) => {
  let server: TestServer;
  let admin: TestClient;

  beforeAll(async () => {
    server = await startTestServer(engine);
    ({ client: admin } = await server.signIn({ roles: ['admin'] }));
  });
  afterAll(() => server?.close());

  test("reads leave the process's promise hooks off: the request origin is kept only for writes", async () => {
    for (const path of ['/api/user', '/api/news', '/api/users?sort=name', '/api/user']) {
      const response = await admin.get(path);
      expect(response.status, response.text).toBe(200);
    }
    expect(await promiseHooksOn()).toBe(false);
  });

  test('a write still records where it came from, and the hooks go off once it has answered', async () => {
    const created = await admin.post('/api/roles', { name: 'caliente', label: 'Caliente', permissions: [] });
    expect(created.status, created.text).toBe(201);
    const changed = await admin.patch(
      `/api/roles/${created.body.data.id}`,
      { permissions: ['news.view'], updated_at: created.body.data.updated_at },
      { headers: { 'User-Agent': 'Camino caliente' } },
    );
    expect(changed.status, changed.text).toBe(200);
    const [event] = await server.database.query<{ ip: string | null; user_agent: string | null }>(
      `SELECT ip, user_agent FROM security_events WHERE kind = 'permissions_changed' ORDER BY id DESC LIMIT 1`,
    );
    expect(event?.user_agent).toBe('Camino caliente');
    expect(event?.ip).toMatch(/127\.0\.0\.1/);
    expect(await promiseHooksOn()).toBe(false);
    // And the next read does not turn them on again.
    expect((await admin.get('/api/user')).status).toBe(200);
    expect(await promiseHooksOn()).toBe(false);
  });
});
