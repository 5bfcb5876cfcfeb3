import { MESSAGES, PER_PAGE_MAX, PERMISSION_GROUPS } from '@gestor/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestClient, type TestServer, testDatabases, uniqueEmail } from './support';

// docs/http-api.md#resources-one-shape-for-every-area: the behaviour every area gets from the one machinery,
// exercised through /api/users and /api/roles.

describe.each(testDatabases())('resource machinery (%s)', (engine) => {
  let server: TestServer;
  let admin: TestClient;
  const tag = `lista${Date.now().toString(36)}`;

  beforeAll(async () => {
    server = await startTestServer(engine);
    ({ client: admin } = await server.signIn({ name: 'Admin Principal', roles: ['admin'] }));
    // 23 users that a search for the tag finds, in a known order.
    for (let i = 1; i <= 23; i++) {
      const n = String(i).padStart(2, '0');
      await server.createUser({
        name: `${tag} Persona ${n}`,
        email: `${tag}-${n}@example.com`,
        active: i % 5 !== 0,
      });
    }
  });
  afterAll(() => server?.close());

  describe('list', () => {
    test('answers in Laravel’s paginated shape, 15 per page by default', async () => {
      const response = await admin.get(`/api/users?search=${tag}&sort=name`);
      expect(response.status).toBe(200);
      const { data, links, meta } = response.body;
      expect(data).toHaveLength(15);
      expect(data[0].name).toBe(`${tag} Persona 01`);
      expect(meta).toMatchObject({ current_page: 1, from: 1, to: 15, last_page: 2, per_page: 15, total: 23 });
      expect(meta.path).toBe(`${server.url}/api/users`);
      expect(links.prev).toBeNull();
      expect(links.next).toContain('page=2');
      expect(links.next).toContain(`search=${tag}`);
      expect(meta.links[0]).toMatchObject({ url: null, label: '« Anterior', active: false });
      expect(meta.links.find((l: { active: boolean }) => l.active).label).toBe('1');
    });

    test('pages, sorts descending and keeps the rest of the query in the links', async () => {
      const response = await admin.get(`/api/users?search=${tag}&sort=-name&page=2&per_page=10`);
      expect(response.status).toBe(200);
      expect(response.body.data.map((u: { name: string }) => u.name)).toEqual(
        Array.from({ length: 10 }, (_, i) => `${tag} Persona ${String(13 - i).padStart(2, '0')}`),
      );
      expect(response.body.meta).toMatchObject({
        current_page: 2,
        from: 11,
        to: 20,
        last_page: 3,
        total: 23,
      });
      expect(response.body.links.prev).toContain('page=1');
    });

    test('a page past the end is empty, not an error', async () => {
      const response = await admin.get(`/api/users?search=${tag}&page=9`);
      expect(response.status).toBe(200);
      expect(response.body.data).toEqual([]);
      expect(response.body.meta).toMatchObject({ from: null, to: null, total: 23, last_page: 2 });
    });

    test('filters combine with search', async () => {
      const response = await admin.get(`/api/users?search=${tag}&filter[active]=false&per_page=100`);
      expect(response.status).toBe(200);
      expect(response.body.meta.total).toBe(4);
      expect(response.body.data.every((u: { active: boolean }) => !u.active)).toBe(true);
    });

    test('search ignores accents and case, and % or _ are literal', async () => {
      await server.createUser({ name: 'José Núñez Ibáñez', email: uniqueEmail('jnunez') });
      const plain = await admin.get('/api/users?search=JOSE nunez');
      expect(plain.body.data.map((u: { name: string }) => u.name)).toContain('José Núñez Ibáñez');
      const accented = await admin.get('/api/users?search=ibáñez');
      expect(accented.body.meta.total).toBeGreaterThanOrEqual(1);
      const wildcard = await admin.get('/api/users?search=%25');
      expect(wildcard.status).toBe(200);
      expect(wildcard.body.meta.total).toBe(0);
    });

    test('unknown sort or filter fields and bad paging are a 422 naming them, never a 500', async () => {
      const response = await admin.get('/api/users?sort=password&filter[secret]=1&page=abc&per_page=1000');
      expect(response.status).toBe(422);
      expect(Object.keys(response.body.errors).sort()).toEqual(['filter.secret', 'page', 'per_page', 'sort']);
      expect(response.body.errors.sort[0]).toContain('No se puede ordenar por «password»');
      expect(response.body.errors.per_page[0]).toContain(String(PER_PAGE_MAX));
      const badValue = await admin.get('/api/users?filter[active]=quizá');
      expect(badValue.status).toBe(422);
      expect(badValue.body.errors['filter.active']).toBeDefined();
    });

    test('exports every matching row as CSV with a BOM, for Excel', async () => {
      const response = await admin.get(`/api/users?search=${tag}&sort=name&format=csv`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(response.headers.get('content-disposition')).toMatch(
        /attachment; filename="users-\d{4}-\d{2}-\d{2}\.csv"/,
      );
      expect(response.text.charCodeAt(0)).toBe(0xfeff);
      const lines = response.text.slice(1).trim().split('\r\n');
      expect(lines[0]).toBe('ID;Nombre;Correo electrónico;Roles;Activo;Último acceso;Creado');
      expect(lines).toHaveLength(24);
      expect(lines[1]).toContain(`${tag} Persona 01;${tag}-01@example.com;Lector;Sí`);
    });

    test('CSV cells that would run as formulas are neutralised', async () => {
      await server.createUser({ name: '=HYPERLINK("http://x")', email: uniqueEmail('formula') });
      const response = await admin.get('/api/users?search=hyperlink&format=csv');
      expect(response.text).toContain(`"'=HYPERLINK(""http://x"")"`);
    });
  });

  describe('show, 404 and permissions', () => {
    test('unknown or malformed ids are a 404 with a JSON message', async () => {
      for (const path of [
        '/api/users/999999',
        '/api/users/abc',
        '/api/roles/-1',
        '/api/users/99999999999999',
      ]) {
        const response = await admin.get(path);
        expect(response.status, path).toBe(404);
        expect(response.body.message).toBeTypeOf('string');
      }
    });

    test('401 without a session, 403 without the permission, for every action', async () => {
      const guest = server.client();
      await guest.csrf();
      expect((await guest.get('/api/users')).status).toBe(401);
      expect((await guest.post('/api/roles', { name: 'x', label: 'X' })).status).toBe(401);

      const { client: reader } = await server.signIn({ roles: ['lector'] });
      const forbidden = { message: MESSAGES.forbidden };
      expect((await reader.get('/api/users')).body).toEqual(forbidden);
      expect((await reader.get('/api/users/1')).status).toBe(403);
      expect((await reader.get('/api/users/1/audit')).status).toBe(403);
      expect((await reader.get('/api/roles?format=csv')).status).toBe(403);
      expect((await reader.post('/api/roles', { name: 'x', label: 'X' })).status).toBe(403);
      expect(
        (await reader.patch('/api/roles/1', { label: 'X', updated_at: new Date().toISOString() })).status,
      ).toBe(403);
      expect((await reader.delete('/api/roles/3')).status).toBe(403);
      expect((await reader.delete('/api/roles', { ids: [3] })).status).toBe(403);
      // …and the reader's session survives: a 403 is not a sign-out on the server.
      expect((await reader.get('/api/user')).status).toBe(200);
    });

    test('GET /api/permissions groups every permission by area with Spanish labels', async () => {
      const response = await admin.get('/api/permissions');
      expect(response.status).toBe(200);
      // Every area of the registry, then the groups of extra permissions.
      expect(response.body.data.map((group: { area: string }) => group.area)).toEqual([...PERMISSION_GROUPS]);
      expect(response.body.data.at(-3)).toMatchObject({ area: 'webhook', label: 'Webhooks' });
      expect(response.body.data.slice(-2)).toEqual([
        {
          area: 'activity',
          label: 'Actividad',
          permissions: [{ name: 'activity.view', label: 'Actividad: Ver' }],
        },
        {
          area: 'accessibility',
          label: 'Accesibilidad',
          permissions: [{ name: 'accessibility.view', label: 'Accesibilidad: Ver' }],
        },
      ]);
      expect(response.body.data[0]).toEqual({
        area: 'news',
        label: 'Noticias',
        permissions: [
          { name: 'news.view', label: 'Noticias: Ver' },
          { name: 'news.create', label: 'Noticias: Crear' },
          { name: 'news.update', label: 'Noticias: Editar' },
          { name: 'news.delete', label: 'Noticias: Eliminar' },
          { name: 'news.submit', label: 'Noticias: Enviar a revisión' },
          { name: 'news.review', label: 'Noticias: Revisar' },
          { name: 'news.publish', label: 'Noticias: Publicar' },
        ],
      });
    });
  });

  describe('writes', () => {
    test('bad bodies are a 422 with Spanish field messages: wrong types, unknown fields, missing fields', async () => {
      const response = await admin.post('/api/roles', { name: 42, label: '', colour: 'red' });
      expect(response.status).toBe(422);
      expect(response.body.errors.name[0]).toBe('El campo identificador debe ser un texto.');
      expect(response.body.errors.label[0]).toBe('El campo nombre es obligatorio.');
      expect(response.body.errors.colour[0]).toBe('El campo colour no está permitido.');
      const notAnObject = await admin.post('/api/roles', ['a']);
      expect(notAnObject.status).toBe(422);
    });

    test('an update from a stale updated_at is a 409 and overwrites nothing', async () => {
      const created = await admin.post('/api/roles', { name: `conc${Date.now()}`, label: 'Original' });
      const { id, updated_at } = created.body.data;
      const first = await admin.patch(`/api/roles/${id}`, { label: 'Primera edición', updated_at });
      expect(first.status).toBe(200);
      const second = await admin.put(`/api/roles/${id}`, { label: 'Segunda edición', updated_at });
      expect(second.status).toBe(409);
      expect(second.body).toEqual({ message: MESSAGES.conflict });
      expect((await admin.get(`/api/roles/${id}`)).body.data.label).toBe('Primera edición');
      const missing = await admin.patch(`/api/roles/${id}`, { label: 'Sin versión' });
      expect(missing.status).toBe(422);
      expect(missing.body.errors.updated_at).toBeDefined();
    });

    test('every change is audited: who, when, what, fields from → to; newest first', async () => {
      const created = await admin.post('/api/roles', {
        name: `aud${Date.now()}`,
        label: 'Auditado',
        permissions: ['news.view'],
      });
      const { id, updated_at } = created.body.data;
      await admin.patch(`/api/roles/${id}`, {
        label: 'Auditado 2',
        permissions: ['news.view', 'page.view'],
        updated_at,
      });
      const response = await admin.get(`/api/roles/${id}/audit`);
      expect(response.status).toBe(200);
      const [update, create] = response.body.data;
      expect(update).toMatchObject({
        action: 'updated',
        user: { name: 'Admin Principal' },
        changes: {
          label: { from: 'Auditado', to: 'Auditado 2' },
          permissions: { from: ['news.view'], to: ['news.view', 'page.view'] },
        },
      });
      expect(Object.keys(update.changes).sort()).toEqual(['label', 'permissions']);
      expect(create.action).toBe('created');
      expect(create.changes.label).toEqual({ from: null, to: 'Auditado' });
      expect(response.body.meta.total).toBe(2);
    });

    test('bulk delete is all or nothing', async () => {
      const ids: number[] = [];
      for (const n of [1, 2]) {
        ids.push(
          (await admin.post('/api/roles', { name: `bulk${n}${Date.now()}`, label: `Lote ${n}` })).body.data
            .id,
        );
      }
      const refused = await admin.delete('/api/roles', { ids: [...ids, 1] });
      expect(refused.status).toBe(422);
      expect(refused.body.errors.ids[0]).toBe('El rol de administrador no se puede eliminar.');
      for (const id of ids) expect((await admin.get(`/api/roles/${id}`)).status).toBe(200);

      const missing = await admin.delete('/api/roles', { ids: [...ids, 987654] });
      expect(missing.status).toBe(422);
      expect(missing.body.errors.ids[0]).toContain('987654');

      const invalid = await admin.delete('/api/roles', { ids: [] });
      expect(invalid.status).toBe(422);

      const done = await admin.delete('/api/roles', { ids });
      expect(done.status).toBe(204);
      for (const id of ids) expect((await admin.get(`/api/roles/${id}`)).status).toBe(404);
      const history = await admin.get(`/api/roles/${ids[0]}/audit`);
      expect(history.status).toBe(404);
    });
  });
});
