import { MESSAGES } from '@gestor/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { LISTENER_NAME } from '../src/db/client';
import {
  type SetCookie,
  startTestServer,
  TestClient,
  type TestResponse,
  type TestServer,
  testDatabases,
} from './support';

// docs/http-api.md#sessions-and-csrf: the Laravel Sanctum SPA contract, line by line.

const SESSION_COOKIE = 'gestor_session';
const TWO_HOURS = String(120 * 60);
const THIRTY_DAYS = String(30 * 24 * 60 * 60);

function cookieIn(response: TestResponse, name: string): SetCookie {
  const cookie = response.setCookies.find((c) => c.name === name);
  if (!cookie) throw new Error(`No ${name} cookie in ${JSON.stringify(response.setCookies)}`);
  return cookie;
}

describe.each(testDatabases())('sessions and CSRF (%s)', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(() => server?.close());

  describe('GET /sanctum/csrf-cookie', () => {
    test('answers 204 with an HttpOnly session cookie and a script-readable XSRF-TOKEN living SESSION_LIFETIME', async () => {
      const response = await server.client().csrf();

      expect(response.status).toBe(204);
      expect(response.text).toBe('');
      const session = cookieIn(response, SESSION_COOKIE);
      expect(session.attributes).toMatchObject({ httponly: true, path: '/', 'max-age': TWO_HOURS });
      expect(String(session.attributes.samesite).toLowerCase()).toBe('lax');
      const xsrf = cookieIn(response, 'XSRF-TOKEN');
      expect(xsrf.attributes.httponly).toBeUndefined();
      expect(xsrf.attributes).toMatchObject({ path: '/', 'max-age': TWO_HOURS });
      expect(String(xsrf.attributes.samesite).toLowerCase()).toBe('lax');
      expect(xsrf.value.length).toBeGreaterThanOrEqual(32);
      // Plain http: no Secure flag, or the browser would drop the cookies.
      expect(session.attributes.secure).toBeUndefined();
    });

    test('called again, keeps the same session and token', async () => {
      const client = server.client();
      await client.csrf();
      const first = { id: client.cookie(SESSION_COOKIE), token: client.cookie('XSRF-TOKEN') };
      const again = await client.csrf();
      expect(again.status).toBe(204);
      expect({ id: client.cookie(SESSION_COOKIE), token: client.cookie('XSRF-TOKEN') }).toEqual(first);
    });

    test('opened without Origin or Referer (the address typed in), keeps the signed-in session', async () => {
      const { client } = await server.signIn();
      const before = { id: client.cookie(SESSION_COOKIE), token: client.cookie('XSRF-TOKEN') };
      const typed = await client.get('/sanctum/csrf-cookie', { headers: { Origin: null, Referer: null } });
      expect(typed.status).toBe(204);
      expect({ id: client.cookie(SESSION_COOKIE), token: client.cookie('XSRF-TOKEN') }).toEqual(before);
      expect((await client.get('/api/user')).status).toBe(200);
    });

    test('session ids carry at least 128 random bits; a guest writes nothing, a signed-in session only a hash', async () => {
      const before = await server.database.query('SELECT id FROM sessions');
      const ids: string[] = [];
      for (let i = 0; i < 5; i++) {
        const client = server.client();
        await client.csrf();
        ids.push(client.cookie(SESSION_COOKIE)!);
      }
      expect(new Set(ids).size).toBe(ids.length);
      for (const id of ids) {
        expect(id).toMatch(/^[A-Za-z0-9_-]+$/);
        expect(Buffer.from(id, 'base64url').length).toBeGreaterThanOrEqual(16);
      }
      // Decision 007: visitors' sessions are signed, not stored, so anonymous traffic writes nothing.
      expect(await server.database.query('SELECT id FROM sessions')).toHaveLength(before.length);

      const { client } = await server.signIn();
      const id = client.cookie(SESSION_COOKIE)!;
      expect(Buffer.from(id, 'base64url').length).toBeGreaterThanOrEqual(16);
      const stored = await server.database.query<{ id: string }>('SELECT id FROM sessions');
      expect(stored).toHaveLength(before.length + 1);
      expect(stored.some((row) => row.id === id || row.id.includes(id))).toBe(false);
    });

    test('a guest session altered by hand, or one past SESSION_LIFETIME, is refused (419) and replaced', async () => {
      const client = server.client();
      await client.csrf();
      const id = client.cookie(SESSION_COOKIE)!;
      const bytes = Buffer.from(id, 'base64url');
      bytes[0] = bytes[0]! ^ 1;
      client.jar.set(SESSION_COOKIE, bytes.toString('base64url'));
      const tampered = await client.post('/api/forgot-password', { email: 'nadie@example.test' });
      expect(tampered.status).toBe(419);
      // Issued three hours ago (the issue time is signed too: it cannot be changed without the key).
      const { createGuestSessions } = await import('../src/plugins/guest-sessions');
      const guests = createGuestSessions(server.config.appKey);
      const realNow = Date.now;
      Date.now = () => realNow() - 3 * 60 * 60 * 1000;
      const old = guests.issue(120);
      Date.now = realNow;
      expect(guests.read(old.id, 120)).toBeNull();
      client.jar.set(SESSION_COOKIE, old.id);
      client.jar.set('XSRF-TOKEN', old.session.csrfToken);
      expect((await client.post('/api/forgot-password', { email: 'nadie@example.test' })).status).toBe(419);
      await client.csrf();
      expect(client.cookie(SESSION_COOKIE)).not.toBe(old.id);
      expect((await client.post('/api/forgot-password', { email: 'nadie@example.test' })).status).toBe(200);
    });
  });

  describe('login', () => {
    test('changes the session id and the CSRF token, and the old ones stop working', async () => {
      const user = await server.createUser();
      const client = server.client();
      await client.csrf();
      const before = { id: client.cookie(SESSION_COOKIE)!, token: client.cookie('XSRF-TOKEN')! };

      const login = await client.login(user.email, user.password);

      expect(login.status).toBe(204);
      expect(cookieIn(login, SESSION_COOKIE).value).not.toBe(before.id);
      expect(cookieIn(login, 'XSRF-TOKEN').value).not.toBe(before.token);
      expect((await client.get('/api/user')).body.data.email).toBe(user.email);

      // Session fixation: whoever held the pre-login cookie is not signed in.
      const old = server.client();
      old.jar.set(SESSION_COOKIE, before.id);
      expect((await old.get('/api/user')).status).toBe(401);
      // The pre-login CSRF token is no longer accepted on the signed-in session.
      const stale = await client.post('/api/logout', undefined, {
        headers: { 'X-XSRF-TOKEN': before.token },
      });
      expect(stale.status).toBe(419);
      expect((await client.get('/api/user')).status).toBe(200);
    });

    test('a normal session lives SESSION_LIFETIME; "remember" makes both cookies live 30 days', async () => {
      const user = await server.createUser();
      const normal = await server.client().login(user.email, user.password);
      expect(cookieIn(normal, SESSION_COOKIE).attributes['max-age']).toBe(TWO_HOURS);
      expect(cookieIn(normal, 'XSRF-TOKEN').attributes['max-age']).toBe(TWO_HOURS);

      const remembered = server.client();
      const response = await remembered.login(user.email, user.password, true);
      expect(response.status).toBe(204);
      expect(cookieIn(response, SESSION_COOKIE).attributes['max-age']).toBe(THIRTY_DAYS);
      expect(cookieIn(response, 'XSRF-TOKEN').attributes['max-age']).toBe(THIRTY_DAYS);

      // Server side too: idle for three days, the remembered session still holds, the normal one does not.
      const normalClient = server.client();
      await normalClient.login(user.email, user.password);
      await server.database.query(
        "UPDATE sessions SET last_activity = now() - interval '3 days' WHERE user_id = $1",
        [user.id],
      );
      expect((await remembered.get('/api/user')).status).toBe(200);
      expect((await normalClient.get('/api/user')).status).toBe(401);
    });
  });

  describe('CSRF protection', () => {
    test('POST, PUT, PATCH and DELETE without X-XSRF-TOKEN answer 419 and change nothing', async () => {
      const { user, client } = await server.signIn();
      // Real routes for each method (an unknown address is a 404 before any CSRF check).
      const routes: [string, string][] = [
        ['POST', '/api/logout'],
        ['PUT', `/api/users/${user.id}`],
        ['PATCH', `/api/users/${user.id}`],
        ['DELETE', `/api/users/${user.id}`],
      ];
      for (const [method, path] of routes) {
        const response = await client.request(method, path, {
          json: {},
          headers: { 'X-XSRF-TOKEN': null },
        });
        expect(response.status, method).toBe(419);
        expect(response.body).toEqual({ message: MESSAGES.csrfMismatch });
      }
      expect((await client.get('/api/user')).status).toBe(200);
    });

    test('a wrong token, or the token of another session, answers 419', async () => {
      const { client } = await server.signIn();
      const other = server.client();
      await other.csrf();
      const token = client.cookie('XSRF-TOKEN')!;

      for (const wrong of [
        `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`,
        'x',
        other.cookie('XSRF-TOKEN')!,
      ]) {
        const response = await client.post('/api/logout', undefined, { headers: { 'X-XSRF-TOKEN': wrong } });
        expect(response.status).toBe(419);
        expect(response.body.message).toBe(MESSAGES.csrfMismatch);
      }
      expect((await client.get('/api/user')).status).toBe(200);
      expect((await client.post('/api/logout')).status).toBe(204);
    });

    test('a POST with no session at all answers 419, even with some token', async () => {
      const user = await server.createUser();
      const client = server.client();
      const response = await client.post(
        '/api/login',
        { email: user.email, password: user.password },
        { headers: { 'X-XSRF-TOKEN': 'anything' } },
      );
      expect(response.status).toBe(419);
      expect(response.body).toEqual({ message: MESSAGES.csrfMismatch });
    });

    test('GET needs no token', async () => {
      const { client } = await server.signIn();
      const response = await client.get('/api/user', { headers: { 'X-XSRF-TOKEN': null } });
      expect(response.status).toBe(200);
    });
  });

  describe('logout', () => {
    test('answers 204, destroys the session server-side and hands out a fresh CSRF token', async () => {
      const { user, client } = await server.signIn();
      const before = { id: client.cookie(SESSION_COOKIE)!, token: client.cookie('XSRF-TOKEN')! };

      const response = await client.post('/api/logout');

      expect(response.status).toBe(204);
      const fresh = cookieIn(response, 'XSRF-TOKEN');
      expect(fresh.value).not.toBe(before.token);
      expect(cookieIn(response, SESSION_COOKIE).value).not.toBe(before.id);
      expect(
        await server.database.query('SELECT 1 FROM sessions WHERE user_id = $1', [user.id]),
      ).toHaveLength(0);

      // The old cookie, replayed, is nobody.
      const replay = server.client();
      replay.jar.set(SESSION_COOKIE, before.id);
      replay.jar.set('XSRF-TOKEN', before.token);
      expect((await replay.get('/api/user')).status).toBe(401);
      expect((await replay.post('/api/logout')).status).toBe(419);

      // The browser is signed out, and its new token lets it sign in again without another csrf-cookie.
      expect((await client.get('/api/user')).status).toBe(401);
      expect((await client.login(user.email, user.password)).status).toBe(204);
    });

    test('without a signed-in user answers 401', async () => {
      const client = server.client();
      await client.csrf();
      const response = await client.post('/api/logout');
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ message: MESSAGES.unauthenticated });
    });
  });

  describe('expiry', () => {
    test('a session idle for longer than SESSION_LIFETIME is over', async () => {
      const { user, client } = await server.signIn();
      await server.database.query(
        "UPDATE sessions SET last_activity = now() - interval '121 minutes' WHERE user_id = $1",
        [user.id],
      );
      const response = await client.get('/api/user');
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ message: MESSAGES.unauthenticated });
    });

    test('activity keeps a session alive and re-sends its cookies (sliding expiry)', async () => {
      const { user, client } = await server.signIn();
      await server.database.query(
        "UPDATE sessions SET last_activity = now() - interval '100 minutes' WHERE user_id = $1",
        [user.id],
      );

      const response = await client.get('/api/user');

      expect(response.status).toBe(200);
      expect(cookieIn(response, SESSION_COOKIE).attributes['max-age']).toBe(TWO_HOURS);
      expect(cookieIn(response, 'XSRF-TOKEN').attributes['max-age']).toBe(TWO_HOURS);
      // 100 + 30 minutes is past the original deadline; the touch moved it.
      await server.database.query(
        "UPDATE sessions SET last_activity = last_activity - interval '30 minutes' WHERE user_id = $1",
        [user.id],
      );
      expect((await client.get('/api/user')).status).toBe(200);
    });
  });

  describe('stateful origins (default SANCTUM_STATEFUL_DOMAINS)', () => {
    test('APP_URL, localhost:* and 127.0.0.1:* are stateful; other origins get no session', async () => {
      const { client } = await server.signIn();
      for (const origin of [server.url, server.origin, 'http://localhost:5173', 'http://127.0.0.1:9999']) {
        const response = await client.get('/api/user', {
          headers: { Origin: origin, Referer: `${origin}/` },
        });
        expect(response.status, origin).toBe(200);
      }
      for (const origin of ['https://evil.example.com', 'http://localhost.evil.example.com:8000']) {
        const response = await client.get('/api/user', {
          headers: { Origin: origin, Referer: `${origin}/` },
        });
        expect(response.status, origin).toBe(401);
      }
      // Neither Origin nor Referer (curl, a server-side script): the cookie is ignored.
      const bare = await client.get('/api/user', { headers: { Origin: null, Referer: null } });
      expect(bare.status).toBe(401);
    });
  });

  describe('SANCTUM_STATEFUL_DOMAINS=test.com', () => {
    let statefulServer: TestServer;
    beforeAll(async () => {
      statefulServer = await startTestServer(engine, { SANCTUM_STATEFUL_DOMAINS: 'test.com' });
    });
    afterAll(() => statefulServer?.close());

    test('https://test.com gets a cookie session; https://test.com.x does not, even with a valid cookie', async () => {
      const user = await statefulServer.createUser();
      const client = statefulServer.client({ origin: 'https://test.com' });
      expect((await client.login(user.email, user.password)).status).toBe(204);
      expect((await client.get('/api/user')).status).toBe(200);

      const spoofed = { Origin: 'https://test.com.x', Referer: 'https://test.com.x/' };
      const read = await client.get('/api/user', { headers: spoofed });
      expect(read.status).toBe(401);
      expect(read.body).toEqual({ message: MESSAGES.unauthenticated });
      const write = await client.post('/api/logout', undefined, { headers: spoofed });
      expect(write.status).toBe(419);

      // localhost is not in the list any more.
      const local = await client.get('/api/user', {
        headers: { Origin: statefulServer.origin, Referer: `${statefulServer.origin}/` },
      });
      expect(local.status).toBe(401);
      // The session itself is intact for its own origin.
      expect((await client.get('/api/user')).status).toBe(200);
    });

    test('without an Origin header the Referer decides', async () => {
      const user = await statefulServer.createUser();
      const client = statefulServer.client({ origin: 'https://test.com' });
      await client.login(user.email, user.password);
      const viaReferer = await client.get('/api/user', {
        headers: { Origin: null, Referer: 'https://test.com/panel/noticias' },
      });
      expect(viaReferer.status).toBe(200);
      const badReferer = await client.get('/api/user', {
        headers: { Origin: null, Referer: 'https://test.com.x/panel' },
      });
      expect(badReferer.status).toBe(401);
    });

    test('a non-stateful origin cannot even start a session to sign in with', async () => {
      const user = await statefulServer.createUser();
      const client = statefulServer.client({ origin: 'https://test.com.x' });
      await client.csrf();
      const response = await client.login(user.email, user.password);
      expect(response.status).toBe(419);
    });
  });

  describe('the SPA on another origin (FRONTEND_URL, SESSION_DOMAIN)', () => {
    const panel = 'https://panel.example.org';
    let split: TestServer;
    beforeAll(async () => {
      split = await startTestServer(engine, {
        APP_URL: 'https://api.example.org',
        FRONTEND_URL: panel,
        SESSION_DOMAIN: '.example.org',
        SESSION_LIFETIME: '30',
      });
    });
    afterAll(() => split?.close());

    test('CORS answers the FRONTEND_URL origin with credentials, and no other origin', async () => {
      const client = split.client({ origin: panel });
      const preflight = await client.request('OPTIONS', '/api/login', {
        headers: {
          'Access-Control-Request-Method': 'POST',
          'Access-Control-Request-Headers': 'content-type,x-xsrf-token',
        },
      });
      expect(preflight.status).toBeLessThan(300);
      expect(preflight.headers.get('access-control-allow-origin')).toBe(panel);
      expect(preflight.headers.get('access-control-allow-credentials')).toBe('true');
      expect(preflight.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('x-xsrf-token');
      expect(preflight.headers.get('access-control-allow-methods')).toContain('POST');

      const csrf = await client.csrf();
      expect(csrf.headers.get('access-control-allow-origin')).toBe(panel);
      expect(csrf.headers.get('access-control-allow-credentials')).toBe('true');

      const stranger = split.client({ origin: 'https://evil.example.org' });
      const foreign = await stranger.request('OPTIONS', '/api/login', {
        headers: { 'Access-Control-Request-Method': 'POST' },
      });
      expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
      expect((await stranger.csrf()).headers.get('access-control-allow-origin')).toBeNull();
    });

    test('cookies carry SESSION_DOMAIN, Secure (https APP_URL) and SESSION_LIFETIME; sign-in from the panel works', async () => {
      const user = await split.createUser();
      const client = split.client({ origin: panel });
      const csrf = await client.csrf();
      for (const name of [SESSION_COOKIE, 'XSRF-TOKEN']) {
        const cookie = cookieIn(csrf, name);
        expect(cookie.attributes, name).toMatchObject({
          domain: '.example.org',
          secure: true,
          'max-age': '1800',
        });
      }
      const login = await client.login(user.email, user.password);
      expect(login.status).toBe(204);
      expect(cookieIn(login, SESSION_COOKIE).attributes.domain).toBe('.example.org');
      const me = await client.get('/api/user');
      expect(me.status).toBe(200);
      expect(me.headers.get('access-control-allow-origin')).toBe(panel);
      // An https APP_URL also gets HSTS.
      expect(me.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
    });
  });

  describe('several API processes on one database', () => {
    // docs/architecture.md: any number of API processes behind a load balancer share sessions. Each keeps the
    // sessions it loaded in memory (decision 006); what one process changes, the others must honour.
    const twinClient = (address: string, client: TestClient) => {
      const other = new TestClient(address, { origin: server.origin });
      for (const [name, value] of client.jar) other.jar.set(name, value);
      return other;
    };

    test('a second process honours the cookie, and a sign-out there ends the session here', async () => {
      const { user, client } = await server.signIn();
      expect((await client.get('/api/user')).status).toBe(200); // now in this process's memory
      const other = twinClient(await server.startTwin(), client);
      const me = await other.get('/api/user');
      expect(me.status).toBe(200);
      expect(me.body.data.id).toBe(user.id);
      expect((await other.post('/api/logout')).status).toBe(204);
      await expect.poll(async () => (await client.get('/api/user')).status, { timeout: 5000 }).toBe(401);
    });

    test('permissions taken from a role in another process stop working here', async () => {
      const { client: admin } = await server.signIn({ roles: ['admin'] });
      const { user, client } = await server.signIn({ roles: ['editor'] });
      expect((await client.get('/api/user')).body.data.permissions).toContain('news.view');
      const other = twinClient(await server.startTwin(), admin);
      const editor = (await other.get('/api/roles?search=editor')).body.data.find(
        (role: { name: string }) => role.name === 'editor',
      );
      const lector = (await other.get('/api/roles?search=lector')).body.data.find(
        (role: { name: string }) => role.name === 'lector',
      );
      expect(editor && lector).toBeTruthy();
      const record = (await other.get(`/api/users/${user.id}`)).body.data;
      const changed = await other.patch(`/api/users/${user.id}`, {
        roles: ['lector'],
        updated_at: record.updated_at,
      });
      expect(changed.status).toBe(200);
      await expect
        .poll(async () => (await client.get('/api/user')).body.data.permissions.includes('news.create'), {
          timeout: 5000,
        })
        .toBe(false);
      expect((await client.get('/api/user')).body.data.role).toBe('lector');
    });

    test('writes by hand in the database (another program) are seen too', async () => {
      const { user, client } = await server.signIn();
      expect((await client.get('/api/user')).status).toBe(200);
      await server.anotherDatabase().query('UPDATE users SET active = false WHERE id = $1', [user.id]);
      await expect.poll(async () => (await client.get('/api/user')).status, { timeout: 5000 }).toBe(401);
    });

    test.runIf(engine === 'pgsql')(
      'while the connection that hears other processes is lost, nothing is served from memory',
      async () => {
        const { user, client } = await server.signIn();
        expect((await client.get('/api/user')).status).toBe(200);
        await server.database.query(
          // Only this file's database's listeners: other files run beside it, each on a database of its own.
          `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
            WHERE application_name = $1 AND datname = current_database()`,
          [LISTENER_NAME],
        );
        const other = server.anotherDatabase();
        await other.query('UPDATE users SET active = false WHERE id = $1', [user.id]);
        await expect.poll(async () => (await client.get('/api/user')).status, { timeout: 5000 }).toBe(401);
        // Back to normal once it listens again: a later change is heard as well.
        await other.query('UPDATE users SET active = true WHERE id = $1', [user.id]);
        await expect.poll(async () => (await client.get('/api/user')).status, { timeout: 5000 }).toBe(200);
      },
    );
  });
});
