import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { resetLinkIn, startTestServer, type TestServer, testDatabases, uniqueEmail } from './support';

// The security log (decision 031): every sign-in, refused sign-in, sign-out and password reset is
// written with the address and the browser it came from; a password never is.

describe.each(testDatabases())('security events (%s)', (engine) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(() => server?.close());

  const eventsOf = (column: 'user_id' | 'email', value: unknown) =>
    server.database.query<Record<string, unknown>>(
      `SELECT kind, user_id, user_name, email, ip, user_agent, details FROM security_events
        WHERE ${column} = $1 ORDER BY id`,
      [value],
    );

  test('a sign-in, a refused password and a sign-out are logged with address and browser', async () => {
    const user = await server.createUser({ name: 'Registrada' });
    const client = server.client();
    await client.csrf();
    const refused = await client.post('/api/login', { email: user.email, password: 'no-es-esta-clave' });
    expect(refused.status).toBe(422);
    expect((await client.login(user.email, user.password)).status).toBe(204);
    expect((await client.post('/api/logout')).status).toBe(204);

    const events = await eventsOf('user_id', user.id);
    expect(events.map((event) => event.kind)).toEqual(['login_failed', 'login', 'logout']);
    for (const event of events) {
      expect(event).toMatchObject({ user_name: 'Registrada', email: user.email });
      expect(event.ip).toMatch(/127\.0\.0\.1/);
      expect(typeof event.user_agent).toBe('string');
    }
    expect(events[0]!.details).toEqual({ reason: 'credentials' });
    expect(JSON.stringify(events)).not.toContain('no-es-esta-clave');
  });

  test('a refused sign-in for an unknown address keeps the address typed, with no account', async () => {
    const email = uniqueEmail();
    const client = server.client();
    await client.csrf();
    expect((await client.post('/api/login', { email, password: 'cualquier-clave' })).status).toBe(422);
    const [event] = await eventsOf('email', email);
    expect(event).toMatchObject({ kind: 'login_failed', user_id: null, user_name: null });
  });

  test('a disabled account is refused and logged as such', async () => {
    const user = await server.createUser({ active: false });
    const client = server.client();
    await client.csrf();
    expect((await client.post('/api/login', { email: user.email, password: user.password })).status).toBe(
      422,
    );
    const [event] = await eventsOf('user_id', user.id);
    expect(event).toMatchObject({ kind: 'login_failed', details: { reason: 'disabled' } });
  });

  test('a password reset by link is logged', async () => {
    const user = await server.createUser();
    const guest = server.client();
    await guest.csrf();
    expect((await guest.post('/api/forgot-password', { email: user.email })).status).toBe(200);
    await expect.poll(() => server.mails.to(user.email).length).toBe(1);
    const { token } = resetLinkIn(server.mails.to(user.email)[0]!.text);
    const password = 'otra-clave-segura-9';
    const reset = await guest.post('/api/reset-password', {
      email: user.email,
      token,
      password,
      password_confirmation: password,
    });
    expect(reset.status, reset.text).toBe(200);
    expect((await eventsOf('user_id', user.id)).map((event) => event.kind)).toEqual(['password_reset']);
  });
});
