import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestClient, type TestServer, testDatabases } from './support';

// API tokens (issue 21, decision 037): Sanctum's personal access tokens, made in "Mi cuenta", used as
// `Authorization: Bearer`, limited to what both the token and its owner may do.

const TOKEN_SHAPE = /^(\d+)\|([A-Za-z0-9]{40})$/;

describe.each(testDatabases())('API tokens (%s)', (engine) => {
  let server: TestServer;
  let admin: TestClient;

  beforeAll(async () => {
    server = await startTestServer(engine);
    ({ client: admin } = await server.signIn({ roles: ['admin'] }));
  });
  afterAll(() => server?.close());

  /** A client like curl: no cookies, no Origin, only the token. */
  function bearer(token: string) {
    const client = server.client({ origin: null });
    const headers = { Authorization: `Bearer ${token}` };
    return {
      client,
      get: (path: string) => client.get(path, { headers }),
      post: (path: string, json?: unknown) => client.post(path, json, { headers }),
      put: (path: string, json?: unknown) => client.put(path, json, { headers }),
      delete: (path: string) => client.delete(path, undefined, { headers }),
    };
  }

  async function createToken(client: TestClient, body: Record<string, unknown>) {
    const response = await client.post('/api/user/tokens', body);
    expect(response.status, response.text).toBe(201);
    return response.body.data as { id: number; name: string; abilities: string[]; token: string };
  }

  /** A role holding exactly `permissions`, made by the administrator. */
  async function roleWith(permissions: string[]) {
    const name = `rol-${Math.random().toString(36).slice(2, 10)}`;
    const response = await admin.post('/api/roles', { name, label: `Rol ${name}`, permissions });
    expect(response.status, response.text).toBe(201);
    return { name, id: response.body.data.id as number };
  }

  test('a token is shown once, stored as the SHA-256 of its random part, and listed without it', async () => {
    const { user, client } = await server.signIn({ roles: ['editor'] });
    const expires = new Date(Date.now() + 30 * 24 * 3600_000).toISOString();
    const created = await client.post('/api/user/tokens', {
      name: '  Integración web ',
      abilities: ['news.view', 'category.create', 'news.view'],
      expires_at: expires,
    });
    expect(created.status).toBe(201);
    const data = created.body.data;
    expect(Object.keys(data).sort()).toEqual(['abilities', 'expires_at', 'id', 'name', 'token']);
    expect(data).toMatchObject({ name: 'Integración web', abilities: ['category.create', 'news.view'] });
    expect(Date.parse(data.expires_at)).toBe(Date.parse(expires));
    const [, id, secret] = TOKEN_SHAPE.exec(data.token) ?? [];
    expect(Number(id)).toBe(data.id);

    const [row] = await server.database.query<Record<string, unknown>>(
      'SELECT * FROM personal_access_tokens WHERE id = $1',
      [data.id],
    );
    expect(row).toMatchObject({
      tokenable_type: 'App\\Models\\User',
      name: 'Integración web',
      token: createHash('sha256').update(secret!).digest('hex'),
      abilities: '["category.create","news.view"]',
      last_used_at: null,
    });
    expect(Number(row!.tokenable_id)).toBe(user.id);
    expect(JSON.stringify(row)).not.toContain(secret);

    const list = await client.get('/api/user/tokens');
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual([
      {
        id: data.id,
        name: 'Integración web',
        abilities: ['category.create', 'news.view'],
        last_used_at: null,
        expires_at: data.expires_at,
        created_at: expect.any(String),
      },
    ]);
    expect(list.text).not.toContain(secret);

    const events = await server.database.query<{ kind: string; details: Record<string, unknown> }>(
      `SELECT kind, details FROM security_events WHERE user_id = $1 AND kind = 'token_created'`,
      [user.id],
    );
    expect(events).toHaveLength(1);
    expect(events[0]!.details).toMatchObject({ token_id: data.id, name: 'Integración web' });
    expect(JSON.stringify(events)).not.toContain(secret);
  });

  test('what a token may be: named, abilities among my own permissions, expiry in the future, 50 at most', async () => {
    const { user, client } = await server.signIn({ roles: ['lector'] });
    const refused = async (body: unknown, field: string, message: string) => {
      const response = await client.post('/api/user/tokens', body);
      expect(response.status, response.text).toBe(422);
      expect(response.body.errors[field]).toEqual([message]);
    };
    await refused({ abilities: [] }, 'name', 'El campo nombre es obligatorio.');
    await refused(
      { name: 'x', abilities: ['news.view', 'user.update'] },
      'abilities',
      'No puede dar al token un permiso que usted no tiene: Usuarios: Editar.',
    );
    await refused(
      { name: 'x', abilities: ['user.update', 'role.delete'] },
      'abilities',
      'No puede dar al token permisos que usted no tiene: Roles: Eliminar, Usuarios: Editar.',
    );
    await refused({ name: 'x', abilities: ['news.fly'] }, 'abilities.0', 'El permiso «news.fly» no existe.');
    await refused(
      { name: 'x', abilities: 'news.view' },
      'abilities',
      'El campo permisos debe ser una lista.',
    );
    await refused(
      { name: 'x', expires_at: new Date(Date.now() - 1000).toISOString() },
      'expires_at',
      'La fecha de caducidad debe ser posterior a ahora.',
    );
    await refused(
      { name: 'x', expires_at: '31/12/2030' },
      'expires_at',
      'El campo caducidad debe ser una fecha y hora ISO 8601.',
    );
    await refused({ name: 'x', token: 'mío' }, 'token', 'El campo token no está permitido.');

    // Without abilities or expiry: a token that may only say who it is, until it is revoked.
    const plain = await createToken(client, { name: 'Sin permisos' });
    expect(plain.abilities).toEqual([]);
    expect((await client.get('/api/user/tokens')).body.data[0].expires_at).toBeNull();
    const me = await bearer(plain.token).get('/api/user');
    expect(me.status).toBe(200);
    expect(me.body.data).toMatchObject({ id: user.id, permissions: [] });
    expect((await bearer(plain.token).get('/api/news')).status).toBe(403);

    // The cap: 50 live tokens; a 51st (even asked for all at once) is refused.
    await server.database.query(
      `INSERT INTO personal_access_tokens (tokenable_type, tokenable_id, name, token, abilities)
       SELECT 'App\\Models\\User', $1::int, 'Lote ' || n, md5(n || '-' || $1::int) || md5($1::int || '-' || n), '[]'
         FROM generate_series(1, 48) n`,
      [user.id],
    );
    const race = await Promise.all([
      client.post('/api/user/tokens', { name: 'Uno' }),
      client.post('/api/user/tokens', { name: 'Otro' }),
    ]);
    expect(race.map((response) => response.status).sort()).toEqual([201, 422]);
    const over = race.find((response) => response.status === 422)!;
    expect(over.body.errors.name).toEqual([
      'Ha alcanzado el máximo de 50 tokens. Revoque alguno antes de crear otro.',
    ]);
    expect((await client.get('/api/user/tokens')).body.data).toHaveLength(50);
  });

  test('a bearer token works without session, cookies or CSRF, with only its abilities', async () => {
    const { user, client } = await server.signIn({ roles: ['editor'] });
    const { token } = await createToken(client, {
      name: 'Categorías',
      abilities: ['category.create', 'category.view'],
    });
    const api = bearer(token);

    const me = await api.get('/api/user');
    expect(me.status).toBe(200);
    expect(me.body.data).toMatchObject({ id: user.id, email: user.email });
    expect(me.body.data.permissions).toEqual(['category.create', 'category.view']);
    expect(me.setCookies).toEqual([]);

    // A write with no XSRF token, no Origin and no cookie: the token is the credential.
    const created = await api.post('/api/categories', { name: 'Creada con token' });
    expect(created.status, created.text).toBe(201);
    expect(created.setCookies).toEqual([]);
    expect((await api.get('/api/categories')).status).toBe(200);
    // Beyond its abilities, though the owner may: 403.
    expect((await api.get('/api/news')).status).toBe(403);
    expect((await client.get('/api/news')).status).toBe(200);
    expect((await api.post('/api/news', { title: 'No' })).status).toBe(403);

    // A session cookie beside the token changes nothing: the token alone decides.
    const { client: other } = await server.signIn({ roles: ['admin'] });
    const mixed = await other.get('/api/user', { headers: { Authorization: `Bearer ${token}` } });
    expect(mixed.body.data.id).toBe(user.id);
    expect(mixed.setCookies).toEqual([]);
  });

  test('malformed, unknown, revoked and expired tokens are 401; someone else’s token is a 404 to revoke', async () => {
    const { client } = await server.signIn({ roles: ['lector'] });
    const first = await createToken(client, { name: 'Primero', abilities: ['news.view'] });
    const [, id, secret] = TOKEN_SHAPE.exec(first.token)!;
    const unauthenticated = { message: 'No autenticado.' };
    for (const credential of [
      '',
      'basura',
      `${id}|${secret!.slice(1)}`,
      `${id}|${secret!.slice(0, 39)}#`,
      `${Number(id) + 1}|${secret}`,
      `999999|${'a'.repeat(40)}`,
      secret!,
    ]) {
      const response = await bearer(credential).get('/api/user');
      expect(response.status, credential).toBe(401);
      expect(response.body).toEqual(unauthenticated);
    }
    expect((await bearer(first.token).get('/api/news')).status).toBe(200);

    // Expired (its expiry moved into the past, as time would): 401 at once.
    await server.database.query(
      `UPDATE personal_access_tokens SET expires_at = now() - interval '1 second' WHERE id = $1`,
      [first.id],
    );
    expect(await bearer(first.token).get('/api/news')).toMatchObject({ status: 401, body: unauthenticated });

    // Expiring by the clock alone (no write to announce it), while the token sits in the cache.
    const brief = await createToken(client, {
      name: 'Breve',
      abilities: ['news.view'],
      expires_at: new Date(Date.now() + 1500).toISOString(),
    });
    expect((await bearer(brief.token).get('/api/news')).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1600));
    expect(await bearer(brief.token).get('/api/news')).toMatchObject({ status: 401, body: unauthenticated });

    // Someone else cannot revoke mine (404, as if it did not exist), and it keeps working.
    const second = await createToken(client, { name: 'Segundo', abilities: ['news.view'] });
    const { client: stranger } = await server.signIn({ roles: ['admin'] });
    expect((await stranger.delete(`/api/user/tokens/${second.id}`)).status).toBe(404);
    expect((await stranger.delete('/api/user/tokens/abc')).status).toBe(404);
    expect((await bearer(second.token).get('/api/news')).status).toBe(200);

    // Revoked by its owner: 204, then 401, and a second revocation is a 404.
    expect((await client.delete(`/api/user/tokens/${second.id}`)).status).toBe(204);
    expect((await bearer(second.token).get('/api/news')).status).toBe(401);
    expect((await client.delete(`/api/user/tokens/${second.id}`)).status).toBe(404);
    expect((await client.get('/api/user/tokens')).body.data.map((t: { name: string }) => t.name)).toEqual([
      'Breve',
      'Primero',
    ]);
    const [revoked] = await server.database.query<{ details: Record<string, unknown> }>(
      `SELECT details FROM security_events WHERE kind = 'token_revoked' AND details->>'token_id' = $1`,
      [String(second.id)],
    );
    expect(revoked?.details).toMatchObject({ name: 'Segundo' });
  });

  test('the owner’s permissions count now: a permission removed is a 403, a disabled owner a 401', async () => {
    const role = await roleWith(['news.view', 'page.view']);
    const { user, client } = await server.signIn({ roles: [role.name] });
    const { token } = await createToken(client, { name: 'Lectura', abilities: ['news.view', 'page.view'] });
    const api = bearer(token);
    expect((await api.get('/api/news')).status).toBe(200);
    expect((await api.get('/api/pages')).status).toBe(200);

    await server.database.query(
      `DELETE FROM role_permissions WHERE role_id = $1 AND permission = 'news.view'`,
      [role.id],
    );
    expect((await api.get('/api/news')).status).toBe(403);
    expect((await api.get('/api/pages')).status).toBe(200);
    expect((await api.get('/api/user')).body.data.permissions).toEqual(['page.view']);

    await server.database.query('UPDATE users SET active = false WHERE id = $1', [user.id]);
    expect((await api.get('/api/pages')).status).toBe(401);
    await server.database.query('UPDATE users SET active = true WHERE id = $1', [user.id]);
    expect((await api.get('/api/pages')).status).toBe(200);

    // Sent to the trash through the users area: its tokens stop at once too.
    const trashed = await admin.request('DELETE', `/api/users/${user.id}`);
    expect(trashed.status, trashed.text).toBe(204);
    expect((await api.get('/api/pages')).status).toBe(401);
    // Deleted for good: its tokens go with it (Sanctum's table has no foreign key; migration 0030's trigger).
    expect((await admin.request('DELETE', `/api/users/${user.id}?force=1`)).status).toBe(204);
    const left = await server.database.query('SELECT 1 FROM personal_access_tokens WHERE tokenable_id = $1', [
      user.id,
    ]);
    expect(left).toEqual([]);
  });

  test('the account’s own security is for a browser session: a token gets 403 there', async () => {
    const { user, client } = await server.signIn({ roles: ['admin'] });
    const { token, id } = await createToken(client, {
      name: 'Todo',
      abilities: ['user.view', 'user.update'],
    });
    const api = bearer(token);
    const message =
      'Esta acción solo puede hacerse desde una sesión iniciada en el navegador, no con un token de API.';
    const attempts = [
      () => api.get('/api/user/tokens'),
      () => api.post('/api/user/tokens', { name: 'Otro' }),
      () => api.delete(`/api/user/tokens/${id}`),
      () => api.get('/api/user/sessions'),
      () =>
        api.put('/api/user/password', {
          current_password: user.password,
          password: 'x',
          password_confirmation: 'x',
        }),
      () => api.put('/api/user/profile-information', { name: 'Otro', email: user.email }),
      () => api.get(`/api/users/${user.id}/tokens`),
      () => api.post('/api/login', { email: user.email, password: user.password }),
      () => api.post('/api/logout'),
      () =>
        api.post('/api/register', {
          name: 'Nadie',
          email: 'nadie@example.com',
          password: 'x',
          password_confirmation: 'x',
        }),
    ];
    for (const attempt of attempts) {
      const response = await attempt();
      expect(response.status, response.text).toBe(403);
      expect(response.body).toEqual({ message });
      expect(response.setCookies).toEqual([]);
    }
    // Nothing happened: the token lives, no sign-in was recorded from it.
    expect((await api.get('/api/users')).status).toBe(200);
    expect((await client.get('/api/user/tokens')).body.data).toHaveLength(1);
    const logins = await server.database.query(
      `SELECT 1 FROM security_events WHERE user_id = $1 AND kind = 'login'`,
      [user.id],
    );
    expect(logins).toHaveLength(1);
  });

  test('the rest of the API takes a token too, and nothing that reads a session fails on it', async () => {
    const { client } = await server.signIn({ roles: ['editor'] });
    const { token } = await createToken(client, {
      name: 'Editorial',
      abilities: ['news.view', 'news.create', 'news.update'],
    });
    const api = bearer(token);
    const news = await api.post('/api/news', { title: 'Escrita por un programa' });
    expect(news.status, news.text).toBe(201);
    const id = news.body.data.id as number;
    // Who is editing (decision 027): the announcement works; the live channel is a browser tab's.
    const tab = 'programa-1234567890';
    const presence = await api.post(`/api/news/${id}/presence`, { tab });
    expect(presence.status, presence.text).toBe(200);
    expect(presence.body.data.mine).toBe(true);
    expect((await api.delete(`/api/news/${id}/presence?tab=${tab}`)).status).toBe(204);
    expect((await api.get(`/api/live?tab=${tab}`)).status).toBe(403);
    // Saved views, search and the dashboard are per person: the token's owner.
    const view = await api.post('/api/saved-views', { area: 'news', name: 'Del programa', state: {} });
    expect(view.status, view.text).toBe(201);
    expect((await client.get('/api/saved-views?area=news')).body.data).toEqual([
      expect.objectContaining({ name: 'Del programa', mine: true }),
    ]);
    for (const path of ['/api/search?q=programa', '/api/dashboard', '/api/permissions']) {
      const response = await api.get(path);
      expect(response.status, `${path} ${response.text}`).toBeLessThan(500);
    }
    expect((await api.get('/api/search?q=programa')).status).toBe(200);
    expect((await api.get('/api/activity')).status).toBe(403);
    // The history names the owner as the author.
    const [audit] = await server.database.query<{ user_name: string }>(
      `SELECT user_name FROM audits WHERE resource = 'news' AND record_id = $1 AND action = 'created'`,
      [id],
    );
    expect(audit?.user_name).toBe('Usuario de prueba');
  });

  test('last_used_at is written on use, at most once a minute', async () => {
    const { client } = await server.signIn({ roles: ['lector'] });
    const { token, id } = await createToken(client, { name: 'Uso', abilities: ['news.view'] });
    const lastUsed = async () =>
      (
        await server.database.query<{ last_used_at: Date | null }>(
          'SELECT last_used_at FROM personal_access_tokens WHERE id = $1',
          [id],
        )
      )[0]!.last_used_at;
    expect(await lastUsed()).toBeNull();
    await bearer(token).get('/api/news');
    const first = await lastUsed();
    expect(first).toBeInstanceOf(Date);
    expect(Math.abs(first!.getTime() - Date.now())).toBeLessThan(10_000);
    await bearer(token).get('/api/news');
    await bearer(token).get('/api/user');
    expect((await lastUsed())!.getTime()).toBe(first!.getTime());
    expect((await client.get('/api/user/tokens')).body.data[0].last_used_at).toBe(first!.toISOString());

    // Two minutes on, as far as the database and a process that has not seen it lately know: written again.
    await server.database.query(
      `UPDATE personal_access_tokens SET last_used_at = now() - interval '2 minutes' WHERE id = $1`,
      [id],
    );
    const twin = await server.startTwin();
    const fromTwin = await new (client.constructor as typeof TestClient)(twin, { origin: null }).get(
      '/api/news',
      { headers: { Authorization: `Bearer ${token}` } },
    );
    expect(fromTwin.status).toBe(200);
    expect(Date.now() - (await lastUsed())!.getTime()).toBeLessThan(10_000);
  });

  test('a token revoked in one process stops at once in another', async () => {
    const { client } = await server.signIn({ roles: ['lector'] });
    const { token, id } = await createToken(client, { name: 'Dos procesos', abilities: ['news.view'] });
    const twin = await server.startTwin();
    const onTwin = () =>
      new (client.constructor as typeof TestClient)(twin, { origin: null }).get('/api/news', {
        headers: { Authorization: `Bearer ${token}` },
      });
    expect((await onTwin()).status).toBe(200);
    expect((await client.delete(`/api/user/tokens/${id}`)).status).toBe(204);
    await expect.poll(async () => (await onTwin()).status, { timeout: 2000 }).toBe(401);
  });

  test('an administrator sees and revokes a person’s tokens from the user form', async () => {
    const { user, client } = await server.signIn({ roles: ['editor'] });
    const { token, id } = await createToken(client, { name: 'De Ana', abilities: ['news.view'] });
    const { user: adminUser, client: boss } = await server.signIn({ roles: ['admin'] });

    const list = await boss.get(`/api/users/${user.id}/tokens`);
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual([
      expect.objectContaining({ id, name: 'De Ana', abilities: ['news.view'] }),
    ]);
    expect(list.text).not.toContain(token.split('|')[1]);

    // Who may not: a reader (no user.view) and someone who may edit users but holds less than the owner.
    const { client: reader } = await server.signIn({ roles: ['lector'] });
    expect((await reader.get(`/api/users/${user.id}/tokens`)).status).toBe(403);
    const clerk = await roleWith(['user.view', 'user.update']);
    const { client: clerkClient } = await server.signIn({ roles: [clerk.name] });
    expect((await clerkClient.get(`/api/users/${user.id}/tokens`)).status).toBe(200);
    const denied = await clerkClient.delete(`/api/users/${user.id}/tokens/${id}`);
    expect(denied.status).toBe(403);
    expect(denied.body.message).toBe(
      'No puede revocar los tokens de un usuario con permisos que usted no tiene.',
    );

    // The wrong person's id, an unknown user, a malformed id: 404.
    expect((await boss.delete(`/api/users/${adminUser.id}/tokens/${id}`)).status).toBe(404);
    expect((await boss.get('/api/users/999999/tokens')).status).toBe(404);
    expect((await boss.get('/api/users/abc/tokens')).status).toBe(404);
    expect((await bearer(token).get('/api/news')).status).toBe(200);

    expect((await boss.delete(`/api/users/${user.id}/tokens/${id}`)).status).toBe(204);
    expect((await bearer(token).get('/api/news')).status).toBe(401);
    expect((await boss.get(`/api/users/${user.id}/tokens`)).body.data).toEqual([]);
    const [event] = await server.database.query<{ user_id: number; actor_id: number }>(
      `SELECT user_id, actor_id FROM security_events WHERE kind = 'token_revoked' AND details->>'token_id' = $1`,
      [String(id)],
    );
    expect(event).toMatchObject({ user_id: user.id, actor_id: adminUser.id });
  });

  test('a role that starts requiring two-factor sign-in holds its holders’ tokens at the gate too', async () => {
    const role = await roleWith(['news.view']);
    const { client } = await server.signIn({ roles: [role.name] });
    const { token } = await createToken(client, { name: 'Informe', abilities: ['news.view'] });
    const api = bearer(token);
    expect((await api.get('/api/news')).status).toBe(200);

    // A token made before the requirement is no way around it: until the owner sets the second
    // factor up, it reaches only what a session in that state reaches (and that is session-only).
    const current = (await admin.get(`/api/roles/${role.id}`)).body.data as { updated_at: string };
    const updated = await admin.put(`/api/roles/${role.id}`, {
      updated_at: current.updated_at,
      name: role.name,
      label: `Rol ${role.name}`,
      permissions: ['news.view'],
      requires_two_factor: true,
    });
    expect(updated.status, updated.text).toBe(200);
    const held = await api.get('/api/news');
    expect(held.status).toBe(403);
    expect(held.body).toMatchObject({ two_factor_required: true });
    expect((await api.get('/api/user')).body).toMatchObject({ data: { two_factor_required: true } });
  });
});
