import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, TestClient, type TestServer, testDatabases } from './support';

// The category tree at any depth and under concurrent moves, publishing dates sent alone, a role deleted while it is being assigned.

describe.each(testDatabases())('rules that hold in any order (%s)', (engine) => {
  let server: TestServer;
  let admin: TestClient;

  beforeAll(async () => {
    server = await startTestServer(engine);
    ({ client: admin } = await server.signIn({ roles: ['admin'] }));
  });
  afterAll(() => server?.close());

  /** The admin's session through a second API process on PostgreSQL (as behind a load balancer). */
  async function secondProcess(): Promise<TestClient> {
    const other = new TestClient(engine === 'pgsql' ? await server.startTwin() : server.url, {
      origin: admin.origin,
    });
    for (const [name, value] of admin.jar) other.jar.set(name, value);
    return other;
  }

  const create = async (area: string, body: Record<string, unknown>) => {
    const response = await admin.post(`/api/${area}`, body);
    expect(response.status, response.text).toBe(201);
    return response.body.data;
  };

  /** A chain of categories, each under the one before; returns them from the top down. */
  async function chain(prefix: string, length: number) {
    const chain = [await create('categories', { name: `${prefix} 1` })];
    for (let level = 2; level <= length; level++) {
      chain.push(await create('categories', { name: `${prefix} ${level}`, parent: chain.at(-1).slug }));
    }
    return chain;
  }

  test('a category is not put under one of its subcategories, however deep the tree', async () => {
    const levels = await chain('Profunda', 70);
    const [top, bottom] = [levels[0], levels.at(-1)];
    const loop = await admin.patch(`/api/categories/${top.id}`, {
      parent: bottom.slug,
      updated_at: top.updated_at,
    });
    expect(loop.status, loop.text).toBe(422);
    expect(loop.body.errors.parent).toEqual(['La categoría superior no puede ser una de sus subcategorías.']);
    // Its path names every level.
    expect(bottom.path.split(' › ')).toHaveLength(70);
    // The tree is still a tree: its leaves and then its top can go.
    expect((await admin.get(`/api/categories/${top.id}`)).body.data.parent).toBeNull();
    const removed = await admin.delete('/api/categories', { ids: levels.map((c: { id: number }) => c.id) });
    expect(removed.status, removed.text).toBe(204);
  });

  test('two moves at once from two processes never make a loop between two branches', async () => {
    const other = await secondProcess();
    for (let round = 1; round <= 5; round++) {
      const a = await chain(`Rama A${round}`, 4);
      const b = await chain(`Rama B${round}`, 4);
      const [moveA, moveB] = await Promise.all([
        admin.patch(`/api/categories/${a[0].id}`, { parent: b.at(-1).slug, updated_at: a[0].updated_at }),
        other.patch(`/api/categories/${b[0].id}`, { parent: a.at(-1).slug, updated_at: b[0].updated_at }),
      ]);
      expect([moveA.status, moveB.status].sort(), `${moveA.text} ${moveB.text}`).toEqual([200, 422]);
    }
  });

  test.each(['news', 'pages'])('a published item given a future date alone is refused (%s)', async (area) => {
    const item = await create(area, { title: `Publicada con fecha ${area}`, status: 'published' });
    const later = new Date(Date.now() + 86_400_000).toISOString();
    const moved = await admin.patch(`/api/${area}/${item.id}`, {
      published_at: later,
      updated_at: item.updated_at,
    });
    expect(moved.status, moved.text).toBe(422);
    expect(moved.body.errors.published_at).toEqual([
      'Para publicar en una fecha futura, programe la publicación.',
    ]);
    const read = (await admin.get(`/api/${area}/${item.id}`)).body.data;
    expect(read).toMatchObject({ status: 'published', published_at: item.published_at });
    // An earlier date alone is fine.
    const earlier = await admin.patch(`/api/${area}/${item.id}`, {
      published_at: '2021-01-01T10:00:00.000Z',
      updated_at: item.updated_at,
    });
    expect(earlier.status, earlier.text).toBe(200);
    expect(earlier.body.data).toMatchObject({
      status: 'published',
      published_at: '2021-01-01T10:00:00.000Z',
    });
  });

  test('a role deleted while it is being assigned: one of the two wins cleanly, never a 500', async () => {
    const other = await secondProcess();
    for (let round = 1; round <= 40; round++) {
      const role = await create('roles', {
        name: `carrera_${round}`,
        label: `Carrera ${round}`,
        permissions: ['news.view'],
      });
      const user = await server.createUser();
      const { updated_at } = (await admin.get(`/api/users/${user.id}`)).body.data;
      const [assign, remove] = await Promise.all([
        admin.patch(`/api/users/${user.id}`, { roles: ['lector', role.name], updated_at }),
        other.delete(`/api/roles/${role.id}`),
      ]);
      expect([200, 422], assign.text).toContain(assign.status);
      expect([204, 422], remove.text).toContain(remove.status);
      // Exactly one of them took effect, and what is stored agrees with what was answered.
      expect(assign.status === 200, `${assign.text} ${remove.text}`).toBe(remove.status === 422);
      const roles = (await admin.get(`/api/users/${user.id}`)).body.data.roles.map(
        (r: { name: string }) => r.name,
      );
      expect(roles.includes(role.name)).toBe(assign.status === 200);
      expect((await admin.get(`/api/roles/${role.id}`)).status).toBe(remove.status === 204 ? 404 : 200);
    }
  });

  test('names and titles keep no bidirectional controls: «\u202Efdp.exe» cannot pass for a PDF', async () => {
    const pdf = Buffer.from(
      '%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
    );
    const BIDI = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
    const uploaded = await admin.upload(
      '/api/multimedia',
      { name: 'informe\u202Efdp.exe', bytes: pdf },
      {
        title: '\u2067Bases\u2069 del concurso\u200f',
      },
    );
    expect(uploaded.status, uploaded.text).toBe(201);
    expect(uploaded.body.data.original_name).toBe('informefdp.exe');
    expect(uploaded.body.data.title).toBe('Bases del concurso');
    const category = await create('categories', { name: '\u202Dgnp.exe\u202C', description: 'a\u200eb' });
    expect(category.name).toBe('gnp.exe');
    expect(category.description).toBe('ab');
    const listed = await admin.get('/api/multimedia');
    expect(JSON.stringify(listed.body)).not.toMatch(BIDI);
  });
});
