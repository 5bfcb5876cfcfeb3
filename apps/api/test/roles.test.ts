import { PERMISSIONS } from '@gestor/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestClient, type TestServer, testDatabases } from './support';

// Roles (docs/areas.md): permissions written and read as names, the admin role protected, assigned roles kept.

describe.each(testDatabases())('roles (%s)', (engine) => {
  let server: TestServer;
  let admin: TestClient;
  let seq = 0;
  const name = () => `rol_${++seq}_${Date.now().toString(36)}`;

  beforeAll(async () => {
    server = await startTestServer(engine);
    ({ client: admin } = await server.signIn({ roles: ['admin'] }));
  });
  afterAll(() => server?.close());

  test('creates a role with its permissions as names (deduplicated, sorted) and counts', async () => {
    const response = await admin.post('/api/roles', {
      name: name(),
      label: 'Redacción',
      permissions: ['news.update', 'news.view', 'news.view'],
    });
    expect(response.status).toBe(201);
    expect(response.body.data).toMatchObject({
      label: 'Redacción',
      permissions: ['news.update', 'news.view'],
      users_count: 0,
      permissions_count: 2,
    });
  });

  test('rejects duplicate names, bad machine names and unknown permissions with Spanish messages', async () => {
    const taken = await admin.post('/api/roles', { name: 'editor', label: 'Otro editor' });
    expect(taken.status).toBe(422);
    expect(taken.body.errors.name).toEqual(['Ya existe un rol con este nombre.']);
    const badName = await admin.post('/api/roles', { name: 'Con Espacios', label: 'X' });
    expect(badName.body.errors.name[0]).toContain('minúsculas');
    const unknown = await admin.post('/api/roles', { name: name(), label: 'X', permissions: ['news.fly'] });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors['permissions.0']).toEqual(['Permiso desconocido.']);
  });

  test('a permission granted to a role applies to its users at their next request', async () => {
    const created = await admin.post('/api/roles', { name: name(), label: 'Temporal', permissions: [] });
    const role = created.body.data;
    const { client: member } = await server.signIn({ roles: [role.name] });
    expect((await member.get('/api/roles')).status).toBe(403);
    await admin.patch(`/api/roles/${role.id}`, { permissions: ['role.view'], updated_at: role.updated_at });
    expect((await member.get('/api/roles')).status).toBe(200);
    expect((await member.get('/api/user')).body.data.permissions).toEqual(['role.view']);
  });

  test('the admin role cannot be deleted, renamed or lose permissions; its label can change', async () => {
    const adminRole = (await admin.get('/api/roles?search=administrador')).body.data[0];
    expect(adminRole.name).toBe('admin');
    expect((await admin.delete(`/api/roles/${adminRole.id}`)).body.errors.ids).toEqual([
      'El rol de administrador no se puede eliminar.',
    ]);
    const renamed = await admin.patch(`/api/roles/${adminRole.id}`, {
      name: 'jefe',
      updated_at: adminRole.updated_at,
    });
    expect(renamed.body.errors.name).toEqual(['El rol de administrador no se puede renombrar.']);
    const reduced = await admin.patch(`/api/roles/${adminRole.id}`, {
      permissions: ['news.view'],
      updated_at: adminRole.updated_at,
    });
    expect(reduced.body.errors.permissions).toEqual([
      'El rol de administrador siempre tiene todos los permisos.',
    ]);
    const relabelled = await admin.patch(`/api/roles/${adminRole.id}`, {
      label: 'Administración',
      permissions: [...PERMISSIONS],
      updated_at: adminRole.updated_at,
    });
    expect(relabelled.status).toBe(200);
    expect(relabelled.body.data.permissions_count).toBe(PERMISSIONS.length);
  });

  test('a role still assigned to users cannot be deleted, and says to how many', async () => {
    const role = (await admin.post('/api/roles', { name: name(), label: 'Asignado' })).body.data;
    await server.createUser({ roles: [role.name] });
    await server.createUser({ roles: [role.name, 'lector'] });
    const refused = await admin.delete(`/api/roles/${role.id}`);
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe('No se puede eliminar el rol «Asignado»: está asignado a 2 usuarios.');
    expect((await admin.get(`/api/roles/${role.id}`)).body.data.users_count).toBe(2);
  });

  test('filters by permission and sorts by label', async () => {
    const response = await admin.get('/api/roles?filter[permission]=user.delete&sort=-label');
    expect(response.status).toBe(200);
    expect(response.body.data.map((r: { name: string }) => r.name)).toEqual(['admin']);
    const unknown = await admin.get('/api/roles?filter[permission]=nada');
    expect(unknown.status).toBe(422);
  });
});
