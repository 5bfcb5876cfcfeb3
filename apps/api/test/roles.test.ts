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
    expect(taken.body.errors.name).toEqual(['Ya existe un rol con este identificador.']);
    const badName = await admin.post('/api/roles', { name: 'Con Espacios', label: 'X' });
    expect(badName.body.errors.name[0]).toContain('minúsculas');
    const unknown = await admin.post('/api/roles', { name: name(), label: 'X', permissions: ['news.fly'] });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors['permissions.0']).toEqual(['Permiso desconocido.']);
  });

  test('a role created by the name people read gets its identifier from it (issue 30)', async () => {
    const first = await admin.post('/api/roles', { label: 'Redacción Ñúñez', permissions: ['news.view'] });
    expect(first.status, first.text).toBe(201);
    expect(first.body.data).toMatchObject({ name: 'redaccion-nunez', label: 'Redacción Ñúñez' });
    // The same name again: the next free identifier, not a refusal the person cannot act on.
    const second = await admin.post('/api/roles', { label: 'Redacción  ñúñez' });
    expect(second.status, second.text).toBe(201);
    expect(second.body.data.name).toBe('redaccion-nunez-2');
    const digits = await admin.post('/api/roles', { label: '2.º turno' });
    expect(digits.body.data.name).toBe('rol-2-turno');
    // An identifier given is kept as given; a name is still required.
    const given = await admin.post('/api/roles', { name: name(), label: 'Con identificador' });
    expect(given.status).toBe(201);
    const nameless = await admin.post('/api/roles', { permissions: [] });
    expect(nameless.status).toBe(422);
    expect(nameless.body.errors.label).toEqual(['El campo nombre es obligatorio.']);
    // The seeded roles keep their identifiers.
    const seeded = (await admin.get('/api/roles?sort=name&per_page=100')).body.data.map(
      (role: { name: string }) => role.name,
    );
    expect(seeded).toEqual(expect.arrayContaining(['admin', 'editor', 'lector']));
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
