import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sleep, startTestServer, type TestServer, testDatabases, waitFor } from './support';

// Issue 21, "Nuevo inicio de sesión en Gestor": a completed sign-in from a browser the person has
// not used before is told to them by mail; the account's first sign-in is not.

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0';
const SUBJECT = 'Nuevo inicio de sesión en Gestor';

describe.each(testDatabases())('sign-ins from a new device (%s)', (engine) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(() => server?.close());

  const notices = (email: string) => server.mails.to(email).filter((mail) => mail.subject === SUBJECT);

  test('the first sign-in is silent, a new browser is told once, a known one never', async () => {
    const { user, client } = await server.signIn();
    const deviceCookie = [...client.jar.keys()].find((name) => name.endsWith('_device'));
    expect(deviceCookie).toBeDefined();

    // The same browser again, after signing out: known.
    expect((await client.post('/api/logout')).status).toBe(204);
    expect((await client.login(user.email, user.password)).status).toBe(204);

    // Another browser: a mail naming its device and address, with the way to Mi cuenta's sessions.
    const other = server.client();
    await other.csrf();
    const login = await other.request('POST', '/api/login', {
      json: { email: user.email, password: user.password },
      headers: { 'User-Agent': FIREFOX },
    });
    expect(login.status).toBe(204);
    const [mail] = await waitFor(() => notices(user.email).length > 0 && notices(user.email), {
      what: 'the new-device mail',
    });
    expect(mail!.text).toContain('Firefox en Linux');
    expect(mail!.text).toMatch(/Dirección: \S+/);
    expect(mail!.text).toMatch(/Fecha: \d{2}\/\d{2}\/\d{4}, \d{2}:\d{2} \(hora de Madrid\)/);
    expect(mail!.text).toContain('/account#sesiones');

    // Both browsers again: nothing more.
    expect((await other.post('/api/logout')).status).toBe(204);
    expect((await other.login(user.email, user.password)).status).toBe(204);
    expect((await client.post('/api/logout')).status).toBe(204);
    expect((await client.login(user.email, user.password)).status).toBe(204);
    await sleep(200);
    expect(notices(user.email)).toHaveLength(1);

    // Only a keyed hash of the browser's id is stored.
    const rows = await server.database.query<{ device_hash: string }>(
      'SELECT device_hash FROM known_devices WHERE user_id = $1',
      [user.id],
    );
    expect(rows).toHaveLength(2);
    const ids = [client.cookie(deviceCookie!), other.cookie(deviceCookie!)];
    for (const row of rows) expect(ids).not.toContain(row.device_hash);
  });

  test('a forged or foreign device cookie counts as a new browser; a refused sign-in tells nothing', async () => {
    const { user, client } = await server.signIn();
    const name = [...client.jar.keys()].find((cookie) => cookie.endsWith('_device'))!;

    // Someone else's browser id does not make a browser known to this person.
    const stranger = await server.signIn();
    const borrowed = server.client();
    borrowed.jar.set(name, stranger.client.cookie(name)!);
    await borrowed.csrf();
    expect((await borrowed.login(user.email, 'no-es-la-clave')).status).toBe(422);
    await sleep(200);
    expect(notices(user.email)).toHaveLength(0);
    expect((await borrowed.login(user.email, user.password)).status).toBe(204);
    await waitFor(() => notices(user.email).length === 1, { what: 'one notice' });

    // A malformed id is replaced by a new one.
    const forged = server.client();
    forged.jar.set(name, 'x'.repeat(500));
    await forged.csrf();
    expect((await forged.login(user.email, user.password)).status).toBe(204);
    expect(forged.cookie(name)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await waitFor(() => notices(user.email).length === 2, { what: 'a second notice' });
    expect(notices(stranger.user.email)).toHaveLength(0);
  });

  test('two sign-ins at once from one new browser mail once', async () => {
    const { user } = await server.signIn();
    const browser = server.client();
    await browser.csrf();
    // The browser holds its id before signing in (a first sign-in that failed sets none: give it one).
    const name = `${server.config.session.cookieName.replace(/_session$/, '')}_device`;
    browser.jar.set(name, 'A'.repeat(43));
    const results = await Promise.all([
      browser.login(user.email, user.password),
      browser.login(user.email, user.password),
    ]);
    expect(results.map((r) => r.status)).toEqual([204, 204]);
    await sleep(300);
    expect(notices(user.email)).toHaveLength(1);
  });
});
