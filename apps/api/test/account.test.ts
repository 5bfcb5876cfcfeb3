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

  test('the name changes at once, in the history and the security log', async () => {
    const { user, client } = await server.signIn({ name: 'Ana Pérez' });
    const saved = await client.put('/api/user/profile-information', {
      name: '  Ana Pérez Gil ',
      email: user.email,
    });
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

  const confirmationIn = (body: string) => {
    const match = body.match(/\/account\/confirm-email\/([A-Za-z0-9_-]+)/);
    if (!match) throw new Error(`No confirmation link in:\n${body}`);
    return match[1]!;
  };

  test('a new email needs the password, waits for its link, and only its owner can follow it', async () => {
    const { user, client } = await server.signIn({ name: 'Eva Correo' });
    const newEmail = `nuevo-${user.id}@example.org`;
    const noPassword = await client.put('/api/user/profile-information', {
      name: user.name,
      email: newEmail,
    });
    expect(noPassword.status).toBe(422);
    expect(noPassword.body).toMatchObject({
      errors: { current_password: ['Para cambiar el correo electrónico, escriba su contraseña actual.'] },
    });
    const wrong = await client.put('/api/user/profile-information', {
      name: user.name,
      email: newEmail,
      current_password: 'no-es-la-mia',
    });
    expect(wrong.status).toBe(422);
    const other = await server.createUser();
    const taken = await client.put('/api/user/profile-information', {
      name: user.name,
      email: other.email.toUpperCase(),
      current_password: user.password,
    });
    expect(taken.status).toBe(422);
    expect(taken.body).toMatchObject({ errors: { email: ['El correo electrónico ya está en uso.'] } });

    const asked = await client.put('/api/user/profile-information', {
      name: user.name,
      email: newEmail.toUpperCase(),
      current_password: user.password,
    });
    expect(asked.status).toBe(200);
    expect((asked.body as { status: string }).status).toContain(newEmail);
    // Until the link is followed, the account keeps its old address (and signs in with it).
    expect(((await client.get('/api/user')).body as { data: { email: string } }).data.email).toBe(user.email);
    const pending = (await client.get('/api/user/email-change')).body as { data: { new_email: string } };
    expect(pending.data.new_email).toBe(newEmail);

    const [confirmation] = server.mails.to(newEmail);
    expect(confirmation?.subject).toContain('confirme su nuevo correo');
    const [notice] = server.mails.to(user.email);
    expect(notice?.text).toContain(newEmail);
    expect(notice?.text).not.toMatch(/confirm-email/);
    const token = confirmationIn(confirmation!.text);

    // Someone else's session cannot use the link; nor a made-up token; nor no session at all.
    const { client: stranger } = await server.signIn();
    expect((await stranger.post('/api/user/confirm-email', { token })).status).toBe(422);
    expect((await client.post('/api/user/confirm-email', { token: 'x'.repeat(43) })).status).toBe(422);
    const guest = server.client();
    await guest.csrf();
    expect((await guest.post('/api/user/confirm-email', { token })).status).toBe(401);

    const confirmed = await client.post('/api/user/confirm-email', { token });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toEqual({ status: `Su correo electrónico es ahora ${newEmail}.` });
    expect(((await client.get('/api/user')).body as { data: { email: string } }).data.email).toBe(newEmail);
    expect((await client.get('/api/user/email-change')).body).toEqual({ data: null });
    // Once only.
    expect((await client.post('/api/user/confirm-email', { token })).status).toBe(422);

    const fresh = server.client();
    await fresh.csrf();
    expect((await fresh.login(user.email, user.password)).status).toBe(422);
    expect((await fresh.login(newEmail, user.password)).status).toBe(204);

    const kinds = await server.database.query<{ kind: string; details: Record<string, string> }>(
      `SELECT kind, details FROM security_events WHERE user_id = $1 AND kind LIKE 'email%' ORDER BY id`,
      [user.id],
    );
    expect(kinds).toEqual([
      { kind: 'email_change_requested', details: { new_email: newEmail } },
      { kind: 'email_changed', details: { from: user.email, to: newEmail } },
    ]);
    const [audit] = await server.database.query<{ changes: unknown }>(
      `SELECT changes FROM audits WHERE resource = 'users' AND record_id = $1 AND changes ? 'email'`,
      [user.id],
    );
    expect(audit?.changes).toEqual({ email: { from: user.email, to: newEmail } });
  });

  test('a pending change can be cancelled, and a newer request replaces the older link', async () => {
    const { user, client } = await server.signIn();
    const ask = (email: string) =>
      client.put('/api/user/profile-information', {
        name: user.name,
        email,
        current_password: user.password,
      });
    const first = `primero-${user.id}@example.org`;
    const second = `segundo-${user.id}@example.org`;
    expect((await ask(first)).status).toBe(200);
    expect((await ask(second)).status).toBe(200);
    const firstToken = confirmationIn(server.mails.to(first)[0]!.text);
    expect((await client.post('/api/user/confirm-email', { token: firstToken })).status).toBe(422);

    expect((await client.delete('/api/user/email-change')).status).toBe(204);
    const secondToken = confirmationIn(server.mails.to(second)[0]!.text);
    expect((await client.post('/api/user/confirm-email', { token: secondToken })).status).toBe(422);
    expect(((await client.get('/api/user')).body as { data: { email: string } }).data.email).toBe(user.email);
  });

  test('an address taken meanwhile is refused at the confirmation', async () => {
    const { user, client } = await server.signIn();
    const wanted = `disputado-${user.id}@example.org`;
    const asked = await client.put('/api/user/profile-information', {
      name: user.name,
      email: wanted,
      current_password: user.password,
    });
    expect(asked.status).toBe(200);
    await server.createUser({ email: wanted });
    const token = confirmationIn(server.mails.to(wanted)[0]!.text);
    const refused = await client.post('/api/user/confirm-email', { token });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ errors: { token: ['El correo electrónico ya está en uso.'] } });
  });

  test('signed-out requests get 401', async () => {
    const client = server.client();
    await client.csrf();
    expect((await client.get('/api/user/sessions')).status).toBe(401);
    expect((await client.put('/api/user/password', {})).status).toBe(401);
    expect((await client.put('/api/user/profile-information', { name: 'X' })).status).toBe(401);
  });
});
