import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  resetLinkIn,
  startTestServer,
  TEST_PASSWORD,
  type TestClient,
  type TestServer,
  testDatabases,
  uniqueEmail,
  waitFor,
} from './support';

// Users (docs/areas.md): roles by name, password or invitation, enabling and disabling, self-protection and
// the last active administrator.

describe.each(testDatabases())('users (%s)', (engine) => {
  let server: TestServer;
  let admin: TestClient;
  let adminId: number;

  beforeAll(async () => {
    server = await startTestServer(engine);
    const signedIn = await server.signIn({ name: 'Admin Uno', roles: ['admin'] });
    admin = signedIn.client;
    adminId = signedIn.user.id;
  });
  afterAll(() => server?.close());

  const lookup = async (id: number) => (await admin.get(`/api/users/${id}`)).body.data;

  test('creates a user with roles written as names and read as objects; the password works', async () => {
    const email = uniqueEmail('nueva');
    const response = await admin.post('/api/users', {
      name: 'Nueva Persona',
      email: email.toUpperCase(),
      roles: ['editor', 'lector'],
      password: 'una-clave-larga',
    });
    expect(response.status).toBe(201);
    expect(response.body.data).toMatchObject({
      name: 'Nueva Persona',
      email,
      active: true,
      last_login_at: null,
      roles: [
        { name: 'editor', label: 'Editor' },
        { name: 'lector', label: 'Lector' },
      ],
    });
    expect(response.body.data).not.toHaveProperty('password');
    const client = server.client();
    expect((await client.login(email, 'una-clave-larga')).status).toBe(204);
    expect((await lookup(response.body.data.id)).last_login_at).not.toBeNull();
  });

  test('email is unique regardless of case; unknown roles and missing password are refused', async () => {
    const existing = await server.createUser();
    const duplicate = await admin.post('/api/users', {
      name: 'Otra',
      email: existing.email.toUpperCase(),
      roles: ['lector'],
      password: 'una-clave-larga',
    });
    expect(duplicate.status).toBe(422);
    expect(duplicate.body.errors.email).toEqual(['Ya existe un usuario con este correo electrónico.']);

    const unknownRole = await admin.post('/api/users', {
      name: 'Otra',
      email: uniqueEmail(),
      roles: ['fantasma'],
      password: 'una-clave-larga',
    });
    expect(unknownRole.body.errors.roles).toEqual(['El rol «fantasma» no existe.']);

    const noPassword = await admin.post('/api/users', {
      name: 'Otra',
      email: uniqueEmail(),
      roles: ['lector'],
    });
    expect(noPassword.body.errors.password).toEqual(['Indique una contraseña o marque «Enviar invitación».']);
    const noRoles = await admin.post('/api/users', {
      name: 'Otra',
      email: uniqueEmail(),
      roles: [],
      password: 'x'.repeat(8),
    });
    expect(noRoles.body.errors.roles).toEqual(['Asigne al menos un rol.']);
  });

  test('an invitation mails a link that sets the password through the reset flow', async () => {
    const email = uniqueEmail('invitada');
    const response = await admin.post('/api/users', {
      name: 'Invitada',
      email,
      roles: ['lector'],
      send_invitation: true,
    });
    expect(response.status).toBe(201);
    const [mail] = await waitFor(() => server.mails.to(email).length > 0 && server.mails.to(email), {
      what: 'the invitation',
    });
    expect(mail!.subject).toContain('cree su contraseña');
    const link = resetLinkIn(mail!.text);
    expect(link.email).toBe(email);
    const token = link.token;

    const guest = server.client();
    expect((await guest.login(email, 'cualquier-cosa')).status).toBe(422);
    await guest.csrf();
    const reset = await guest.post('/api/reset-password', {
      token,
      email,
      password: 'elegida-por-ella',
      password_confirmation: 'elegida-por-ella',
    });
    expect(reset.status).toBe(200);
    expect((await server.client().login(email, 'elegida-por-ella')).status).toBe(204);
  });

  test('disabling a user ends their sessions and stops sign-in; enabling lets them back', async () => {
    const { user, client } = await server.signIn({ roles: ['lector'] });
    const current = await lookup(user.id);
    const disabled = await admin.patch(`/api/users/${user.id}`, {
      active: false,
      updated_at: current.updated_at,
    });
    expect(disabled.status).toBe(200);
    expect((await client.get('/api/user')).status).toBe(401);
    expect((await server.client().login(user.email, TEST_PASSWORD)).status).toBe(422);
    const inactive = await admin.get('/api/users?filter[active]=false');
    expect(inactive.body.data.map((u: { id: number }) => u.id)).toContain(user.id);

    await admin.patch(`/api/users/${user.id}`, { active: true, updated_at: disabled.body.data.updated_at });
    expect((await server.client().login(user.email, TEST_PASSWORD)).status).toBe(204);
  });

  test('nobody can disable or delete themselves', async () => {
    const me = await lookup(adminId);
    const disable = await admin.patch(`/api/users/${adminId}`, { active: false, updated_at: me.updated_at });
    expect(disable.status).toBe(422);
    expect(disable.body.errors.active).toEqual(['No puede desactivar su propia cuenta.']);
    const remove = await admin.delete(`/api/users/${adminId}`);
    expect(remove.status).toBe(422);
    expect(remove.body.errors.ids).toEqual(['No puede eliminar su propia cuenta.']);
  });

  test('the system is never left without an active administrator', async () => {
    // A user manager without the administrator's permissions may not touch an administrator at all
    // (docs/http-api.md, no escalation): 403 before the invariant is even reached.
    await admin.post('/api/roles', {
      name: 'gestor_usuarios',
      label: 'Gestión de usuarios',
      permissions: ['user.view', 'user.update', 'user.delete'],
    });
    const { client: manager } = await server.signIn({ roles: ['gestor_usuarios'] });
    const others = await admin.get('/api/users?filter[role]=admin&per_page=100');
    for (const other of others.body.data.filter((u: { id: number }) => u.id !== adminId)) {
      await admin.delete(`/api/users/${other.id}`);
    }
    const me = await lookup(adminId);
    const managerDemotes = await manager.patch(`/api/users/${adminId}`, {
      roles: ['lector'],
      updated_at: me.updated_at,
    });
    expect(managerDemotes.status).toBe(403);
    expect((await manager.delete('/api/users', { ids: [adminId] })).status).toBe(403);

    // The last administrator cannot give up the role either.
    const demote = await admin.patch(`/api/users/${adminId}`, {
      roles: ['lector'],
      updated_at: me.updated_at,
    });
    expect(demote.status).toBe(422);
    expect(demote.body.errors.roles).toEqual(['Debe quedar al menos un administrador activo.']);
    // A second administrator who is disabled does not count.
    const second = await server.createUser({ roles: ['admin'], active: false });
    const again = await admin.patch(`/api/users/${adminId}`, {
      roles: ['lector'],
      updated_at: me.updated_at,
    });
    expect(again.status).toBe(422);
    // Deleting the only other (active) administrator leaves this one: allowed; then the last one stays.
    expect((await admin.delete('/api/users', { ids: [second.id] })).status).toBe(204);
    expect((await lookup(adminId)).roles.map((r: { name: string }) => r.name)).toEqual(['admin']);
  });

  test('filters by role, searches name or email, sorts by last sign-in', async () => {
    const marker = `marca${Date.now().toString(36)}`;
    await server.createUser({ name: `${marker} Uno`, roles: ['editor'] });
    await server.createUser({ name: `${marker} Dos`, roles: ['lector'] });
    const editors = await admin.get(`/api/users?search=${marker}&filter[role]=editor`);
    expect(editors.body.data.map((u: { name: string }) => u.name)).toEqual([`${marker} Uno`]);
    const byEmail = await admin.get(`/api/users?search=${encodeURIComponent('@EXAMPLE.com')}&per_page=1`);
    expect(byEmail.body.meta.total).toBeGreaterThan(2);
    expect((await admin.get('/api/users?sort=-last_login_at')).status).toBe(200);
  });

  test('an administrator changes a password (audited without its value) and sends a reset link', async () => {
    const user = await server.createUser({ name: 'Cambio Clave' });
    const current = await lookup(user.id);
    const changed = await admin.patch(`/api/users/${user.id}`, {
      password: 'clave-nueva-123',
      updated_at: current.updated_at,
    });
    expect(changed.status).toBe(200);
    expect((await server.client().login(user.email, 'clave-nueva-123')).status).toBe(204);
    const history = await admin.get(`/api/users/${user.id}/audit`);
    expect(history.body.data[0].changes).toEqual({ password: { from: '[oculto]', to: '[oculto]' } });
    expect(JSON.stringify(history.body)).not.toContain('clave-nueva-123');

    const sent = await admin.post(`/api/users/${user.id}/password-reset`);
    expect(sent.status).toBe(200);
    expect(sent.body.status).toContain(user.email);
    expect(server.mails.to(user.email)[0]?.subject).toContain('restablecer contraseña');
    const again = await admin.post(`/api/users/${user.id}/password-reset`);
    expect(again.status).toBe(422);
  });
});
