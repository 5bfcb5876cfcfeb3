import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestClient, type TestServer, testDatabases } from './support';

// docs/areas.md categories: slugs (Spanish-aware, unique, editable, look-up), the tree (parent by
// slug, path, filter by parent, no cycles, no deleting a parent), references that must exist.

describe.each(testDatabases())('categories (%s)', (engine) => {
  let server: TestServer;
  let admin: TestClient;

  beforeAll(async () => {
    server = await startTestServer(engine);
    ({ client: admin } = await server.signIn({ roles: ['admin'] }));
  });
  afterAll(() => server?.close());

  const create = async (body: Record<string, unknown>) => {
    const response = await admin.post('/api/categories', body);
    expect(response.status, response.text).toBe(201);
    return response.body.data;
  };

  test('makes Spanish-aware slugs, unique with -2, -3…, and answers by slug as by id', async () => {
    const first = await create({ name: 'Año Nuevo en Ávila' });
    expect(first.slug).toBe('ano-nuevo-en-avila');
    expect(first.color).toBe('#3b82f6');
    const second = await create({ name: 'Año nuevo en Ávila' });
    const third = await create({ name: '¡Año Nuevo en Ávila!' });
    expect([second.slug, third.slug]).toEqual(['ano-nuevo-en-avila-2', 'ano-nuevo-en-avila-3']);

    const bySlug = await admin.get('/api/categories/ano-nuevo-en-avila-2');
    expect(bySlug.status).toBe(200);
    expect(bySlug.body.data.id).toBe(second.id);
    expect((await admin.get(`/api/categories/${second.id}`)).body.data.slug).toBe('ano-nuevo-en-avila-2');
    expect((await admin.get('/api/categories/no-existe')).status).toBe(404);
    expect((await admin.get('/api/categories/Mayúsculas')).status).toBe(404);

    // Editable, validated, unique; a title change keeps the address.
    const renamed = await admin.patch(`/api/categories/${third.slug}`, {
      name: 'Otro nombre',
      updated_at: third.updated_at,
    });
    expect(renamed.body.data.slug).toBe('ano-nuevo-en-avila-3');
    const bad = await admin.patch(`/api/categories/${third.id}`, {
      slug: 'Con Espacios',
      updated_at: renamed.body.data.updated_at,
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.slug[0]).toContain('minúsculas');
    const digits = await admin.post('/api/categories', { name: 'Números', slug: '2026' });
    expect(digits.body.errors.slug).toEqual([
      'La dirección web (slug) no puede estar formada solo por números.',
    ]);
    const taken = await admin.patch(`/api/categories/${third.id}`, {
      slug: 'ano-nuevo-en-avila',
      updated_at: renamed.body.data.updated_at,
    });
    expect(taken.status).toBe(422);
    expect(taken.body.errors.slug).toEqual(['Esta dirección web (slug) ya está en uso: elija otra.']);
    const numeric = await create({ name: '2026' });
    expect(numeric.slug).toBe('categoria-2026');
  });

  test('two categories created at once with one name get different slugs', async () => {
    const results = await Promise.all(
      Array.from({ length: 6 }, () => admin.post('/api/categories', { name: 'Simultánea' })),
    );
    expect(results.map((r) => r.status)).toEqual(Array(6).fill(201));
    const slugs = results.map((r) => r.body.data.slug).sort();
    expect(new Set(slugs).size).toBe(6);
    expect(slugs).toContain('simultanea');
  });

  test('a tree: parent by slug, read as an object, the path, the filter by parent', async () => {
    const sports = await create({ name: 'Deportes', color: '#FF0000' });
    expect(sports.color).toBe('#ff0000');
    const football = await create({ name: 'Fútbol', parent: 'deportes' });
    const youth = await create({ name: 'Juvenil', parent: football.slug });
    expect(football.parent).toEqual({ id: sports.id, name: 'Deportes', slug: 'deportes' });
    expect(youth.path).toBe('Deportes › Fútbol › Juvenil');

    const children = await admin.get('/api/categories?filter[parent]=deportes');
    expect(children.body.data.map((c: { name: string }) => c.name)).toEqual(['Fútbol']);
    const top = await admin.get('/api/categories?filter[parent]=none&per_page=100');
    expect(top.body.data.every((c: { parent: unknown }) => c.parent === null)).toBe(true);
    const byPath = await admin.get('/api/categories?search=deportes&sort=path');
    expect(byPath.body.data.map((c: { path: string }) => c.path).slice(0, 1)).toEqual(['Deportes']);

    const missing = await admin.post('/api/categories', { name: 'Huérfana', parent: 'no-existe' });
    expect(missing.status).toBe(422);
    expect(missing.body.errors.parent).toEqual(['No existe la categoría «no-existe».']);
    const color = await admin.post('/api/categories', { name: 'Color', color: 'rojo' });
    expect(color.body.errors.color).toEqual(['El campo color debe ser un color en formato #rrggbb.']);

    // Renaming a parent changes its children's paths.
    const renamed = await admin.patch(`/api/categories/${sports.id}`, {
      name: 'Deporte',
      updated_at: sports.updated_at,
    });
    expect(renamed.status).toBe(200);
    expect((await admin.get(`/api/categories/${youth.id}`)).body.data.path).toBe(
      'Deporte › Fútbol › Juvenil',
    );
  });

  test('no cycles: not its own parent, nor under one of its subcategories', async () => {
    const a = await create({ name: 'Ciclo A' });
    const b = await create({ name: 'Ciclo B', parent: a.slug });
    const c = await create({ name: 'Ciclo C', parent: b.slug });
    const self = await admin.patch(`/api/categories/${a.id}`, { parent: a.slug, updated_at: a.updated_at });
    expect(self.status).toBe(422);
    expect(self.body.errors.parent).toEqual(['Una categoría no puede ser su propia categoría superior.']);
    const loop = await admin.patch(`/api/categories/${a.id}`, { parent: c.slug, updated_at: a.updated_at });
    expect(loop.status).toBe(422);
    expect(loop.body.errors.parent).toEqual(['La categoría superior no puede ser una de sus subcategorías.']);

    // Two moves at once that together would make a loop: one of them is refused.
    const x = await create({ name: 'Par X' });
    const y = await create({ name: 'Par Y' });
    const [moveX, moveY] = await Promise.all([
      admin.patch(`/api/categories/${x.id}`, { parent: y.slug, updated_at: x.updated_at }),
      admin.patch(`/api/categories/${y.id}`, { parent: x.slug, updated_at: y.updated_at }),
    ]);
    expect([moveX.status, moveY.status].sort()).toEqual([200, 422]);
  });

  test('a category with subcategories is not deleted; a whole branch may be', async () => {
    const parent = await create({ name: 'Con hijas' });
    const child = await create({ name: 'Hija', parent: parent.slug });
    const refused = await admin.delete(`/api/categories/${parent.slug}`);
    expect(refused.status).toBe(422);
    expect(refused.body.errors.ids).toEqual(['No se puede eliminar «Con hijas»: tiene 1 subcategoría.']);
    const both = await admin.delete('/api/categories', { ids: [parent.id, child.id] });
    expect(both.status).toBe(204);
    expect((await admin.get(`/api/categories/${child.id}`)).status).toBe(404);
  });

  test('the history names the parent, not its id', async () => {
    const one = await create({ name: 'Historia 1' });
    const two = await create({ name: 'Historia 2' });
    await admin.patch(`/api/categories/${two.id}`, { parent: one.slug, updated_at: two.updated_at });
    const audit = await admin.get(`/api/categories/${two.slug}/audit`);
    expect(audit.body.data[0].changes).toEqual({ parent: { from: null, to: 'Historia 1' } });
  });

  test('needs category permissions; readers may look but not write', async () => {
    const { client: reader } = await server.signIn({ roles: ['lector'] });
    expect((await reader.get('/api/categories')).status).toBe(200);
    expect((await reader.post('/api/categories', { name: 'No' })).status).toBe(403);
  });
});
