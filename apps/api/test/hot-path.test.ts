import { Agent, request as httpRequest } from 'node:http';
import { promiseHooks } from 'node:v8';
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

/**
 * The promises the process creates while the server answers `count` requests for `path`, one after
 * another on one keep-alive connection, per request. The client side is node:http's callbacks, which
 * create none, so what is counted is the server's work.
 */
async function promisesPerRequest(
  server: TestServer,
  client: TestClient,
  path: string,
  count: number,
  extraHeaders: Record<string, string> = {},
): Promise<number> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const headers = {
    ...extraHeaders,
    accept: 'application/json',
    referer: `${client.origin ?? server.url}/`,
    cookie: [...client.jar].map(([name, value]) => `${name}=${value}`).join('; '),
  };
  let created = 0;
  let counting = false;
  const stop = promiseHooks.onInit(() => {
    if (counting) created++;
  });
  try {
    const statuses = await new Promise<number[]>((resolve, reject) => {
      const seen: number[] = [];
      const next = () => {
        if (seen.length === count) {
          counting = false;
          resolve(seen);
          return;
        }
        httpRequest(`${server.url}${path}`, { agent, headers }, (response) => {
          response.resume();
          response.on('end', () => {
            seen.push(response.statusCode ?? 0);
            next();
          });
        })
          .on('error', reject)
          .end();
      };
      counting = true;
      next();
    });
    expect(new Set(statuses)).toEqual(new Set([200]));
  } finally {
    stop();
    agent.destroy();
  }
  return created / count;
}

/**
 * 28 when each hook was an async function; 8 with the hooks as callbacks (decision 042); 2 once
 * @fastify/multipart's async onRequest and onResponse hooks run on upload routes alone (Fastify's
 * handler promise and the route's async handler remain). The count is the whole process's, so the
 * webhooks' worker and other timers add a little under load.
 */
const MAX_PROMISES_PER_USER_REQUEST = 5;

describe.each(testDatabases())('per-request work (%s)', (engine) => {
  let server: TestServer;
  let admin: TestClient;

  beforeAll(async () => {
    server = await startTestServer(engine);
    ({ client: admin } = await server.signIn({ roles: ['admin'] }));
  });
  afterAll(() => server?.close());

  test('a signed-in GET /api/user kept in memory waits on nothing: hooks are callbacks, not promises', async () => {
    // Once to load the session into memory, then counted.
    expect((await admin.get('/api/user')).status).toBe(200);
    const perRequest = await promisesPerRequest(server, admin, '/api/user?lang=es', 50);
    // Fastify's own handler promise and the route's async handler remain; every hook on the way (errors,
    // public API, session, token, uploads, auth, two-factor, compression) and @fastify/multipart's two
    // used to add their own.
    expect(perRequest).toBeLessThanOrEqual(MAX_PROMISES_PER_USER_REQUEST);
  });

  test("a browser's GET /api/user is compressed once per session and coding, not once per request", async () => {
    // Once to load the session into memory, then counted.
    expect((await admin.get('/api/user')).status).toBe(200);
    const plain = await promisesPerRequest(server, admin, '/api/user?lang=es', 50);
    for (const coding of ['br', 'gzip']) {
      const headers = { 'accept-encoding': coding };
      await promisesPerRequest(server, admin, '/api/user?lang=es', 1, headers);
      const compressed = await promisesPerRequest(server, admin, '/api/user?lang=es', 50, headers);
      // Compressing an answer costs promises of its own (zlib's callback, the hook's wait): 2 more per
      // request when each was compressed again, none once the session's compressed body is kept.
      expect(compressed).toBeLessThan(plain + 1.5);
      // And what is sent is still this person's answer, in that coding.
      const response = await admin.get('/api/user', { headers });
      expect(response.headers.get('content-encoding')).toBe(coding);
      expect(response.headers.get('vary')).toMatch(/Accept-Encoding/);
      expect(response.body.data.email).toBe((await admin.get('/api/user')).body.data.email);
    }
  });

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
