import type { Permission } from '@gestor/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestClient, type TestServer, testDatabases, uniqueEmail } from './support';

// Access control: nobody gains what they do not hold (docs/http-api.md#permissions, after
// Kubernetes RBAC's escalation rule), on every write of users and roles.

describe.each(testDatabases())('no privilege escalation (%s)', (engine) => {
  let server: TestServer;
  let admin: TestClient;
  let roleCount = 0;

  beforeAll(async () => {
    server = await startTestServer(engine);
    admin = (await server.signIn({ name: 'Admin', roles: ['admin'] })).client;
  });
  afterAll(() => server?.close());

  /** A role holding exactly these permissions, made by the administrator. */
  async function role(permissions: Permission[]): Promise<string> {
    const name = `limitado_${++roleCount}`;
    const response = await admin.post('/api/roles', { name, label: `Limitado ${roleCount}`, permissions });
    expect(response.status).toBe(201);
    return name;
  }

  async function signedInWith(permissions: Permission[]) {
    return server.signIn({ name: 'Gestora limitada', roles: [await role(permissions)] });
  }

  const userRecord = async (id: number) => (await admin.get(`/api/users/${id}`)).body.data;

  test('a user with user.view + user.update cannot make themselves administrator', async () => {
    const { user, client } = await signedInWith(['user.view', 'user.update']);
    const me = await userRecord(user.id);
    const response = await client.patch(`/api/users/${user.id}`, {
      roles: ['admin'],
      updated_at: me.updated_at,
    });
    expect(response.status).toBe(422);
    expect(response.body.errors.roles[0]).toBe(
      'No puede asignar el rol «admin»: tiene permisos que usted no tiene.',
    );
    expect((await userRecord(user.id)).roles.map((r: { name: string }) => r.name)).not.toContain('admin');
  });

  test("the same user cannot set an administrator's password, disable or delete them", async () => {
    const { client } = await signedInWith(['user.view', 'user.update', 'user.delete']);
    const target = await server.createUser({ roles: ['admin'] });
    const record = await userRecord(target.id);
    const password = await client.patch(`/api/users/${target.id}`, {
      password: 'me-quedo-con-tu-cuenta',
      updated_at: record.updated_at,
    });
    expect(password.status).toBe(403);
    expect(password.body.message).toBe('Esta acción no está autorizada.');
    const login = await server.client().login(target.email, 'me-quedo-con-tu-cuenta');
    expect(login.status).toBe(422);

    const disable = await client.patch(`/api/users/${target.id}`, {
      active: false,
      updated_at: record.updated_at,
    });
    expect(disable.status).toBe(403);
    expect((await client.delete(`/api/users/${target.id}`)).status).toBe(403);
    expect((await userRecord(target.id)).active).toBe(true);
  });

  test('bulk delete is all or nothing: one user beyond reach refuses the whole request', async () => {
    const { client } = await signedInWith(['user.view', 'user.delete', 'news.view']);
    const peer = await server.createUser({ roles: [await role(['news.view'])] });
    const editor = await server.createUser({ roles: ['editor'] });
    const response = await client.delete('/api/users', { ids: [peer.id, editor.id] });
    expect(response.status).toBe(403);
    expect((await admin.get(`/api/users/${peer.id}`)).status).toBe(200);
    expect((await admin.get(`/api/users/${editor.id}`)).status).toBe(200);
    // Users who hold nothing more than the actor may be deleted.
    expect((await client.delete('/api/users', { ids: [peer.id] })).status).toBe(204);
  });

  test('a holder of user.create alone cannot create an administrator, but can create their peers', async () => {
    const { client } = await signedInWith(['user.create']);
    const admin = await client.post('/api/users', {
      name: 'Nuevo Jefe',
      email: uniqueEmail('jefe'),
      roles: ['admin'],
      password: 'una-clave-larga',
    });
    expect(admin.status).toBe(422);
    expect(admin.body.errors.roles).toHaveLength(1);
    const lector = await client.post('/api/users', {
      name: 'Lectora',
      email: uniqueEmail('lectora'),
      roles: ['lector'],
      password: 'una-clave-larga',
    });
    expect(lector.status).toBe(422);
    const peer = await client.post('/api/users', {
      name: 'Par',
      email: uniqueEmail('par'),
      roles: [await role(['user.create'])],
      password: 'una-clave-larga',
    });
    expect(peer.status).toBe(201);
  });

  test('"send reset link" is refused for a user beyond reach, allowed for a peer', async () => {
    const { client } = await signedInWith(['user.view', 'user.update']);
    const target = await server.createUser({ roles: ['admin'] });
    const refused = await client.post(`/api/users/${target.id}/password-reset`);
    expect(refused.status).toBe(403);
    expect(server.mails.to(target.email)).toHaveLength(0);
    const peer = await server.createUser({ roles: [await role(['user.view'])] });
    expect((await client.post(`/api/users/${peer.id}/password-reset`)).status).toBe(200);
  });

  test('a role may be given only permissions the actor holds, and none they lack taken away', async () => {
    const { client } = await signedInWith(['role.view', 'role.create', 'role.update', 'news.view']);
    const grab = await client.post('/api/roles', {
      name: 'todo',
      label: 'Todo',
      permissions: ['news.view', 'user.update'],
    });
    expect(grab.status).toBe(422);
    expect(grab.body.errors.permissions[0]).toBe(
      'Solo puede conceder o retirar permisos que usted tiene: Usuarios: Editar.',
    );
    const own = await client.post('/api/roles', {
      name: 'propio',
      label: 'Propio',
      permissions: ['news.view'],
    });
    expect(own.status).toBe(201);

    // Editing the editor role: its label and the permissions the actor holds, not the rest.
    const editor = (await admin.get('/api/roles?filter[permission]=news.publish')).body.data.find(
      (r: { name: string }) => r.name === 'editor',
    );
    const stripped = await client.patch(`/api/roles/${editor.id}`, {
      permissions: ['news.view'],
      updated_at: editor.updated_at,
    });
    expect(stripped.status).toBe(422);
    const escalate = await client.patch(`/api/roles/${own.body.data.id}`, {
      permissions: ['news.view', 'role.delete'],
      updated_at: own.body.data.updated_at,
    });
    expect(escalate.status).toBe(422);
    const relabel = await client.patch(`/api/roles/${editor.id}`, {
      label: 'Redacción',
      updated_at: editor.updated_at,
    });
    expect(relabel.status).toBe(200);
    expect(relabel.body.data.permissions).toEqual(editor.permissions);
  });

  test('user records carry the permissions their roles give, for the SPA to know whom it may manage', async () => {
    const limited = await role(['news.view', 'page.view']);
    const user = await server.createUser({ roles: [limited, 'lector'] });
    const record = await userRecord(user.id);
    expect(record.permissions).toEqual([...new Set(record.permissions)].sort());
    expect(record.permissions).toContain('news.view');
    expect(record.permissions).toContain('test.view');
  });
});
