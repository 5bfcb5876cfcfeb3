import { MESSAGES, PERMISSIONS, SEEDED_ROLES } from '@gestor/shared';
import bcrypt from 'bcryptjs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestServer, testDatabases, uniqueEmail } from './support';

// docs/http-api.md#sign-in-lifecycle: login, the signed-in user, throttling, disabled accounts,
// legacy bcrypt hashes and registration.

const permissionsOf = (...roles: string[]) =>
  [...new Set(SEEDED_ROLES.filter((r) => roles.includes(r.name)).flatMap((r) => r.permissions))].sort();

const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

describe.each(testDatabases())('authentication (%s)', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(() => server?.close());

  const invalidCredentials = {
    message: MESSAGES.invalidCredentials,
    errors: { email: [MESSAGES.invalidCredentials] },
  };

  describe('GET /api/user', () => {
    test('answers 401 with the Spanish message when nobody is signed in', async () => {
      const client = server.client();
      await client.csrf();
      const response = await client.get('/api/user');
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ message: MESSAGES.unauthenticated });
    });

    test('returns the user with roles in order, the first role as role/roleName, and sorted permissions', async () => {
      const email = uniqueEmail('Editora').toUpperCase();
      const { user, client } = await server.signIn({
        name: 'Ana Editora',
        email,
        roles: ['editor', 'lector'],
      });

      const response = await client.get('/api/user');

      expect(response.status).toBe(200);
      const data = response.body.data;
      expect(Object.keys(data).sort()).toEqual(
        [
          'created_at',
          'email',
          'email_verified_at',
          'id',
          'name',
          'permissions',
          'role',
          'roleName',
          'roles',
          'updated_at',
          // Decision 035: whether the person has the second factor, and whether a role requires it.
          'two_factor_enabled',
          'two_factor_required',
        ].sort(),
      );
      expect(data).toMatchObject({
        two_factor_enabled: false,
        two_factor_required: false,
        id: user.id,
        name: 'Ana Editora',
        email: email.toLowerCase(),
        role: 'editor',
        roleName: 'Editor',
      });
      expect(data.roles).toEqual([
        { id: expect.any(Number), name: 'editor', label: 'Editor' },
        { id: expect.any(Number), name: 'lector', label: 'Lector' },
      ]);
      expect(data.permissions).toEqual(permissionsOf('editor', 'lector'));
      for (const field of ['created_at', 'updated_at', 'email_verified_at']) {
        expect(data[field], field).toMatch(ISO_UTC);
      }
      expect(response.text).not.toContain('password');
      expect(response.text).not.toContain('$argon2');
    });

    test('the first role decides role/roleName; an administrator holds every permission', async () => {
      const { client } = await server.signIn({ roles: ['lector', 'editor'] });
      const reader = (await client.get('/api/user')).body.data;
      expect([reader.role, reader.roleName]).toEqual(['lector', 'Lector']);

      const { client: admin } = await server.signIn({ roles: ['admin'] });
      const data = (await admin.get('/api/user')).body.data;
      expect(data.role).toBe('admin');
      expect(data.roleName).toBe('Administrador');
      expect(data.permissions).toEqual([...PERMISSIONS].sort());
    });

    test('a user without roles has role and roleName null and no permissions', async () => {
      const { client } = await server.signIn({ roles: [] });
      const data = (await client.get('/api/user')).body.data;
      expect(data).toMatchObject({ roles: [], role: null, roleName: null, permissions: [] });
    });

    test('lang=en is accepted too', async () => {
      const { client } = await server.signIn();
      expect((await client.get('/api/user?lang=en')).status).toBe(200);
    });
  });

  describe('POST /api/login', () => {
    test('accepts the email in any case', async () => {
      const user = await server.createUser();
      const client = server.client();
      expect((await client.login(user.email.toUpperCase(), user.password)).status).toBe(204);
      expect((await client.get('/api/user')).body.data.id).toBe(user.id);
    });

    test('a wrong password and an unknown email get the same 422 and no session', async () => {
      const user = await server.createUser();
      const client = server.client();

      const wrong = await client.login(user.email, 'no-es-la-contraseña');
      expect(wrong.status).toBe(422);
      expect(wrong.body).toEqual(invalidCredentials);

      const unknown = await client.login(uniqueEmail('nadie'), user.password);
      expect(unknown.status).toBe(422);
      expect(unknown.body).toEqual(invalidCredentials);

      expect((await client.get('/api/user')).status).toBe(401);
    });

    test('an account without a password (invited, never set) cannot sign in', async () => {
      const user = await server.createUser({ password: null });
      const response = await server.client().login(user.email, '');
      expect(response.status).toBe(422);
      const guess = await server.client().login(user.email, 'cualquier-cosa');
      expect(guess.status).toBe(422);
      expect(guess.body).toEqual(invalidCredentials);
    });

    test('accepts a Laravel bcrypt ($2y$) hash and re-hashes it to argon2id', async () => {
      const user = await server.createUser({ password: null });
      const legacy = bcrypt.hashSync('contraseña-de-laravel', 4).replace(/^\$2[ab]\$/, '$2y$');
      await server.database.query('UPDATE users SET password = $2 WHERE id = $1', [user.id, legacy]);

      expect((await server.client().login(user.email, 'otra-contraseña')).status).toBe(422);
      const client = server.client();
      expect((await client.login(user.email, 'contraseña-de-laravel')).status).toBe(204);
      expect((await client.get('/api/user')).body.data.id).toBe(user.id);

      const [row] = await server.database.query<{ password: string }>(
        'SELECT password FROM users WHERE id = $1',
        [user.id],
      );
      expect(row!.password).toMatch(/^\$argon2id\$/);
      // The new hash works, and the old one is gone.
      expect((await server.client().login(user.email, 'contraseña-de-laravel')).status).toBe(204);
      expect((await server.client().login(user.email, 'otra-contraseña')).status).toBe(422);
    });

    describe('throttle', () => {
      test('after 5 failures, even the right password gets 429 with Retry-After until the window ends', async () => {
        const user = await server.createUser();
        const client = server.client();
        for (let attempt = 1; attempt <= 5; attempt++) {
          const failure = await client.login(user.email, `incorrecta-${attempt}`);
          expect(failure.status, `attempt ${attempt}`).toBe(422);
        }

        const blocked = await client.login(user.email, user.password);

        expect(blocked.status).toBe(429);
        const retryAfter = Number(blocked.headers.get('retry-after'));
        expect(retryAfter).toBeGreaterThanOrEqual(1);
        expect(retryAfter).toBeLessThanOrEqual(60);
        expect(blocked.body).toEqual({
          message: MESSAGES.throttled(retryAfter),
          errors: { email: [MESSAGES.throttled(retryAfter)] },
        });
        expect(blocked.body.message).toMatch(
          /^Demasiados intentos de acceso\. Por favor intente nuevamente en \d+ segundos\.$/,
        );
        expect((await client.get('/api/user')).status).toBe(401);

        // The key is the lower-cased email: another spelling is the same key.
        expect((await client.login(user.email.toUpperCase(), user.password)).status).toBe(429);
        // Faking a client address does not escape it (TRUST_PROXY is off by default).
        const forwarded = await client.post(
          '/api/login',
          { email: user.email, password: user.password },
          { headers: { 'X-Forwarded-For': '203.0.113.9' } },
        );
        expect(forwarded.status).toBe(429);

        // Other addresses from the same IP are not affected.
        const other = await server.createUser();
        expect((await server.client().login(other.email, other.password)).status).toBe(204);

        // When the window ends the right password works again.
        await server.database.query("UPDATE login_throttles SET expires_at = now() - interval '1 second'");
        expect((await client.login(user.email, user.password)).status).toBe(204);
      });

      test('parallel guesses cannot slip past it: at most 5 passwords are checked per window', async () => {
        const user = await server.createUser();
        const client = server.client();
        await client.csrf();
        const guesses = await Promise.all(
          Array.from({ length: 30 }, (_, i) =>
            client.post('/api/login', { email: user.email, password: `incorrecta-${i}` }),
          ),
        );
        const statuses = guesses.map((g) => g.status);
        expect(statuses.filter((s) => s === 422)).toHaveLength(5);
        expect(statuses.filter((s) => s === 429)).toHaveLength(25);
        expect((await client.login(user.email, user.password)).status).toBe(429);
      });

      test('a successful sign-in clears the failures counted so far', async () => {
        const user = await server.createUser();
        const client = server.client();
        for (let attempt = 1; attempt <= 4; attempt++) await client.login(user.email, 'incorrecta');
        expect((await client.login(user.email, user.password)).status).toBe(204);
        for (let attempt = 1; attempt <= 4; attempt++) {
          expect((await server.client().login(user.email, 'incorrecta')).status).toBe(422);
        }
        expect((await server.client().login(user.email, user.password)).status).toBe(204);
      });
    });

    describe('disabled users', () => {
      test('cannot sign in, even with the right password', async () => {
        const user = await server.createUser({ active: false });
        const client = server.client();
        const response = await client.login(user.email, user.password);
        expect(response.status).toBe(422);
        expect(response.body).toEqual({
          message: MESSAGES.accountDisabled,
          errors: { email: [MESSAGES.accountDisabled] },
        });
        expect((await client.get('/api/user')).status).toBe(401);
      });

      test('disabling a user ends the sessions it already has', async () => {
        const { user, client } = await server.signIn();
        const second = server.client();
        await second.login(user.email, user.password);
        expect((await client.get('/api/user')).status).toBe(200);

        await server.database.query('UPDATE users SET active = false WHERE id = $1', [user.id]);

        for (const browser of [client, second]) {
          const response = await browser.get('/api/user');
          expect(response.status).toBe(401);
          expect(response.body).toEqual({ message: MESSAGES.unauthenticated });
        }
      });
    });
  });

  test('POST /api/register is refused with 403 while REGISTRATION_ENABLED is false', async () => {
    const client = server.client();
    await client.csrf();
    const email = uniqueEmail('registro');
    const response = await client.post('/api/register', {
      name: 'Nueva Persona',
      email,
      password: 'una-contraseña',
      password_confirmation: 'una-contraseña',
    });
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ message: MESSAGES.registrationDisabled });
    expect(await server.database.query('SELECT 1 FROM users WHERE email = $1', [email])).toHaveLength(0);
  });

  describe('REGISTRATION_ENABLED=true', () => {
    let open: TestServer;
    beforeAll(async () => {
      open = await startTestServer(engine, { REGISTRATION_ENABLED: 'true' });
    });
    afterAll(() => open?.close());

    const register = async (fields: Record<string, unknown>) => {
      const client = open.client();
      await client.csrf();
      const response = await client.post('/api/register', fields);
      return { client, response };
    };
    const newAccount = (password = 'una-contraseña', email = uniqueEmail('registro')) => ({
      name: 'Nueva Persona',
      email,
      password,
      password_confirmation: password,
    });

    test('creates the account and signs it in with a new session (204)', async () => {
      const client = open.client();
      await client.csrf();
      const guestSession = client.cookie('gestor_session');
      const account = newAccount();

      const response = await client.post('/api/register', { ...account, email: account.email.toUpperCase() });

      expect(response.status).toBe(204);
      expect(client.cookie('gestor_session')).not.toBe(guestSession);
      const me = await client.get('/api/user');
      expect(me.status).toBe(200);
      expect(me.body.data).toMatchObject({ name: 'Nueva Persona', email: account.email, role: 'lector' });
      // The password works for a later sign-in.
      expect((await open.client().login(account.email, account.password)).status).toBe(204);
    });

    test('an email already in use, in any case, is a 422', async () => {
      const existing = await open.createUser();
      const { client, response } = await register(newAccount(undefined, existing.email.toUpperCase()));
      expect(response.status).toBe(422);
      expect(response.body.errors.email).toEqual(['El correo electrónico ya está en uso.']);
      expect((await client.get('/api/user')).status).toBe(401);
    });

    test('parallel sign-ups with one address create one account; the others get the same 422', async () => {
      const account = newAccount();
      const results = await Promise.all(Array.from({ length: 5 }, () => register(account)));
      const statuses = results.map((r) => r.response.status).sort();
      expect(statuses).toEqual([204, 422, 422, 422, 422]);
      for (const { response } of results.filter((r) => r.response.status === 422)) {
        expect(response.body.errors.email).toEqual(['El correo electrónico ya está en uso.']);
      }
      const rows = await open.database.query('SELECT id FROM users WHERE lower(email) = $1', [account.email]);
      expect(rows).toHaveLength(1);
    });

    test('passwords need 8 to 128 characters and a matching confirmation, and nothing more', async () => {
      const short = await register(newAccount('1234567'));
      expect(short.response.status).toBe(422);
      expect(short.response.body.errors.password).toEqual([
        'El campo contraseña debe tener al menos 8 caracteres.',
      ]);

      const long = await register(newAccount('x'.repeat(129)));
      expect(long.response.status).toBe(422);
      expect(long.response.body.errors.password).toEqual([
        'El campo contraseña no debe tener más de 128 caracteres.',
      ]);

      const mismatch = await register({ ...newAccount(), password_confirmation: 'otra-contraseña' });
      expect(mismatch.response.status).toBe(422);
      expect(mismatch.response.body).toEqual({
        message: 'La confirmación de la contraseña no coincide.',
        errors: { password: ['La confirmación de la contraseña no coincide.'] },
      });

      // No composition rules: eight lower-case letters, or exactly 128 characters, are fine.
      expect((await register(newAccount('aaaaaaaa'))).response.status).toBe(204);
      expect((await register(newAccount('y'.repeat(128)))).response.status).toBe(204);
    });

    test('name and email are required, and the email must be an address', async () => {
      const { response } = await register({
        password: 'una-contraseña',
        password_confirmation: 'una-contraseña',
      });
      expect(response.status).toBe(422);
      expect(response.body.errors).toEqual({
        name: ['El campo nombre es obligatorio.'],
        email: ['El campo correo electrónico es obligatorio.'],
      });
      const notEmail = await register({ ...newAccount(), email: 'no-es-un-correo' });
      expect(notEmail.response.body.errors.email).toEqual([
        'El campo correo electrónico debe ser una dirección de correo válida.',
      ]);
    });
  });
});
