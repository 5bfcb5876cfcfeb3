import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  SoftAuthenticator,
  startTestServer,
  type TestClient,
  type TestServer,
  type TestUser,
  testDatabases,
} from './support';

// Passkeys (issue 21, decision 036): added in Mi cuenta with the password, used to sign in with no
// password; the relying party is APP_URL's host. A software authenticator (test/support/webauthn.ts)
// plays the browser's part; the server checks it with its WebAuthn library.

const SITE = 'https://gestor.test';

type Options = Record<string, unknown>;

describe.each(testDatabases())('passkeys (%s)', (engine) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(engine, { APP_URL: SITE });
  });
  afterAll(() => server?.close());

  async function registrationOptions(client: TestClient, password: string) {
    const response = await client.post('/api/user/passkeys/options', { current_password: password });
    expect(response.status, response.text).toBe(200);
    return (response.body as { data: Options }).data;
  }

  /** Signs in, adds a passkey named `name` with a new authenticator; returns all three. */
  async function withPasskey(name = 'Portátil') {
    const { user, client } = await server.signIn();
    const authenticator = new SoftAuthenticator(SITE);
    const credential = authenticator.create(await registrationOptions(client, user.password));
    const created = await client.post('/api/user/passkeys', { name, credential });
    expect(created.status, created.text).toBe(201);
    return { user, client, authenticator, passkey: (created.body as { data: { id: number } }).data };
  }

  async function loginOptions(client: TestClient) {
    const response = await client.post('/api/passkeys/login-options');
    expect(response.status, response.text).toBe(200);
    return (response.body as { data: Options }).data;
  }

  async function guest() {
    const client = server.client();
    await client.csrf();
    return client;
  }

  test('adding a passkey asks for the password, and lists it without its key', async () => {
    const { user, client } = await server.signIn({ name: 'Lucía Martín' });
    const missing = await client.post('/api/user/passkeys/options', {});
    expect(missing.status).toBe(422);
    expect(missing.body).toMatchObject({
      errors: { current_password: ['El campo contraseña actual es obligatorio.'] },
    });
    const wrong = await client.post('/api/user/passkeys/options', { current_password: 'no-es-esta' });
    expect(wrong.status).toBe(422);
    expect(wrong.body).toMatchObject({
      errors: { current_password: ['La contraseña actual no es correcta.'] },
    });

    const options = await registrationOptions(client, user.password);
    expect(options).toMatchObject({
      rp: { id: 'gestor.test', name: 'Gestor' },
      user: { name: user.email, displayName: 'Lucía Martín' },
      attestation: 'none',
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      excludeCredentials: [],
    });
    // The user handle names nobody outside this server: 16 bytes of an HMAC, not the id or the email.
    const handle = Buffer.from((options.user as { id: string }).id, 'base64url');
    expect(handle).toHaveLength(16);
    expect(handle.toString('latin1')).not.toContain(user.email);

    const authenticator = new SoftAuthenticator(SITE);
    const credential = authenticator.create(options);
    const created = await client.post('/api/user/passkeys', { name: '  Móvil de trabajo ', credential });
    expect(created.status, created.text).toBe(201);
    expect(created.body).toEqual({
      data: {
        id: expect.any(Number),
        name: 'Móvil de trabajo',
        created_at: expect.any(String),
        last_used_at: null,
        backed_up: false,
      },
    });
    const listed = await client.get('/api/user/passkeys');
    expect((listed.body as { data: unknown[] }).data).toEqual([(created.body as { data: unknown }).data]);

    // The same answer again: its challenge is spent.
    const replay = await client.post('/api/user/passkeys', { name: 'Otra vez', credential });
    expect(replay.status).toBe(422);
    // The next options exclude it, so the same authenticator is not asked to add it twice.
    const next = await registrationOptions(client, user.password);
    expect(next.excludeCredentials).toEqual([
      { id: credential.id, type: 'public-key', transports: ['internal'] },
    ]);

    const events = await server.database.query<{ kind: string; details: unknown }>(
      'SELECT kind, details FROM security_events WHERE user_id = $1 AND kind = $2',
      [user.id, 'passkey_added'],
    );
    expect(events).toEqual([{ kind: 'passkey_added', details: { name: 'Móvil de trabajo' } }]);
  });

  test("an answer is refused for another person's options, another site or a missing name", async () => {
    const ana = await server.signIn();
    const eva = await server.signIn();
    const authenticator = new SoftAuthenticator(SITE);
    // Eva's browser answers Ana's options: the challenge was issued for Ana.
    const forAna = authenticator.create(await registrationOptions(ana.client, ana.user.password));
    const stolen = await eva.client.post('/api/user/passkeys', { name: 'Robada', credential: forAna });
    expect(stolen.status).toBe(422);
    expect(stolen.body).toMatchObject({
      errors: { credential: ['No se ha podido comprobar la llave de acceso. Inténtelo de nuevo.'] },
    });
    // A page on another site.
    const phished = authenticator.create(await registrationOptions(ana.client, ana.user.password), {
      origin: 'https://gestor.test.example.com',
    });
    expect((await ana.client.post('/api/user/passkeys', { name: 'X', credential: phished })).status).toBe(
      422,
    );
    const nameless = authenticator.create(await registrationOptions(ana.client, ana.user.password));
    const noName = await ana.client.post('/api/user/passkeys', { name: ' ', credential: nameless });
    expect(noName.status).toBe(422);
    expect(noName.body).toMatchObject({ errors: { name: ['El campo nombre es obligatorio.'] } });
    const garbage = await ana.client.post('/api/user/passkeys', { name: 'X', credential: { id: 'a' } });
    expect(garbage.status).toBe(422);
    expect((await ana.client.get('/api/user/passkeys')).body).toEqual({ data: [] });
  });

  test('a passkey signs in with no password, once per challenge, and counts its uses', async () => {
    const { user, authenticator, passkey } = await withPasskey();
    const browser = await guest();
    const options = await loginOptions(browser);
    expect(options).toMatchObject({ rpId: 'gestor.test', userVerification: 'required' });
    expect(options.allowCredentials ?? []).toEqual([]);
    const assertion = authenticator.get(options);
    const signedIn = await browser.post('/api/passkeys/login', { credential: assertion });
    expect(signedIn.status, signedIn.text).toBe(204);
    expect((await browser.get('/api/user')).body).toMatchObject({ data: { id: user.id } });

    // The same answer from another browser: refused.
    const thief = await guest();
    const replay = await thief.post('/api/passkeys/login', { credential: assertion });
    expect(replay.status).toBe(422);
    expect((await thief.get('/api/user')).status).toBe(401);

    const [row] = await server.database.query<{ counter: string; last_used_at: Date | null }>(
      'SELECT counter, last_used_at FROM passkeys WHERE id = $1',
      [passkey.id],
    );
    expect(Number(row!.counter)).toBe(1);
    expect(row!.last_used_at).not.toBeNull();
    const [event] = await server.database.query<{ details: unknown }>(
      `SELECT details FROM security_events WHERE user_id = $1 AND kind = 'login' ORDER BY id DESC LIMIT 1`,
      [user.id],
    );
    expect(event!.details).toEqual({ method: 'passkey' });
  });

  test('another site, an unknown or removed passkey, or a disabled account do not sign in', async () => {
    const { user, client, authenticator, passkey } = await withPasskey();
    const browser = await guest();

    const phished = authenticator.get(await loginOptions(browser), { origin: 'https://gestor-test.example' });
    expect((await browser.post('/api/passkeys/login', { credential: phished })).status).toBe(422);

    const stranger = new SoftAuthenticator(SITE);
    const other = await withPasskey();
    // A passkey of this site that Gestor never registered (made for another person's options, kept).
    stranger.create(await registrationOptions(other.client, other.user.password));
    const unknown = await browser.post('/api/passkeys/login', {
      credential: stranger.get(await loginOptions(browser)),
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body).toMatchObject({
      errors: { credential: ['Esta llave de acceso no está registrada en Gestor.'] },
    });

    await server.database.query('UPDATE users SET active = false WHERE id = $1', [user.id]);
    const disabled = await browser.post('/api/passkeys/login', {
      credential: authenticator.get(await loginOptions(browser)),
    });
    expect(disabled.status).toBe(422);
    expect((await browser.get('/api/user')).status).toBe(401);
    await server.database.query('UPDATE users SET active = true WHERE id = $1', [user.id]);

    expect((await client.delete(`/api/user/passkeys/${passkey.id}`)).status).toBe(204);
    const removed = await browser.post('/api/passkeys/login', {
      credential: authenticator.get(await loginOptions(browser)),
    });
    expect(removed.status).toBe(422);
    const kinds = await server.database.query<{ kind: string }>(
      `SELECT kind FROM security_events WHERE user_id = $1 AND kind IN ('passkey_removed', 'login_failed')
        ORDER BY id`,
      [user.id],
    );
    expect(kinds.map((k) => k.kind)).toEqual(['login_failed', 'passkey_removed']);
  });

  test('a passkey is the second step of a password sign-in, instead of a code', async () => {
    const { user, client, authenticator } = await withPasskey('Móvil');
    // The second factor, set up as the SPA does; codes from an RFC 6238 implementation of the tests'.
    expect((await client.post('/api/user/confirm-password', { password: user.password })).status).toBe(201);
    expect((await client.post('/api/user/two-factor-authentication')).status).toBe(200);
    const { secretKey } = (await client.get('/api/user/two-factor-secret-key')).body as { secretKey: string };
    const code = new TOTP({ secret: Secret.fromBase32(secretKey) }).generate();
    expect((await client.post('/api/user/confirmed-two-factor-authentication', { code })).status).toBe(200);

    // Without a pending password step there is nothing to answer.
    const stranger = await guest();
    expect((await stranger.post('/api/two-factor-challenge/passkey-options')).status).toBe(422);

    const browser = await guest();
    const login = await browser.login(user.email, user.password);
    expect(login.body).toEqual({ two_factor: true });
    const optionsResponse = await browser.post('/api/two-factor-challenge/passkey-options');
    expect(optionsResponse.status, optionsResponse.text).toBe(200);
    const options = (optionsResponse.body as { data: Options }).data;
    // Only this person's passkeys are allowed.
    expect(options.allowCredentials).toEqual([
      { id: authenticator.passkeys[0]!.id, type: 'public-key', transports: ['internal'] },
    ]);

    // Someone else's passkey does not pass this person's second step.
    const other = await withPasskey('Ajena');
    const wrong = await browser.post('/api/two-factor-challenge/passkey', {
      credential: other.authenticator.get(options),
    });
    expect(wrong.status).toBe(422);
    expect((await browser.get('/api/user')).status).toBe(401);

    const answer = authenticator.get(options);
    const passed = await browser.post('/api/two-factor-challenge/passkey', { credential: answer });
    expect(passed.status, passed.text).toBe(204);
    expect((await browser.get('/api/user')).body).toMatchObject({ data: { id: user.id } });
    const [event] = await server.database.query<{ details: unknown }>(
      `SELECT details FROM security_events WHERE user_id = $1 AND kind = 'login' ORDER BY id DESC LIMIT 1`,
      [user.id],
    );
    expect(event!.details).toEqual({ two_factor: 'passkey' });

    // The same answer again, from the password step of another browser: spent.
    const again = await guest();
    expect((await again.login(user.email, user.password)).body).toEqual({ two_factor: true });
    expect((await again.post('/api/two-factor-challenge/passkey', { credential: answer })).status).toBe(422);
  });

  test("renaming and removing are one's own; someone else's passkey is a 404", async () => {
    const ana = await withPasskey('Llave USB');
    const eva = await server.signIn();
    const path = `/api/user/passkeys/${ana.passkey.id}`;
    expect((await eva.client.patch(path, { name: 'Mía' })).status).toBe(404);
    expect((await eva.client.delete(path)).status).toBe(404);
    expect((await eva.client.delete('/api/user/passkeys/abc')).status).toBe(404);

    const renamed = await ana.client.patch(path, { name: 'Llave azul' });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ data: { name: 'Llave azul' } });
    expect((await ana.client.patch(path, { name: '' })).status).toBe(422);
    expect((await ana.client.delete(path)).status).toBe(204);
    expect((await ana.client.delete(path)).status).toBe(404);
    expect((await ana.client.get('/api/user/passkeys')).body).toEqual({ data: [] });
  });

  test('guests cannot manage passkeys; wrong answers are throttled like passwords', async () => {
    const browser = await guest();
    expect((await browser.get('/api/user/passkeys')).status).toBe(401);
    expect((await browser.post('/api/user/passkeys/options', { current_password: 'x' })).status).toBe(401);

    const { authenticator } = await withPasskey();
    const attacker = await guest();
    let last = 0;
    for (let i = 0; i < 6; i++) {
      const bad = authenticator.get(await loginOptions(attacker), { origin: 'https://evil.example' });
      last = (await attacker.post('/api/passkeys/login', { credential: bad })).status;
    }
    expect(last).toBe(429);
  });

  test('at most 20 passkeys per person', async () => {
    const { user, client } = await server.signIn();
    for (let i = 0; i < 20; i++) {
      await server.database.query(
        `INSERT INTO passkeys (user_id, name, credential_id, public_key) VALUES ($1, $2, $3, 'x')`,
        [user.id, `Llave ${i}`, `cred-${user.id}-${i}`],
      );
    }
    const full = await client.post('/api/user/passkeys/options', { current_password: user.password });
    expect(full.status).toBe(422);
    expect(full.body).toMatchObject({
      errors: { current_password: [expect.stringContaining('como mucho 20 llaves de acceso')] },
    });
  });
});

describe.each(testDatabases())('passkeys on an address with no domain (%s)', (engine) => {
  let server: TestServer;
  let user: TestUser;
  let client: TestClient;

  beforeAll(async () => {
    server = await startTestServer(engine);
    ({ user, client } = await server.signIn());
  });
  afterAll(() => server?.close());

  test('WebAuthn refuses an IP address as relying party: the options say why', async () => {
    const response = await client.post('/api/user/passkeys/options', { current_password: user.password });
    expect(response.status).toBe(503);
    expect(response.body).toMatchObject({ message: expect.stringContaining('nombre de dominio') });
    const browser = server.client();
    await browser.csrf();
    expect((await browser.post('/api/passkeys/login-options')).status).toBe(503);
  });
});
