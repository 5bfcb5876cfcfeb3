import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestClient, type TestServer, type TestUser, testDatabases } from './support';

// Two-factor sign-in (issue 21, decision 035): Fortify's routes under /api. Codes come from the
// `otpauth` package, an implementation of RFC 6238 independent of the server's (lib/totp.ts).

const STEP_MS = 30_000;

/** The code an authenticator app shows for `secret`, `steps` time steps away from now. */
const codeAt = (secret: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({
    timestamp: Date.now() + steps * STEP_MS,
  });

/** Returns once at least 3 s of the current 30 s window remain (a code made now arrives in it). */
const awayFromWindowEnd = async () => {
  const left = STEP_MS - (Date.now() % STEP_MS);
  if (left < 3000) await new Promise((resolve) => setTimeout(resolve, left + 50));
};

describe.each(testDatabases())('two-factor sign-in (%s)', (engine) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(() => server?.close());

  async function confirmPassword(client: TestClient, password: string) {
    const confirmed = await client.post('/api/user/confirm-password', { password });
    expect(confirmed.status).toBe(201);
  }

  /** Signs a new person in and sets up their second factor as the SPA does; returns the secret and codes. */
  async function withTwoFactor(input: { roles?: string[] } = {}) {
    const { user, client } = await server.signIn(input);
    await confirmPassword(client, user.password);
    expect((await client.post('/api/user/two-factor-authentication')).status).toBe(200);
    const { secretKey } = (await client.get('/api/user/two-factor-secret-key')).body as { secretKey: string };
    // The previous window's code is accepted by one step of drift; made close to a window's end on a
    // loaded machine, it would be two steps old when it arrives: wait for the next window then.
    await awayFromWindowEnd();
    const confirmed = await client.post('/api/user/confirmed-two-factor-authentication', {
      code: codeAt(secretKey, -1),
    });
    expect(confirmed.status).toBe(200);
    const codes = (await client.get('/api/user/two-factor-recovery-codes')).body as string[];
    return { user, client, secret: secretKey, codes };
  }

  /** A new browser whose password step answered {two_factor: true}. */
  async function passwordStep(user: TestUser, remember?: boolean) {
    const client = server.client();
    const login = await client.login(user.email, user.password, remember);
    expect(login.status).toBe(200);
    expect(login.body).toEqual({ two_factor: true });
    return client;
  }

  const events = (userId: number, kind: string) =>
    server.database.query<{ details: Record<string, unknown>; actor_id: number | null }>(
      'SELECT details, actor_id FROM security_events WHERE user_id = $1 AND kind = $2 ORDER BY id',
      [userId, kind],
    );

  test('enabling: password confirmation, QR code and secret, a first code, ten recovery codes', async () => {
    const { user, client } = await server.signIn();
    // Laravel's password.confirm answers a JSON request with 423 until the password is confirmed.
    const locked = await client.post('/api/user/two-factor-authentication');
    expect(locked.status).toBe(423);
    expect(locked.body).toEqual({ message: 'Confirme su contraseña para continuar.' });
    expect((await client.get('/api/user/confirmed-password-status')).body).toEqual({ confirmed: false });

    const wrong = await client.post('/api/user/confirm-password', { password: 'no-es-esta' });
    expect(wrong.status).toBe(422);
    expect(wrong.body).toMatchObject({ errors: { password: ['La contraseña no es correcta.'] } });
    await confirmPassword(client, user.password);
    expect((await client.get('/api/user/confirmed-password-status')).body).toEqual({ confirmed: true });

    expect((await client.get('/api/user/two-factor-qr-code')).status).toBe(404);
    expect((await client.post('/api/user/two-factor-authentication')).status).toBe(200);
    const qr = (await client.get('/api/user/two-factor-qr-code')).body as { svg: string; url: string };
    expect(qr.svg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    const { secretKey } = (await client.get('/api/user/two-factor-secret-key')).body as { secretKey: string };
    expect(secretKey).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(qr.url);
    expect(url.protocol).toBe('otpauth:');
    expect(url.searchParams.get('secret')).toBe(secretKey);
    expect(url.searchParams.get('issuer')).toBe(server.config.appName);
    expect(decodeURIComponent(url.pathname)).toContain(user.email);

    // Stored sealed: neither the secret nor a recovery code is in the row as typed.
    const [row] = await server.database.query<{
      two_factor_secret: string;
      two_factor_recovery_codes: string;
    }>('SELECT two_factor_secret, two_factor_recovery_codes FROM users WHERE id = $1', [user.id]);
    expect(row!.two_factor_secret).not.toContain(secretKey);
    const codes = (await client.get('/api/user/two-factor-recovery-codes')).body as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(row!.two_factor_recovery_codes).not.toContain(code);

    // Not yet confirmed: the password alone still signs in.
    const before = server.client();
    expect((await before.login(user.email, user.password)).status).toBe(204);

    const late = await client.post('/api/user/confirmed-two-factor-authentication', {
      code: codeAt(secretKey, -3),
    });
    expect(late.status).toBe(422);
    expect(late.body).toMatchObject({ errors: { code: ['El código de verificación no es válido.'] } });
    const malformed = await client.post('/api/user/confirmed-two-factor-authentication', { code: '12ab' });
    expect(malformed.status).toBe(422);
    expect((await client.get('/api/user')).body).toMatchObject({ data: { two_factor_enabled: false } });

    const confirmed = await client.post('/api/user/confirmed-two-factor-authentication', {
      code: codeAt(secretKey),
    });
    expect(confirmed.status).toBe(200);
    expect((await client.get('/api/user')).body).toMatchObject({
      data: { two_factor_enabled: true, two_factor_required: false },
    });
    expect(await events(user.id, 'two_factor_enabled')).toHaveLength(1);
    // A confirmed factor is not replaced by a new secret behind its owner's back.
    expect((await client.post('/api/user/two-factor-authentication')).status).toBe(422);
  });

  test('a password confirmation lasts three hours (Laravel password_timeout)', async () => {
    const { client } = await withTwoFactor();
    expect((await client.get('/api/user/two-factor-recovery-codes')).status).toBe(200);
    await server.database.query(
      `UPDATE sessions SET password_confirmed_at = now() - interval '3 hours 1 minute' WHERE password_confirmed_at IS NOT NULL`,
    );
    expect((await client.get('/api/user/two-factor-recovery-codes')).status).toBe(423);
    expect((await client.post('/api/user/two-factor-recovery-codes')).status).toBe(423);
    expect((await client.delete('/api/user/two-factor-authentication')).status).toBe(423);
    expect((await client.get('/api/user/confirmed-password-status')).body).toEqual({ confirmed: false });
  });

  test('sign-in: the password answers two_factor, a code within ±1 step completes it, once', async () => {
    const { user, secret } = await withTwoFactor();
    const browser = await passwordStep(user);
    // Nobody is signed in between the two steps.
    expect((await browser.get('/api/user')).status).toBe(401);
    expect(await events(user.id, 'login')).toHaveLength(1);

    const outside = await browser.post('/api/two-factor-challenge', { code: codeAt(secret, -3) });
    expect(outside.status).toBe(422);
    expect(outside.body).toMatchObject({ errors: { code: ['El código de verificación no es válido.'] } });
    const sessionBefore = browser.cookie(server.config.session.cookieName);
    // Kept as typed: the replay below sends the same six digits even if a new step has begun since.
    const current = codeAt(secret);
    const ok = await browser.post('/api/two-factor-challenge', { code: current });
    expect(ok.status).toBe(204);
    // Session fixation: the signed-in session has a new id.
    expect(browser.cookie(server.config.session.cookieName)).not.toBe(sessionBefore);
    expect((await browser.get('/api/user')).body).toMatchObject({ data: { id: user.id } });
    expect(await events(user.id, 'login')).toHaveLength(2);
    expect(await events(user.id, 'login_two_factor_failed')).toHaveLength(1);

    // The same code again, in another browser: refused (each code works once per account).
    const replay = await passwordStep(user);
    expect((await replay.post('/api/two-factor-challenge', { code: current })).status).toBe(422);
    // The next step's code (a clock one step ahead) is accepted.
    expect((await replay.post('/api/two-factor-challenge', { code: codeAt(secret, 1) })).status).toBe(204);
    // And an older code after a newer one is not.
    const older = await passwordStep(user);
    expect((await older.post('/api/two-factor-challenge', { code: codeAt(secret, -1) })).status).toBe(422);
    // The pending sign-in is not carried to another browser by its cookie alone.
    const thief = server.client();
    await thief.csrf();
    const pending = older.cookie('gestor_two_factor_login')!;
    expect(pending).toBeTruthy();
    const stolen = await thief.request('POST', '/api/two-factor-challenge', {
      json: { code: codeAt(secret, 1) },
      headers: {
        Cookie: `${server.config.session.cookieName}=${thief.cookie(server.config.session.cookieName)}; XSRF-TOKEN=${thief.cookie('XSRF-TOKEN')}; gestor_two_factor_login=${pending}`,
      },
    });
    expect(stolen.status).toBe(422);
    expect(stolen.body).toMatchObject({
      errors: { code: ['El inicio de sesión ha caducado. Vuelva a escribir su correo y su contraseña.'] },
    });
  });

  test('two requests with the same code at once: only one signs in', async () => {
    const { user, secret } = await withTwoFactor();
    const [a, b] = await Promise.all([passwordStep(user), passwordStep(user)]);
    const code = codeAt(secret, 1);
    const answers = await Promise.all([
      a.post('/api/two-factor-challenge', { code }),
      b.post('/api/two-factor-challenge', { code }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([204, 422]);
  });

  test('a recovery code signs in once and is gone', async () => {
    const { user, client, codes } = await withTwoFactor();
    const browser = await passwordStep(user, true);
    const used = codes[3]!;
    const ok = await browser.post('/api/two-factor-challenge', { recovery_code: ` ${used.toUpperCase()} ` });
    expect(ok.status).toBe(204);
    expect((await browser.get('/api/user')).status).toBe(200);
    // "Recordarme" survives the second step.
    const [session] = await server.database.query<{ lifetime_minutes: number }>(
      'SELECT lifetime_minutes FROM sessions WHERE user_id = $1 ORDER BY created_at DESC LIMIT 1',
      [user.id],
    );
    expect(session!.lifetime_minutes).toBe(30 * 24 * 60);

    const again = await passwordStep(user);
    const reused = await again.post('/api/two-factor-challenge', { recovery_code: used });
    expect(reused.status).toBe(422);
    expect(reused.body).toMatchObject({
      errors: { recovery_code: ['El código de recuperación no es válido.'] },
    });
    const left = (await client.get('/api/user/two-factor-recovery-codes')).body as string[];
    expect(left).toHaveLength(9);
    expect(left).not.toContain(used);
    expect(await events(user.id, 'recovery_code_used')).toHaveLength(1);

    // Two requests with one code at once: one wins.
    const [x, y] = await Promise.all([passwordStep(user), passwordStep(user)]);
    const answers = await Promise.all([
      x.post('/api/two-factor-challenge', { recovery_code: left[0] }),
      y.post('/api/two-factor-challenge', { recovery_code: left[0] }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([204, 422]);

    // Regenerated: the old ones no longer work.
    expect((await client.post('/api/user/two-factor-recovery-codes')).status).toBe(200);
    const fresh = (await client.get('/api/user/two-factor-recovery-codes')).body as string[];
    expect(fresh).toHaveLength(10);
    expect(fresh).not.toContain(left[1]);
    const old = await passwordStep(user);
    expect((await old.post('/api/two-factor-challenge', { recovery_code: left[1] })).status).toBe(422);
    expect((await old.post('/api/two-factor-challenge', { recovery_code: fresh[0] })).status).toBe(204);
    expect(await events(user.id, 'recovery_codes_regenerated')).toHaveLength(1);
  });

  test('the challenge is throttled like the sign-in, and needs a pending sign-in', async () => {
    const { user, secret } = await withTwoFactor();
    const stranger = server.client();
    await stranger.csrf();
    const none = await stranger.post('/api/two-factor-challenge', { code: '123456' });
    expect(none.status).toBe(422);
    const empty = await stranger.post('/api/two-factor-challenge', {});
    expect(empty.status).toBe(422);

    const browser = await passwordStep(user);
    for (let n = 0; n < 5; n++) {
      expect((await browser.post('/api/two-factor-challenge', { code: '000000' })).status).toBe(422);
    }
    const sixth = await browser.post('/api/two-factor-challenge', { code: codeAt(secret, 1) });
    expect(sixth.status).toBe(429);
    expect(sixth.headers.get('retry-after')).toMatch(/^\d+$/);
    // Per account: a new browser (another address, too) does not start a new count.
    const other = await passwordStep(user);
    expect((await other.post('/api/two-factor-challenge', { code: codeAt(secret, 1) })).status).toBe(429);
  });

  test('disabling with a confirmed password brings back password-only sign-in', async () => {
    const { user, client } = await withTwoFactor();
    expect((await client.delete('/api/user/two-factor-authentication')).status).toBe(200);
    expect((await client.get('/api/user')).body).toMatchObject({ data: { two_factor_enabled: false } });
    expect((await server.client().login(user.email, user.password)).status).toBe(204);
    expect(await events(user.id, 'two_factor_disabled')).toHaveLength(1);
  });

  test('a role that requires it: 403 everywhere but the set-up until it is enabled', async () => {
    const { client: admin } = await server.signIn({ roles: ['admin'] });
    const created = await admin.post('/api/roles', {
      name: 'exige-2fa',
      label: 'Exige 2FA',
      permissions: ['news.view'],
      requires_two_factor: true,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ data: { requires_two_factor: true } });

    const { user, client } = await server.signIn({ roles: ['exige-2fa'] });
    expect((await client.get('/api/user')).body).toMatchObject({
      data: { two_factor_enabled: false, two_factor_required: true },
    });
    const blocked = await client.get('/api/news');
    expect(blocked.status).toBe(403);
    expect(blocked.body).toEqual({
      message: 'Su rol exige la verificación en dos pasos. Actívela en «Mi cuenta» para continuar.',
      two_factor_required: true,
    });
    expect((await client.get('/api/user/sessions')).status).toBe(403);

    await confirmPassword(client, user.password);
    expect((await client.post('/api/user/two-factor-authentication')).status).toBe(200);
    const { secretKey } = (await client.get('/api/user/two-factor-secret-key')).body as { secretKey: string };
    expect((await client.get('/api/user/two-factor-qr-code')).status).toBe(200);
    expect(
      (await client.post('/api/user/confirmed-two-factor-authentication', { code: codeAt(secretKey) }))
        .status,
    ).toBe(200);
    expect((await client.get('/api/news')).status).toBe(200);
    expect((await client.get('/api/user')).body).toMatchObject({
      data: { two_factor_enabled: true, two_factor_required: true },
    });

    // The requirement is lifted with the role's box: the role's holders are free at once.
    const other = await server.signIn({ roles: ['exige-2fa'] });
    expect((await other.client.get('/api/news')).status).toBe(403);
    const role = (created.body as { data: { id: number; updated_at: string } }).data;
    const lifted = await admin.put(`/api/roles/${role.id}`, {
      requires_two_factor: false,
      updated_at: role.updated_at,
    });
    expect(lifted.status).toBe(200);
    expect((await other.client.get('/api/news')).status).toBe(200);
  });

  test('an administrator resets a second factor: audited, logged, mailed', async () => {
    const { user, secret } = await withTwoFactor();
    const { user: admin, client: adminClient } = await server.signIn({ roles: ['admin'] });
    const listed = await adminClient.get(`/api/users/${user.id}`);
    expect(listed.body).toMatchObject({ data: { two_factor_enabled: true } });

    // Someone without user.update may not.
    const { client: reader } = await server.signIn();
    expect((await reader.delete(`/api/users/${user.id}/two-factor-authentication`)).status).toBe(403);
    // Nor on oneself through this route.
    const self = await adminClient.delete(`/api/users/${admin.id}/two-factor-authentication`);
    expect(self.status).toBe(403);
    expect((await adminClient.delete('/api/users/999999/two-factor-authentication')).status).toBe(404);

    const reset = await adminClient.delete(`/api/users/${user.id}/two-factor-authentication`);
    expect(reset.status).toBe(204);
    expect((await adminClient.get(`/api/users/${user.id}`)).body).toMatchObject({
      data: { two_factor_enabled: false },
    });
    expect((await adminClient.delete(`/api/users/${user.id}/two-factor-authentication`)).status).toBe(422);

    const [mail] = server.mails.to(user.email);
    expect(mail?.subject).toBe('Gestor: se ha restablecido su verificación en dos pasos');
    expect(mail?.text).toContain('Un administrador ha restablecido la verificación en dos pasos');
    const logged = await events(user.id, 'two_factor_reset');
    expect(logged).toHaveLength(1);
    expect(logged[0]!.actor_id).toBe(admin.id);
    const audits = await server.database.query<{ changes: unknown; user_id: number }>(
      `SELECT changes, user_id FROM audits WHERE resource = 'users' AND record_id = $1 AND action = 'updated'`,
      [user.id],
    );
    expect(audits).toContainEqual({
      changes: { two_factor_enabled: { from: true, to: false } },
      user_id: admin.id,
    });

    // The password alone signs in again; the old secret is gone.
    const browser = server.client();
    expect((await browser.login(user.email, user.password)).status).toBe(204);
    expect(secret).toBeTruthy();
  });

  test('an administrator cannot reset someone who holds permissions they lack', async () => {
    const { client: admin } = await server.signIn({ roles: ['admin'] });
    const role = await admin.post('/api/roles', {
      name: 'gestor-usuarios',
      label: 'Gestor de usuarios',
      permissions: ['user.view', 'user.update'],
    });
    expect(role.status).toBe(201);
    const { client: manager } = await server.signIn({ roles: ['gestor-usuarios'] });
    const { user: boss } = await withTwoFactor({ roles: ['admin'] });
    expect((await manager.delete(`/api/users/${boss.id}/two-factor-authentication`)).status).toBe(403);
  });
});
