import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { pruneAudits } from '../src/modules/resource/audit-prune';
import { FULL_EVERY } from '../src/modules/resource/versions';
import { startTestServer, type TestClient, type TestServer, testDatabases, uniqueEmail } from './support';

// Issue 19, "Restaurar una versión anterior" (decision 025): every history entry keeps the whole
// record as it was; `GET /api/<area>/{id}/versions/{audit id}` shows it and `POST …/restore` brings
// it back as an ordinary update, audited as `reverted`.

type Entry = {
  id: number;
  action: string;
  changes: Record<string, { from: unknown; to: unknown; excerpt?: true }>;
  created_at: string;
  has_version: boolean;
  reverted_from: { id: number; created_at: string } | null;
};

describe.each(testDatabases())('versions (%s)', (engine) => {
  let server: TestServer;
  let admin: TestClient;
  let image: { id: number };
  let other: { id: number };

  const picture = (background: string) =>
    sharp({ create: { width: 40, height: 30, channels: 3, background } })
      .png()
      .toBuffer();
  const upload = async (name: string, background = '#c00') => {
    const response = await admin.upload(
      '/api/multimedia',
      { name, bytes: await picture(background) },
      { alt: `Cartel ${name}` },
    );
    expect(response.status, response.text).toBe(201);
    return response.body.data as { id: number; url: string; updated_at: string };
  };
  const ok = async (
    response: Promise<{ status: number; text: string; body: { data: unknown } }>,
    status = 200,
  ) => {
    const answer = await response;
    expect(answer.status, answer.text).toBe(status);
    return answer.body.data as Record<string, unknown> & { id: number; updated_at: string };
  };
  const history = async (path: string, id: number, client = admin): Promise<Entry[]> =>
    (await client.get(`/api/${path}/${id}/audit?per_page=100`)).body.data;
  const restore = (path: string, id: number, auditId: number, updatedAt: string, client = admin) =>
    client.post(`/api/${path}/${id}/versions/${auditId}/restore`, { updated_at: updatedAt });

  beforeAll(async () => {
    server = await startTestServer(engine, { WEBHOOKS_ALLOW_PRIVATE: 'true' });
    ({ client: admin } = await server.signIn({ name: 'Ana Admin', roles: ['admin'] }));
    image = await upload('uno.png');
    other = await upload('dos.png', '#0c0');
  });
  afterAll(() => server?.close());

  // One small fixture per area: what it is created with and what an edit changes (issue 19: restore
  // for every area). The restore brings the created version back.
  const fixtures: Array<{
    path: string;
    create: () => Record<string, unknown>;
    edit: () => Record<string, unknown>;
  }> = [
    {
      path: 'news',
      create: () => ({ title: 'Noticia v1', excerpt: 'Uno' }),
      edit: () => ({ excerpt: 'Dos' }),
    },
    {
      path: 'pages',
      create: () => ({ title: 'Página v1', body: '<p>Uno</p>' }),
      edit: () => ({ body: '<p>Dos</p>' }),
    },
    {
      path: 'categories',
      create: () => ({ name: 'Categoría v1', color: '#112233' }),
      edit: () => ({ color: '#445566', name: 'Categoría v2' }),
    },
    {
      path: 'entities',
      create: () => ({ name: 'Entidad v1', type: 'asociacion', phone: '910000000' }),
      edit: () => ({ type: 'fundacion', phone: null }),
    },
    {
      path: 'spaces',
      create: () => ({ name: 'Espacio v1', capacity: 10, images: [image.id, other.id] }),
      edit: () => ({ capacity: 20, images: [other.id] }),
    },
    {
      path: 'slides',
      create: () => ({ title: 'Diapositiva v1', image: image.id }),
      // Whether it shows is its publication state, which a restore keeps (tested below).
      edit: () => ({ title: 'Diapositiva v2', image: other.id }),
    },
    {
      path: 'tests',
      create: () => ({ title: 'Test v1', passing_score: 50 }),
      edit: () => ({ passing_score: 80 }),
    },
    {
      path: 'users',
      create: () => ({
        name: 'Persona v1',
        email: uniqueEmail('v'),
        roles: ['lector'],
        password: 'una-contraseña-larga',
      }),
      edit: () => ({ name: 'Persona v2', roles: ['editor'], active: false }),
    },
    {
      path: 'roles',
      create: () => ({ name: `rol${Date.now().toString(36)}`, label: 'Rol v1', permissions: ['news.view'] }),
      edit: () => ({ label: 'Rol v2', permissions: ['news.view', 'page.view'] }),
    },
    {
      path: 'webhooks',
      create: () => ({ name: 'Web v1', url: 'http://127.0.0.1:9/gancho', events: ['news.published'] }),
      edit: () => ({ name: 'Web v2', active: false }),
    },
  ];

  test.each(
    fixtures,
  )('$path: an earlier version is shown and restored, audited as reverted', async (fixture) => {
    const body = fixture.create();
    const created = await ok(admin.post(`/api/${fixture.path}`, body), 201);
    const [first] = await history(fixture.path, created.id);
    expect(first).toMatchObject({ action: 'created', has_version: true, reverted_from: null });
    const edited = await ok(
      admin.patch(`/api/${fixture.path}/${created.id}`, {
        ...fixture.edit(),
        updated_at: created.updated_at,
      }),
    );

    const version = await ok(admin.get(`/api/${fixture.path}/${created.id}/versions/${first!.id}`));
    const restored = await ok(restore(fixture.path, created.id, first!.id, edited.updated_at));
    const now = await ok(admin.get(`/api/${fixture.path}/${created.id}`));
    for (const field of Object.keys(fixture.edit())) {
      expect(restored[field], field).toEqual(created[field]);
      expect(now[field], field).toEqual(created[field]);
      expect(version[field], field).toEqual(created[field]);
    }
    const [last] = await history(fixture.path, created.id);
    expect(last).toMatchObject({
      action: 'reverted',
      has_version: true,
      reverted_from: { id: first!.id, created_at: first!.created_at },
    });
    // The restore is an entry like any other: its own version is the one it brought back.
    const again = await ok(admin.get(`/api/${fixture.path}/${created.id}/versions/${last!.id}`));
    for (const field of Object.keys(fixture.edit())) expect(again[field], field).toEqual(created[field]);
  });

  test('every version of a news item edited many times is rebuilt, across full states, with compact entries', async () => {
    const sentences = Array.from(
      { length: 80 },
      (_, i) => `<p>Frase número ${i} de un cuerpo largo y repetido.</p>`,
    );
    const bodyAt = (edit: number) =>
      sentences
        .map((sentence, i) => (i === edit % 80 ? `<p>Frase cambiada en la edición ${edit}.</p>` : sentence))
        .join('');
    let news = await ok(admin.post('/api/news', { title: 'Muchas ediciones', body: bodyAt(-1) }), 201);
    const bodies = [news.body];
    const edits = FULL_EVERY + 12;
    for (let edit = 0; edit < edits; edit++) {
      news = await ok(
        admin.patch(`/api/news/${news.id}`, { body: bodyAt(edit), updated_at: news.updated_at }),
      );
      bodies.push(news.body);
    }
    const entries = (await history('news', news.id)).reverse();
    expect(entries).toHaveLength(edits + 1);
    for (const [index, entry] of entries.entries()) {
      if (index % 7 !== 0 && index !== entries.length - 1 && index !== FULL_EVERY && index !== FULL_EVERY - 1)
        continue;
      const version = await ok(admin.get(`/api/news/${news.id}/versions/${entry.id}`));
      expect(version.body, `version ${index}`).toBe(bodies[index]);
    }
    // The history says the body changed with an excerpt, not the body twice.
    const edit = entries[5]!;
    expect(edit.changes.body).toMatchObject({ excerpt: true });
    expect(JSON.stringify(edit.changes).length).toBeLessThan(1000);
    expect(String(edit.changes.body!.to)).toContain('Frase cambiada en la edición 4');
    // Storage: two full states, the rest small deltas.
    const rows = await server.database.query<{ full: boolean; size: number }>(
      `SELECT version ? 'state' AS full, length(version::text) AS size FROM audits
        WHERE resource = 'news' AND record_id = $1 ORDER BY id`,
      [news.id],
    );
    expect(rows.filter((row) => row.full)).toHaveLength(2);
    expect(Math.max(...rows.filter((row) => !row.full).map((row) => row.size))).toBeLessThan(600);
  });

  test('categories, cover and order restore; a reference deleted meanwhile is named in a 422', async () => {
    const sports = await ok(admin.post('/api/categories', { name: 'Deportes' }), 201);
    const culture = await ok(admin.post('/api/categories', { name: 'Cultura' }), 201);
    const news = await ok(
      admin.post('/api/news', {
        title: 'Con categorías',
        categories: [sports.slug, culture.slug],
        cover: image.id,
      }),
      201,
    );
    const [created] = await history('news', news.id);
    const edited = await ok(
      admin.patch(`/api/news/${news.id}`, {
        categories: [culture.slug],
        cover: null,
        updated_at: news.updated_at,
      }),
    );
    expect((await admin.delete(`/api/categories/${sports.id}`)).status).toBe(204);

    // In the trash (decision 026): named as such, and refused until it is restored.
    const trashedVersion = await ok(admin.get(`/api/news/${news.id}/versions/${created!.id}`));
    expect(trashedVersion.categories).toEqual([
      { id: sports.id, name: 'Deportes', trashed: true },
      { id: culture.id, name: 'Cultura', slug: culture.slug },
    ]);
    const inTrash = await restore('news', news.id, created!.id, edited.updated_at);
    expect(inTrash.status).toBe(422);
    expect(inTrash.body.errors.categories).toEqual([
      'La categoría «Deportes» está en la papelera: restáurela o elija otra.',
    ]);

    // Deleted for good: it no longer exists.
    expect((await admin.delete(`/api/categories/${sports.id}?force=1`)).status).toBe(204);
    const version = await ok(admin.get(`/api/news/${news.id}/versions/${created!.id}`));
    expect(version.categories).toEqual([
      { id: sports.id, name: 'Deportes', deleted: true },
      { id: culture.id, name: 'Cultura', slug: culture.slug },
    ]);
    const refused = await restore('news', news.id, created!.id, edited.updated_at);
    expect(refused.status).toBe(422);
    expect(refused.body.errors.categories).toEqual(['La categoría «Deportes» ya no existe.']);
    expect((await admin.get(`/api/news/${news.id}`)).body.data.cover).toBeNull();

    // A renamed category is restored by what it is, not by the slug it had.
    const reordered = await ok(
      admin.patch(`/api/news/${news.id}`, {
        categories: [culture.slug],
        cover: image.id,
        updated_at: edited.updated_at,
      }),
    );
    const [withCover] = await history('news', news.id);
    const renamed = await ok(
      admin.patch(`/api/categories/${culture.id}`, { slug: 'cultura-nueva', updated_at: culture.updated_at }),
    );
    expect(renamed.slug).toBe('cultura-nueva');
    const cleared = await ok(
      admin.patch(`/api/news/${news.id}`, { categories: [], cover: null, updated_at: reordered.updated_at }),
    );
    const back = await ok(restore('news', news.id, withCover!.id, cleared.updated_at));
    expect(back.categories).toEqual([{ id: culture.id, name: 'Cultura', slug: 'cultura-nueva' }]);
    expect(back.cover).toMatchObject({ id: image.id });
  });

  test('a test’s questions and options come back in order, keeping the ids that still exist', async () => {
    const single = (prompt: string, correct: number) => ({
      prompt,
      type: 'single',
      options: ['Sí', 'No'].map((text, index) => ({ text, correct: index === correct })),
    });
    const created = await ok(
      admin.post('/api/tests', { title: 'Con preguntas', questions: [single('Uno', 0), single('Dos', 1)] }),
      201,
    );
    const [first] = await history('tests', created.id);
    const questions = created.questions as Array<{ id: number; options: Array<{ id: number }> }>;
    const edited = await ok(
      admin.patch(`/api/tests/${created.id}`, {
        questions: [{ ...questions[1], prompt: 'Dos cambiada' }, single('Tres', 0)],
        updated_at: created.updated_at,
      }),
    );
    const restored = await ok(restore('tests', created.id, first!.id, edited.updated_at));
    const strip = (list: unknown) =>
      (list as Array<Record<string, unknown>>).map(({ id: _id, ...question }) => ({
        ...question,
        options: (question.options as Array<Record<string, unknown>>).map(({ id: _o, ...option }) => option),
      }));
    expect(strip(restored.questions)).toEqual(strip(created.questions));
    const ids = (restored.questions as Array<{ id: number }>).map((question) => question.id);
    expect(ids[1]).toBe(questions[1]!.id);
    expect(ids[0]).not.toBe(questions[0]!.id);
  });

  test('a role’s permissions and a gallery’s order come back', async () => {
    const role = await ok(
      admin.post('/api/roles', {
        name: 'revisora',
        label: 'Revisora',
        permissions: ['news.view', 'page.view'],
      }),
      201,
    );
    const [first] = await history('roles', role.id);
    const edited = await ok(
      admin.patch(`/api/roles/${role.id}`, { permissions: ['test.view'], updated_at: role.updated_at }),
    );
    const back = await ok(restore('roles', role.id, first!.id, edited.updated_at));
    expect(back.permissions).toEqual(['news.view', 'page.view']);

    const space = await ok(admin.post('/api/spaces', { name: 'Galería', images: [other.id, image.id] }), 201);
    const [made] = await history('spaces', space.id);
    const flipped = await ok(
      admin.patch(`/api/spaces/${space.id}`, { images: [image.id, other.id], updated_at: space.updated_at }),
    );
    const again = await ok(restore('spaces', space.id, made!.id, flipped.updated_at));
    expect((again.images as Array<{ id: number }>).map((item) => item.id)).toEqual([other.id, image.id]);
  });

  test('a restore follows the rules of an update: publishing rights, no escalation, 409, 404', async () => {
    const role = await ok(
      admin.post('/api/roles', {
        name: 'redactora',
        label: 'Redactora',
        permissions: ['news.view', 'news.create', 'news.update', 'user.view', 'user.update'],
      }),
      201,
    );
    const { client: writer } = await server.signIn({ roles: [role.name as string] });
    const published = await ok(admin.post('/api/news', { title: 'Publicada', status: 'published' }), 201);
    const [first] = await history('news', published.id);
    const edited = await ok(
      admin.patch(`/api/news/${published.id}`, {
        title: 'Publicada y editada',
        updated_at: published.updated_at,
      }),
    );
    const refused = await restore('news', published.id, first!.id, edited.updated_at, writer);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Esta acción no está autorizada.');

    // A draft the writer may change: stale 409, then the restore.
    const draft = await ok(writer.post('/api/news', { title: 'Borrador' }), 201);
    const [made] = await history('news', draft.id, writer);
    const changed = await ok(
      writer.patch(`/api/news/${draft.id}`, { title: 'Borrador 2', updated_at: draft.updated_at }),
    );
    const stale = await restore('news', draft.id, made!.id, draft.updated_at, writer);
    expect(stale.status).toBe(409);
    expect((await ok(restore('news', draft.id, made!.id, changed.updated_at, writer))).title).toBe(
      'Borrador',
    );

    // An administrator's account is beyond the writer's reach, restore or not (even one that
    // would change nothing: it is an update like any other).
    const boss = await server.createUser({ name: 'Jefa', roles: ['admin'] });
    let account = await ok(admin.get(`/api/users/${boss.id}`));
    account = await ok(
      admin.patch(`/api/users/${boss.id}`, { name: 'Jefa 2', updated_at: account.updated_at }),
    );
    const [bossEdit] = await history('users', boss.id);
    account = await ok(
      admin.patch(`/api/users/${boss.id}`, { name: 'Jefa 3', updated_at: account.updated_at }),
    );
    expect((await restore('users', boss.id, bossEdit!.id, account.updated_at, writer)).status).toBe(403);
    const [latest] = await history('users', boss.id);
    expect((await restore('users', boss.id, latest!.id, account.updated_at, writer)).status).toBe(403);
    expect((await ok(admin.get(`/api/users/${boss.id}`))).name).toBe('Jefa 3');

    // An entry of another record or area is not this record's version; a lector may not restore.
    expect((await admin.get(`/api/news/${draft.id}/versions/${first!.id}`)).status).toBe(404);
    expect((await admin.get(`/api/pages/${draft.id}/versions/${made!.id}`)).status).toBe(404);
    expect((await admin.get(`/api/news/${draft.id}/versions/abc`)).status).toBe(404);
    const { client: reader } = await server.signIn({ roles: ['lector'] });
    expect((await reader.get(`/api/news/${draft.id}/versions/${made!.id}`)).status).toBe(200);
    expect((await restore('news', draft.id, made!.id, changed.updated_at, reader)).status).toBe(403);
    expect((await admin.post(`/api/news/${draft.id}/versions/${made!.id}/restore`, {})).status).toBe(422);
  });

  test('a restore keeps what is public as it is, unless asked: news, pages, slides, tests', async () => {
    const restoreWith = (
      path: string,
      id: number,
      auditId: number,
      updatedAt: string,
      publication: boolean,
    ) => admin.post(`/api/${path}/${id}/versions/${auditId}/restore`, { updated_at: updatedAt, publication });
    const publicTitles = async () =>
      ((await admin.get('/api/public/v1/news')).body.data as Array<{ title: string }>).map((n) => n.title);

    // Issue 30: the draft's words come back, the item stays on the website.
    const draft = await ok(admin.post('/api/news', { title: 'Borrador del día', excerpt: 'Primero' }), 201);
    const [made] = await history('news', draft.id);
    const live = await ok(
      admin.patch(`/api/news/${draft.id}`, {
        title: 'Publicada del día',
        excerpt: 'Segundo',
        status: 'published',
        updated_at: draft.updated_at,
      }),
    );
    expect(await publicTitles()).toContain('Publicada del día');
    const kept = await ok(restore('news', draft.id, made!.id, live.updated_at));
    expect(kept).toMatchObject({ title: 'Borrador del día', excerpt: 'Primero', status: 'published' });
    expect(kept.published_at).toBe(live.published_at);
    expect(await publicTitles()).toContain('Borrador del día');

    // Asked explicitly, the version's state comes back too, and the item leaves the website.
    const unpublished = await ok(restoreWith('news', draft.id, made!.id, kept.updated_at, true));
    expect(unpublished).toMatchObject({ status: 'draft', published_at: null });
    expect(await publicTitles()).not.toContain('Borrador del día');

    // Only someone who may publish may ask for it; a lector's `publication` is refused like the rest.
    const role = await ok(
      admin.post('/api/roles', {
        name: 'redaccion-sin-publicar',
        label: 'Redacción sin publicar',
        permissions: ['news.view', 'news.create', 'news.update'],
      }),
      201,
    );
    const { client: writer } = await server.signIn({ roles: [role.name as string] });
    const mine = await ok(writer.post('/api/news', { title: 'Mía' }), 201);
    const [mineFirst] = await history('news', mine.id, writer);
    const mineEdited = await ok(
      writer.patch(`/api/news/${mine.id}`, { title: 'Mía 2', updated_at: mine.updated_at }),
    );
    const asked = await writer.post(`/api/news/${mine.id}/versions/${mineFirst!.id}/restore`, {
      updated_at: mineEdited.updated_at,
      publication: true,
    });
    expect(asked.status).toBe(403);
    const notBoolean = await admin.post(`/api/news/${mine.id}/versions/${mineFirst!.id}/restore`, {
      updated_at: mineEdited.updated_at,
      publication: 'sí',
    });
    expect(notBoolean.status).toBe(422);
    expect(notBoolean.body.errors.publication).toEqual(['El campo publication debe ser verdadero o falso.']);

    // A page: its status stays published.
    const page = await ok(admin.post('/api/pages', { title: 'Página borrador' }), 201);
    const [pageFirst] = await history('pages', page.id);
    const pageLive = await ok(
      admin.patch(`/api/pages/${page.id}`, {
        title: 'Página pública',
        status: 'published',
        updated_at: page.updated_at,
      }),
    );
    expect(await ok(restore('pages', page.id, pageFirst!.id, pageLive.updated_at))).toMatchObject({
      title: 'Página borrador',
      status: 'published',
    });

    // A slide: active and its display window stay.
    const slide = await ok(
      admin.post('/api/slides', { title: 'Portada 1', image: image.id, active: false }),
      201,
    );
    const [slideFirst] = await history('slides', slide.id);
    const window = { starts_at: '2026-01-01T00:00:00.000Z', ends_at: '2099-01-01T00:00:00.000Z' };
    const slideLive = await ok(
      admin.patch(`/api/slides/${slide.id}`, {
        title: 'Portada 2',
        active: true,
        ...window,
        updated_at: slide.updated_at,
      }),
    );
    const slideKept = await ok(restore('slides', slide.id, slideFirst!.id, slideLive.updated_at));
    expect(slideKept).toMatchObject({ title: 'Portada 1', active: true, ...window });
    expect(
      await ok(restoreWith('slides', slide.id, slideFirst!.id, slideKept.updated_at, true)),
    ).toMatchObject({
      active: false,
      starts_at: null,
      ends_at: null,
    });

    // A test: its status stays published.
    const quiz = await ok(
      admin.post('/api/tests', {
        title: 'Test borrador',
        passing_score: 50,
        questions: [
          {
            prompt: '¿Sí?',
            type: 'single',
            options: [
              { text: 'Sí', correct: true },
              { text: 'No', correct: false },
            ],
          },
        ],
      }),
      201,
    );
    const [quizFirst] = await history('tests', quiz.id);
    const quizLive = await ok(
      admin.patch(`/api/tests/${quiz.id}`, {
        title: 'Test público',
        status: 'published',
        updated_at: quiz.updated_at,
      }),
    );
    expect(await ok(restore('tests', quiz.id, quizFirst!.id, quizLive.updated_at))).toMatchObject({
      title: 'Test borrador',
      status: 'published',
    });
  });

  test('a version equal to the record now changes nothing and writes no entry', async () => {
    const news = await ok(admin.post('/api/news', { title: 'Sin cambios' }), 201);
    const [first] = await history('news', news.id);
    const same = await ok(restore('news', news.id, first!.id, news.updated_at));
    expect(same.title).toBe('Sin cambios');
    expect(await history('news', news.id)).toHaveLength(1);
  });

  test('entries written before versions were kept answer a clear 422; the next change stores a whole version', async () => {
    const news = await ok(admin.post('/api/news', { title: 'Antigua' }), 201);
    const [first] = await history('news', news.id);
    await server.database.query('UPDATE audits SET version = NULL WHERE id = $1', [first!.id]);
    expect((await history('news', news.id))[0]!.has_version).toBe(false);
    const shown = await admin.get(`/api/news/${news.id}/versions/${first!.id}`);
    expect(shown.status).toBe(422);
    expect(shown.body.message).toBe('Esta versión es anterior al historial completo.');
    expect((await restore('news', news.id, first!.id, news.updated_at)).body.message).toBe(
      'Esta versión es anterior al historial completo.',
    );
    const edited = await ok(
      admin.patch(`/api/news/${news.id}`, { title: 'Antigua 2', updated_at: news.updated_at }),
    );
    const [latest] = await history('news', news.id);
    expect((await ok(admin.get(`/api/news/${news.id}/versions/${latest!.id}`))).title).toBe(edited.title);
    const [row] = await server.database.query<{ full: boolean }>(
      "SELECT version ? 'state' AS full FROM audits WHERE id = $1",
      [latest!.id],
    );
    expect(row!.full).toBe(true);
  });

  test('a slide reordered between edits keeps every version right', async () => {
    const a = await ok(admin.post('/api/slides', { title: 'Orden A', image: image.id }), 201);
    const b = await ok(admin.post('/api/slides', { title: 'Orden B', image: image.id }), 201);
    const a2 = await ok(
      admin.patch(`/api/slides/${a.id}`, { subtitle: 'Primera', updated_at: a.updated_at }),
    );
    const order = (await admin.get('/api/slides?per_page=100&sort=position')).body.data.map(
      (s: { id: number }) => s.id,
    );
    const moved = [b.id, ...order.filter((id: number) => id !== b.id)];
    expect((await admin.put('/api/slides/order', { ids: moved })).status).toBe(204);
    const now = await ok(admin.get(`/api/slides/${a.id}`));
    await ok(admin.patch(`/api/slides/${a.id}`, { subtitle: 'Segunda', updated_at: now.updated_at }));
    const entries = (await history('slides', a.id)).reverse();
    const subtitles = [];
    for (const entry of entries)
      subtitles.push((await ok(admin.get(`/api/slides/${a.id}/versions/${entry.id}`))).subtitle);
    expect(subtitles).toEqual([a.subtitle, a2.subtitle, 'Primera', 'Segunda']);
  });

  test('rich text keeps its images by identity: a version survives a file replace', async () => {
    const photo = await upload('foto.png', '#00c');
    const body = `<p>Antes</p><img data-media-id="${photo.id}" alt="Foto" />`;
    const news = await ok(admin.post('/api/news', { title: 'Con foto', body }), 201);
    const [first] = await history('news', news.id);
    const edited = await ok(
      admin.patch(`/api/news/${news.id}`, { body: '<p>Sin foto</p>', updated_at: news.updated_at }),
    );
    const replaced = await admin.upload(
      `/api/multimedia/${photo.id}/file`,
      { name: 'nueva.png', bytes: await picture('#0cc') },
      {},
      'PUT',
    );
    expect(replaced.status, replaced.text).toBe(200);
    const url = replaced.body.data.url as string;
    expect(url).not.toBe(photo.url);
    const version = await ok(admin.get(`/api/news/${news.id}/versions/${first!.id}`));
    expect(version.body).toContain(`src="${url}"`);
    const back = await ok(restore('news', news.id, first!.id, edited.updated_at));
    expect(back.body).toContain(`src="${url}"`);
    expect((await admin.get(`/api/multimedia/${photo.id}/usage`)).body.data).toEqual([
      expect.objectContaining({ area: 'news', id: news.id }),
    ]);
  });

  test('audit:prune deletes old entries and keeps every remaining version rebuildable', async () => {
    let page = await ok(admin.post('/api/pages', { title: 'Podada', body: '<p>0</p>' }), 201);
    for (let edit = 1; edit <= 6; edit++) {
      page = await ok(
        admin.patch(`/api/pages/${page.id}`, { body: `<p>${edit}</p>`, updated_at: page.updated_at }),
      );
    }
    const entries = (await history('pages', page.id)).reverse();
    // The first four entries are 40 days old.
    await server.database.query(
      `UPDATE audits SET created_at = now() - interval '40 days' WHERE id = ANY($1::bigint[])`,
      [entries.slice(0, 4).map((entry) => entry.id)],
    );
    const pruned = await pruneAudits(server.database, 30);
    expect(pruned.entries).toBeGreaterThanOrEqual(4);
    const left = (await history('pages', page.id)).reverse();
    expect(left.map((entry) => entry.id)).toEqual(entries.slice(4).map((entry) => entry.id));
    for (const [index, entry] of left.entries()) {
      expect((await ok(admin.get(`/api/pages/${page.id}/versions/${entry.id}`))).body).toBe(
        `<p>${index + 4}</p>`,
      );
    }
    const restored = await ok(restore('pages', page.id, left[0]!.id, page.updated_at));
    expect(restored.body).toBe('<p>4</p>');
  });
});
