import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestClient, type TestServer, testDatabases, uniqueEmail } from './support';
import { waitFor } from './support/mail';

// Issue 19 "A trash" (decision 026): deleting moves a record to the trash, out of lists, look-ups,
// the public API and usages; `?trashed=only|with`, restore, `?force=1`, TRASH_RETENTION_DAYS.

let counter = 0;
const unique = (text: string) => `${text} ${++counter}`;

describe.each(testDatabases())('trash (%s)', (engine) => {
  let server: TestServer;
  let admin: TestClient;
  let png: Buffer;

  beforeAll(async () => {
    server = await startTestServer(engine);
    ({ client: admin } = await server.signIn({ roles: ['admin'] }));
    png = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#159' } })
      .png()
      .toBuffer();
  });
  afterAll(() => server?.close());

  async function upload(name = 'foto.png'): Promise<{ id: number; url: string; original_name: string }> {
    const response = await admin.upload('/api/multimedia', { name, bytes: png });
    expect(response.status, response.text).toBe(201);
    return response.body.data;
  }

  async function created(path: string, body: Record<string, unknown>) {
    const response = await admin.post(`/api/${path}`, body);
    expect(response.status, response.text).toBe(201);
    return response.body.data as { id: number } & Record<string, unknown>;
  }

  /** A new record of each area with a trash. */
  const makers: Record<string, () => Promise<{ id: number }>> = {
    news: () => created('news', { title: unique('Noticia') }),
    pages: () => created('pages', { title: unique('Página') }),
    categories: () => created('categories', { name: unique('Categoría') }),
    multimedia: () => upload(),
    slides: async () => created('slides', { title: unique('Diapositiva'), image: (await upload()).id }),
    entities: () => created('entities', { name: unique('Entidad'), type: 'asociacion', tax_id: '' }),
    spaces: () => created('spaces', { name: unique('Espacio') }),
    tests: () => created('tests', { title: unique('Cuestionario') }),
    users: () =>
      created('users', {
        name: unique('Persona'),
        email: uniqueEmail('papelera'),
        password: 'una-clave-larga',
        roles: ['lector'],
      }),
    roles: () =>
      created('roles', { name: `rol-${++counter}`, label: unique('Rol'), permissions: ['news.view'] }),
  };

  const listIds = async (path: string, query = '') => {
    const response = await admin.get(`/api/${path}?per_page=100${query}`);
    expect(response.status, response.text).toBe(200);
    return (response.body.data as Array<{ id: number }>).map((record) => record.id);
  };

  const actions = async (resource: string, id: number) =>
    (
      await server.database.query<{ action: string }>(
        'SELECT action FROM audits WHERE resource = $1 AND record_id = $2 ORDER BY id',
        [resource, id],
      )
    ).map((row) => row.action);

  test.each(Object.keys(makers))('%s: trash, restore, delete for good', async (path) => {
    const record = await makers[path]!();
    const totalBefore = (await admin.get(`/api/${path}`)).body.meta.total as number;

    expect((await admin.delete(`/api/${path}/${record.id}`)).status).toBe(204);
    expect((await admin.get(`/api/${path}/${record.id}`)).status).toBe(404);
    expect(await listIds(path)).not.toContain(record.id);
    expect((await admin.get(`/api/${path}`)).body.meta.total).toBe(totalBefore - 1);
    const trash = await admin.get(`/api/${path}?trashed=only`);
    expect(trash.status, trash.text).toBe(200);
    const inTrash = (trash.body.data as Array<{ id: number; deleted_at: string | null }>).find(
      (row) => row.id === record.id,
    );
    expect(inTrash?.deleted_at).toEqual(expect.any(String));
    const shown = await admin.get(`/api/${path}/${record.id}?trashed=with`);
    expect(shown.status).toBe(200);
    expect(shown.body.data.deleted_at).toEqual(expect.any(String));
    // Editing a trashed record: it must be restored first.
    expect(
      (await admin.patch(`/api/${path}/${record.id}`, { updated_at: shown.body.data.updated_at })).status,
    ).toBe(404);

    const restored = await admin.post(`/api/${path}/${record.id}/restore`);
    expect(restored.status, restored.text).toBe(200);
    expect(restored.body.data.id).toBe(record.id);
    expect(await listIds(path)).toContain(record.id);
    expect((await admin.get(`/api/${path}`)).body.meta.total).toBe(totalBefore);
    const notTrashed = await admin.post(`/api/${path}/${record.id}/restore`);
    expect(notTrashed.status).toBe(422);
    expect(notTrashed.body.message).toBe('Este elemento no está en la papelera.');
    expect((await admin.delete(`/api/${path}/${record.id}?force=1`)).status).toBe(422);

    expect((await admin.delete(`/api/${path}/${record.id}`)).status).toBe(204);
    expect((await admin.delete(`/api/${path}/${record.id}?force=1`)).status).toBe(204);
    expect(await listIds(path, '&trashed=with')).not.toContain(record.id);
    expect((await admin.post(`/api/${path}/${record.id}/restore`)).status).toBe(404);
    expect(await actions(path, record.id)).toEqual([
      'created',
      'deleted',
      'restored',
      'deleted',
      'force_deleted',
    ]);
  });

  test('Spanish 422 for a bad trashed or force; webhooks keep their final delete', async () => {
    const bad = await admin.get('/api/news?trashed=todo');
    expect(bad.status).toBe(422);
    expect(bad.body.errors.trashed[0]).toMatch(/only/);
    expect((await admin.delete('/api/news/1?force=si')).status).toBe(422);
    expect((await admin.get('/api/webhooks?trashed=only')).status).toBe(422);
  });

  test('the trash sorts, searches and exports like the list', async () => {
    const first = await created('news', { title: 'Papelera ordenada alfa' });
    const second = await created('news', { title: 'Papelera ordenada beta' });
    expect((await admin.delete('/api/news', { ids: [first.id, second.id] })).status).toBe(204);
    const newest = await listIds('news', '&trashed=only&search=ordenada&sort=title');
    expect(newest).toEqual([first.id, second.id]);
    const byDeleted = await admin.get('/api/news?trashed=only&sort=-deleted_at');
    expect(byDeleted.status).toBe(200);
    const csv = await admin.get('/api/news?trashed=only&format=csv');
    expect(csv.status).toBe(200);
    expect(csv.text).toContain('Papelera ordenada alfa');
    expect((await admin.get('/api/news?sort=deleted_at')).status).toBe(422);
  });

  test('a slug, an email and a role name stay reserved while in the trash', async () => {
    const news = await created('news', { title: 'Fiesta reservada' });
    await admin.delete(`/api/news/${news.id}`);
    const again = await admin.post('/api/news', { title: 'Otra', slug: news.slug });
    expect(again.status).toBe(422);
    expect(again.body.errors.slug[0]).toMatch(/papelera/);
    const made = await created('news', { title: 'Fiesta reservada' });
    expect(made.slug).toBe('fiesta-reservada-2');

    const email = uniqueEmail('reservado');
    const user = await created('users', {
      name: 'Reservada',
      email,
      password: 'una-clave-larga',
      roles: ['lector'],
    });
    await admin.delete(`/api/users/${user.id}`);
    const twin = await admin.post('/api/users', {
      name: 'Otra',
      email,
      password: 'una-clave-larga',
      roles: ['lector'],
    });
    expect(twin.status).toBe(422);
    expect(twin.body.errors.email[0]).toMatch(/papelera/);
  });

  test('a trashed user cannot sign in and their sessions end', async () => {
    const user = await server.createUser({ roles: ['editor'] });
    const client = server.client();
    expect((await client.login(user.email, user.password)).status).toBe(204);
    expect((await client.get('/api/user')).status).toBe(200);
    expect((await admin.delete(`/api/users/${user.id}`)).status).toBe(204);
    expect((await client.get('/api/user')).status).toBe(401);
    expect((await server.client().login(user.email, user.password)).status).toBe(422);
    expect((await admin.post(`/api/users/${user.id}/restore`)).status).toBe(200);
    expect((await server.client().login(user.email, user.password)).status).toBe(204);
  });

  test('media: in use is still refused; a trashed item is not served nor picked; a trashed user of it does not block', async () => {
    const media = await upload('portada.png');
    const news = await created('news', { title: unique('Con portada'), cover: media.id });
    const refused = await admin.delete(`/api/multimedia/${media.id}`);
    expect(refused.status).toBe(422);
    expect(refused.body.message).toMatch(/se usa en/);

    // The news in the trash uses nothing: the item may go to the trash then.
    await admin.delete(`/api/news/${news.id}`);
    expect((await admin.delete(`/api/multimedia/${media.id}`)).status).toBe(204);
    const file = new URL(media.url).pathname;
    expect((await admin.get(file)).status).toBe(404);
    const picked = await admin.post('/api/news', { title: unique('Elige'), cover: media.id });
    expect(picked.status).toBe(422);
    expect((await admin.post(`/api/multimedia/${media.id}/restore`)).status).toBe(200);
    expect((await admin.get(file)).status).toBe(200);
    // Restoring the news brings its usage back.
    expect((await admin.post(`/api/news/${news.id}/restore`)).status).toBe(200);
    const usage = await admin.get(`/api/multimedia/${media.id}/usage`);
    expect(usage.body.data).toEqual([expect.objectContaining({ area: 'news', id: news.id })]);
  });

  test('restoring after what it referenced was deleted for good → 422 naming it', async () => {
    const media = await upload('desaparecida.png');
    const category = await created('categories', { name: 'Categoría purgada' });
    const news = await created('news', {
      title: unique('Huérfana'),
      cover: media.id,
      categories: [category.slug],
    });
    await admin.delete(`/api/news/${news.id}`);
    await admin.delete(`/api/categories/${category.id}`);
    expect((await admin.delete(`/api/categories/${category.id}?force=1`)).status).toBe(204);
    const gone = await admin.post(`/api/news/${news.id}/restore`);
    expect(gone.status).toBe(422);
    expect(gone.body.errors.categories[0]).toBe(
      'La categoría «Categoría purgada» ya no existe: se eliminó definitivamente.',
    );

    const slide = await created('slides', { title: unique('Sin imagen'), image: media.id });
    await admin.delete(`/api/slides/${slide.id}`);
    expect((await admin.delete(`/api/multimedia/${media.id}`)).status).toBe(204);
    const trashedImage = await admin.post(`/api/slides/${slide.id}/restore`);
    expect(trashedImage.status).toBe(422);
    expect(trashedImage.body.errors.image[0]).toMatch(/«desaparecida.png» está en la papelera/);
    expect((await admin.delete(`/api/multimedia/${media.id}?force=1`)).status).toBe(204);
    const purged = await admin.post(`/api/slides/${slide.id}/restore`);
    expect(purged.status).toBe(422);
    expect(purged.body.errors.image[0]).toMatch(
      /«desaparecida.png» ya no existe: se eliminó definitivamente/,
    );
  });

  test('a restored slide goes back to its place', async () => {
    const image = (await upload()).id;
    const existing = await listIds('slides');
    if (existing.length) await admin.delete('/api/slides', { ids: existing });
    const slides = [];
    for (const title of ['Primera', 'Segunda', 'Tercera'])
      slides.push(await created('slides', { title, image }));
    await admin.delete(`/api/slides/${slides[1]!.id}`);
    const live = (await admin.get('/api/slides')).body.data as Array<{ id: number; position: number }>;
    expect(live.map((slide) => [slide.id, slide.position])).toEqual([
      [slides[0]!.id, 1],
      [slides[2]!.id, 2],
    ]);
    // The order names every live slide; the trashed one is not asked for.
    expect((await admin.put('/api/slides/order', { ids: [slides[2]!.id, slides[0]!.id] })).status).toBe(204);
    expect((await admin.post(`/api/slides/${slides[1]!.id}/restore`)).status).toBe(200);
    const back = (await admin.get('/api/slides')).body.data as Array<{ id: number; position: number }>;
    expect(back.map((slide) => [slide.id, slide.position])).toEqual([
      [slides[2]!.id, 1],
      [slides[1]!.id, 2],
      [slides[0]!.id, 3],
    ]);
  });

  test('bulk: restore and force are all or nothing; the whole trash can be emptied', async () => {
    const a = await created('tests', { title: unique('Bulk') });
    const b = await created('tests', { title: unique('Bulk') });
    const live = await created('tests', { title: unique('Vivo') });
    await admin.delete('/api/tests', { ids: [a.id, b.id] });
    const mixed = await admin.delete('/api/tests?force=1', { ids: [a.id, live.id] });
    expect(mixed.status).toBe(422);
    expect(mixed.body.message).toMatch(/No están en la papelera/);
    expect(await listIds('tests', '&trashed=only')).toEqual(expect.arrayContaining([a.id, b.id]));
    expect((await admin.post('/api/tests/restore', { ids: [a.id, b.id] })).status).toBe(200);
    await admin.delete('/api/tests', { ids: [a.id, b.id] });
    expect((await admin.delete('/api/tests?force=1', { ids: [a.id] })).status).toBe(204);
    expect((await admin.delete('/api/tests?force=1', { all: true })).status).toBe(204);
    expect(await listIds('tests', '&trashed=only')).toEqual([]);
    expect(await listIds('tests')).toContain(live.id);
  });

  test('the public API and usages blocking rules leave trashed records out', async () => {
    const news = await created('news', { title: unique('Pública'), status: 'published' });
    const before = await server.client({ origin: null }).get('/api/public/v1/news?per_page=50');
    expect(before.body.data.map((item: { slug: string }) => item.slug)).toContain(news.slug);
    await admin.delete(`/api/news/${news.id}`);
    const after = await server.client({ origin: null }).get('/api/public/v1/news?per_page=50');
    expect(after.body.data.map((item: { slug: string }) => item.slug)).not.toContain(news.slug);
    expect((await server.client({ origin: null }).get(`/api/public/v1/news/${news.slug}`)).status).toBe(404);

    // A trashed space does not keep its entity from the trash.
    const entity = await created('entities', { name: unique('Con espacio'), type: 'otra', tax_id: '' });
    const space = await created('spaces', { name: unique('Sala'), entity: entity.id });
    expect((await admin.delete(`/api/entities/${entity.id}`)).status).toBe(422);
    await admin.delete(`/api/spaces/${space.id}`);
    expect((await admin.delete(`/api/entities/${entity.id}`)).status).toBe(204);
    const orphan = await admin.post(`/api/spaces/${space.id}/restore`);
    expect(orphan.status).toBe(422);
    expect(orphan.body.errors.entity[0]).toMatch(/está en la papelera/);
  });

  test('permissions: the trash needs the area’s delete permission', async () => {
    const { client: lector } = await server.signIn({ roles: ['lector'] });
    expect((await lector.get('/api/news?trashed=only')).status).toBe(403);
    const { client: reader } = await server.signIn({ roles: ['lector'] });
    const news = await created('news', { title: unique('Protegida') });
    await admin.delete(`/api/news/${news.id}`);
    expect((await reader.post(`/api/news/${news.id}/restore`)).status).toBe(403);
    const { client: other } = await server.signIn({ roles: ['lector'] });
    expect((await other.delete(`/api/news/${news.id}?force=1`)).status).toBe(403);
    const { client: editor } = await server.signIn({ roles: ['editor'] });
    expect((await editor.get('/api/news?trashed=only')).status).toBe(200);
    expect((await editor.post(`/api/news/${news.id}/restore`)).status).toBe(200);
  });

  test('retention: two processes purge what is older than TRASH_RETENTION_DAYS, once', async () => {
    const old = await created('pages', { title: unique('Caducada') });
    const recent = await created('pages', { title: unique('Reciente') });
    await admin.delete('/api/pages', { ids: [old.id, recent.id] });
    await server.database.query("UPDATE pages SET deleted_at = now() - interval '31 days' WHERE id = $1", [
      old.id,
    ]);
    // Each new process purges at start; two at once must not fail nor delete twice.
    await Promise.all([server.startTwin(), server.startTwin()]);
    await waitFor(
      async () => {
        const rows = await server.database.query('SELECT 1 FROM pages WHERE id = $1', [old.id]);
        return rows.length === 0;
      },
      { what: 'the purge of the expired page' },
    );
    const audits = await server.database.query<{ action: string; user_name: string; user_id: number | null }>(
      "SELECT action, user_name, user_id FROM audits WHERE resource = 'pages' AND record_id = $1 AND action = 'force_deleted'",
      [old.id],
    );
    expect(audits).toEqual([{ action: 'force_deleted', user_name: 'Sistema', user_id: null }]);
    expect(await listIds('pages', '&trashed=only')).toContain(recent.id);
  });
});
