import { AREA_API_PATHS, type Permission, PICKER_NEEDS, pickerGrantsOf, pickerNeedsOf } from '@gestor/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestClient, type TestServer, testDatabases } from './support';

// Decision 014: a form's pickers list other areas, so
// the role form grants their view permission with create and update. These tests hold the shared
// declaration (PICKER_NEEDS) to what the API asks: each need is real, and with the needs granted a
// news editor can pick a cover, a body image and a category.

describe.each(testDatabases())('picker needs (%s)', (engine) => {
  let server: TestServer;
  let admin: TestClient;
  let roles = 0;

  beforeAll(async () => {
    server = await startTestServer(engine);
    ({ client: admin } = await server.signIn({ roles: ['admin'] }));
  });
  afterAll(() => server?.close());

  const signInWith = async (permissions: Permission[]) => {
    roles += 1;
    const name = `rol-${roles}`;
    const role = await admin.post('/api/roles', { name, label: name, permissions });
    expect(role.status, role.text).toBe(201);
    return (await server.signIn({ roles: [name] })).client;
  };

  test.each(
    PICKER_NEEDS.map((need) => [need.area, need.from, need] as const),
  )('%s needs %s.view: refused without it, listed with it', async (area, from) => {
    const writes: Permission[] = [`${area}.create`, `${area}.update`];
    const own: Permission[] = area === from ? [] : [`${area}.view`];
    const without = await signInWith([...own, ...writes]);
    expect((await without.get(`/api/${AREA_API_PATHS[from]}`)).status).toBe(403);
    const granted = [...own, ...writes];
    const withNeeds = await signInWith([
      ...granted,
      ...pickerNeedsOf(granted).map(({ from }): Permission => `${from}.view`),
    ]);
    expect((await withNeeds.get(`/api/${AREA_API_PATHS[from]}`)).status).toBe(200);
  });

  test('a news editor with the needs the role form grants picks a cover, a body image and a category', async () => {
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#06c' } })
      .png()
      .toBuffer();
    const cover = (await admin.upload('/api/multimedia', { name: 'portada.png', bytes: png })).body.data;
    const inline = (await admin.upload('/api/multimedia', { name: 'dentro.png', bytes: png })).body.data;
    expect((await admin.post('/api/categories', { name: 'Vecindario' })).status).toBe(201);

    const job: Permission[] = ['news.view', 'news.create', 'news.update'];
    // Issue 30 (decision 044): the writer also puts a new photo in the library from the picker.
    const needs = pickerGrantsOf(job);
    expect(needs).toEqual(['category.view', 'multimedia.create', 'multimedia.view']);
    const editor = await signInWith([...job, ...needs]);
    const fresh = await editor.upload('/api/multimedia', { name: 'nueva.png', bytes: png });
    expect(fresh.status, fresh.text).toBe(201);

    // What the pickers ask for.
    const media = await editor.get('/api/multimedia?filter%5Btype%5D=image&per_page=30');
    expect(media.status, media.text).toBe(200);
    expect(media.body.data.map((item: { id: number }) => item.id)).toEqual(
      expect.arrayContaining([cover.id, inline.id, fresh.body.data.id]),
    );
    const categories = await editor.get('/api/categories?per_page=100');
    expect(categories.status).toBe(200);
    expect(categories.body.data.map((item: { slug: string }) => item.slug)).toContain('vecindario');

    const created = await editor.post('/api/news', {
      title: 'Fiestas del barrio',
      cover: cover.id,
      categories: ['vecindario'],
      body: `<p>Programa</p><img data-media-id="${inline.id}" alt="Cartel">`,
    });
    expect(created.status, created.text).toBe(201);
    expect(created.body.data.cover).toMatchObject({ id: cover.id });
    expect(created.body.data.categories.map((c: { slug: string }) => c.slug)).toEqual(['vecindario']);
    expect(created.body.data.body).toContain(`data-media-id="${inline.id}"`);
  });
});
