import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestServer, testDatabases } from './support';

// "Mi cuenta" (issue 21, decision 034): the signed-in person's own name, password and sessions,
// through Fortify's routes under /api.

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0';
const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';

describe.each(testDatabases())('my account (%s)', (engine) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(() => server?.close());

  /** A second browser of the same person, signed in with its own user agent. */
  async function anotherDevice(email: string, password: string, userAgent: string) {
    const client = server.client();
    await client.csrf();
    const login = await client.request('POST', '/api/login', {
      json: { email, password },
      headers: { 'User-Agent': userAgent },
    });
    expect(login.status).toBe(204);
    return client;
  }

  test('the name changes, is in the history and the security log; the email is not changed here', async () => {
    const { user, client } = await server.signIn({ name: 'Ana Pérez' });
    const saved = await client.put('/api/user/profile-information', { name: '  Ana Pérez Gil ' });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ status: 'Sus datos se han guardado.' });
    expect(((await client.get('/api/user')).body as { data: { name: string } }).data.name).toBe(
      'Ana Pérez Gil',
    );

    const [audit] = await server.database.query<{ changes: unknown; user_name: string }>(
      `SELECT changes, user_name FROM audits WHERE resource = 'users' AND record_id = $1 AND action = 'updated'`,
      [user.id],
    );
    expect(audit).toMatchObject({ changes: { name: { from: 'Ana Pérez', to: 'Ana Pérez Gil' } } });
    const events = await server.database.query<{ kind: string }>(
      'SELECT kind FROM security_events WHERE user_id = $1 AND kind = $2',
      [user.id, 'profile_changed'],
    );
    expect(events).toHaveLength(1);

    const emailToo = await client.put('/api/user/profile-information', {
      name: 'Ana',
      email: 'otra@example.org',
    });
    expect(emailToo.status).toBe(422);
    const empty = await client.put('/api/user/profile-information', { name: '   ' });
    expect(empty.status).toBe(422);
    expect(empty.body).toMatchObject({ errors: { name: ['El campo nombre es obligatorio.'] } });
  });

  test('a new password needs the current one, and ends every other session but this one', async () => {
    const { user, client } = await server.signIn();
    const other = await anotherDevice(user.email, user.password, FIREFOX);
    expect((await other.get('/api/user')).status).toBe(200);

    const wrong = await client.put('/api/user/password', {
      current_password: 'no-es-la-mia',
      password: 'una-clave-nueva-larga',
      password_confirmation: 'una-clave-nueva-larga',
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body).toMatchObject({
      errors: { current_password: ['La contraseña actual no es correcta.'] },
    });

    const mismatch = await client.put('/api/user/password', {
      current_password: user.password,
      password: 'una-clave-nueva-larga',
      password_confirmation: 'otra-cosa',
    });
    expect(mismatch.status).toBe(422);
    expect(mismatch.body).toMatchObject({
      errors: { password: ['La confirmación de la contraseña no coincide.'] },
    });
    const short = await client.put('/api/user/password', {
      current_password: user.password,
      password: 'corta',
      password_confirmation: 'corta',
    });
    expect(short.status).toBe(422);

    const changed = await client.put('/api/user/password', {
      current_password: user.password,
      password: 'una-clave-nueva-larga',
      password_confirmation: 'una-clave-nueva-larga',
    });
    expect(changed.status).toBe(200);
    expect((await client.get('/api/user')).status).toBe(200);
    expect((await other.get('/api/user')).status).toBe(401);

    const fresh = server.client();
    await fresh.csrf();
    expect((await fresh.login(user.email, user.password)).status).toBe(422);
    expect((await fresh.login(user.email, 'una-clave-nueva-larga')).status).toBe(204);

    const events = await server.database.query<{ kind: string }>(
      `SELECT kind FROM security_events WHERE user_id = $1 AND kind = 'password_changed'`,
      [user.id],
    );
    expect(events).toHaveLength(1);
    expect(JSON.stringify(events)).not.toContain('una-clave-nueva-larga');
  });

  test('guessing the current password is throttled like the sign-in', async () => {
    const { client } = await server.signIn();
    const guess = (n: number) =>
      client.put('/api/user/password', {
        current_password: `intento-${n}`,
        password: 'una-clave-nueva-larga',
        password_confirmation: 'una-clave-nueva-larga',
      });
    for (let n = 0; n < 5; n++) expect((await guess(n)).status).toBe(422);
    const sixth = await guess(5);
    expect(sixth.status).toBe(429);
    expect(sixth.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  test('my sessions: devices, this one marked, one ended, then the others', async () => {
    const { user, client } = await server.signIn();
    const firefox = await anotherDevice(user.email, user.password, FIREFOX);
    const chrome = await anotherDevice(user.email, user.password, CHROME_WINDOWS);
    // Someone else's session is never listed.
    await server.signIn();

    const list = await client.get('/api/user/sessions');
    expect(list.status).toBe(200);
    const sessions = (
      list.body as { data: { id: string; device: string; current: boolean; ip_address: string }[] }
    ).data;
    expect(sessions).toHaveLength(3);
    expect(sessions.filter((session) => session.current)).toHaveLength(1);
    expect(sessions.map((session) => session.device)).toEqual(
      expect.arrayContaining(['Firefox en Linux', 'Chrome en Windows']),
    );
    for (const session of sessions) {
      expect(session.id).toMatch(/^[0-9a-f]{32}$/);
      expect(session.ip_address).toMatch(/127\.0\.0\.1/);
    }

    const current = sessions.find((session) => session.current)!;
    expect((await client.delete(`/api/user/sessions/${current.id}`)).status).toBe(422);
    expect((await client.delete('/api/user/sessions/0123456789abcdef0123456789abcdef')).status).toBe(404);

    const firefoxSession = sessions.find((session) => session.device === 'Firefox en Linux')!;
    // Another person cannot end my session, even knowing its handle.
    const { client: stranger } = await server.signIn();
    expect((await stranger.delete(`/api/user/sessions/${firefoxSession.id}`)).status).toBe(404);
    expect((await firefox.get('/api/user')).status).toBe(200);

    expect((await client.delete(`/api/user/sessions/${firefoxSession.id}`)).status).toBe(204);
    expect((await firefox.get('/api/user')).status).toBe(401);
    expect((await chrome.get('/api/user')).status).toBe(200);

    expect((await client.delete('/api/user/other-sessions')).status).toBe(204);
    expect((await chrome.get('/api/user')).status).toBe(401);
    expect((await client.get('/api/user')).status).toBe(200);
    const after = (await client.get('/api/user/sessions')).body as { data: unknown[] };
    expect(after.data).toHaveLength(1);

    const revoked = await server.database.query<{ details: { sessions: unknown[] } }>(
      `SELECT details FROM security_events WHERE user_id = $1 AND kind = 'session_revoked' ORDER BY id`,
      [user.id],
    );
    expect(revoked.map((event) => event.details.sessions.length)).toEqual([1, 1]);
  });

  test('signed-out requests get 401', async () => {
    const client = server.client();
    await client.csrf();
    expect((await client.get('/api/user/sessions')).status).toBe(401);
    expect((await client.put('/api/user/password', {})).status).toBe(401);
    expect((await client.put('/api/user/profile-information', { name: 'X' })).status).toBe(401);
  });
});
