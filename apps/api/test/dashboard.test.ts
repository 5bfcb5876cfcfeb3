import { randomBytes } from 'node:crypto';
import { AREA_API_PATHS, AREAS, type Dashboard, madridToday } from '@gestor/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestClient, type TestServer, testDatabases } from './support';

// Issue 20 "Dashboard" (decision 030): GET /api/dashboard answers, for the signed-in person, only the
// widgets they may view, each with only what they may view.

const DAY_MS = 86_400_000;
const inDays = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString();

/** "YYYY-MM" of the month `back` months before the current one, in Europe/Madrid's calendar. */
function madridMonth(back: number): string {
  const [year, month] = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Madrid',
    year: 'numeric',
    month: '2-digit',
  })
    .format(new Date())
    .split('-')
    .map(Number) as [number, number];
  const index = year * 12 + (month - 1) - back;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** Mid-month noon (UTC) of a "YYYY-MM": the same month in Madrid whatever the offset. */
const midMonth = (month: string) => `${month}-15T12:00:00.000Z`;

describe.each(testDatabases())('dashboard (%s)', (engine) => {
  let server: TestServer;
  let admin: TestClient;
  let ana: TestClient;
  let luis: TestClient;
  let reader: TestClient;

  beforeAll(async () => {
    server = await startTestServer(engine);
    ({ client: admin } = await server.signIn({ roles: ['admin'] }));
    // Editors may view tests but not write them: Ana also holds a role that writes them.
    const tests = await admin.post('/api/roles', {
      name: 'redaccion-tests',
      label: 'Redacción de tests',
      permissions: ['test.view', 'test.create'],
    });
    expect(tests.status, tests.text).toBe(201);
    ({ client: ana } = await server.signIn({ name: 'Ana Editora', roles: ['editor', 'redaccion-tests'] }));
    ({ client: luis } = await server.signIn({ name: 'Luis Editor', roles: ['editor'] }));
    const role = await admin.post('/api/roles', {
      name: 'solo-noticias',
      label: 'Solo noticias',
      permissions: ['news.view'],
    });
    expect(role.status, role.text).toBe(201);
    ({ client: reader } = await server.signIn({ name: 'Lectora de noticias', roles: ['solo-noticias'] }));
  });
  afterAll(() => server?.close());

  const dashboardOf = async (client: TestClient): Promise<Dashboard> => {
    const response = await client.get('/api/dashboard');
    expect(response.status, response.text).toBe(200);
    return response.body.data;
  };

  const created = async (client: TestClient, path: string, body: Record<string, unknown>) => {
    const response = await client.post(`/api/${path}`, body);
    expect(response.status, response.text).toBe(201);
    return response.body.data as { id: number; slug?: string; title: string };
  };

  test('401 without a session', async () => {
    const response = await server.client().get('/api/dashboard');
    expect(response.status).toBe(401);
    expect(response.body.message).toBe('No autenticado.');
  });

  test('"Mis borradores": my drafts of every area with drafts, latest first; never another person’s', async () => {
    const news = await created(ana, 'news', { title: 'Borrador de Ana sobre la biblioteca' });
    const page = await created(ana, 'pages', { title: 'Página en borrador de Ana' });
    const questionnaire = await created(ana, 'tests', { title: 'Test en borrador de Ana' });
    await created(luis, 'news', { title: 'Borrador de Luis' });
    // Published ones are no longer drafts.
    await created(ana, 'news', { title: 'Publicada por Ana', status: 'published' });

    const drafts = (await dashboardOf(ana)).drafts;
    expect(drafts?.map((draft) => [draft.area, draft.title])).toEqual([
      ['test', 'Test en borrador de Ana'],
      ['page', 'Página en borrador de Ana'],
      ['news', 'Borrador de Ana sobre la biblioteca'],
    ]);
    // The route key each area's screen takes: the slug for news, the id elsewhere.
    expect(drafts?.find((draft) => draft.area === 'news')?.key).toBe(news.slug);
    expect(drafts?.find((draft) => draft.area === 'page')?.key).toBe(String(page.id));
    expect(drafts?.find((draft) => draft.area === 'test')?.key).toBe(String(questionnaire.id));

    expect((await dashboardOf(luis)).drafts?.map((draft) => draft.title)).toEqual(['Borrador de Luis']);

    // A draft in the trash is not waiting for anyone.
    expect((await ana.delete(`/api/pages/${page.id}`)).status).toBe(204);
    expect((await dashboardOf(ana)).drafts?.map((draft) => draft.area)).toEqual(['test', 'news']);
  });

  test('"Programado": scheduled news and slides opening in the next 7 days, soonest first', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#08f' } })
      .png()
      .toBuffer();
    const image = await admin.upload('/api/multimedia', { name: 'cartel.png', bytes: png });
    expect(image.status, image.text).toBe(201);
    await created(admin, 'news', {
      title: 'Sale en tres días',
      status: 'scheduled',
      published_at: inDays(3),
    });
    await created(admin, 'news', { title: 'Sale mañana', status: 'scheduled', published_at: inDays(1) });
    await created(admin, 'news', {
      title: 'Sale en diez días',
      status: 'scheduled',
      published_at: inDays(10),
    });
    await created(admin, 'slides', {
      title: 'Diapositiva en dos días',
      image: image.body.data.id,
      starts_at: inDays(2),
    });
    await created(admin, 'slides', {
      title: 'Diapositiva inactiva',
      image: image.body.data.id,
      active: false,
      starts_at: inDays(2),
    });

    const scheduled = (await dashboardOf(ana)).scheduled;
    expect(scheduled?.map((item) => [item.area, item.title])).toEqual([
      ['news', 'Sale mañana'],
      ['slide', 'Diapositiva en dos días'],
      ['news', 'Sale en tres días'],
    ]);
    // Without `slide.view`, the slide is not there.
    expect((await dashboardOf(reader)).scheduled?.map((item) => item.title)).toEqual([
      'Sale mañana',
      'Sale en tres días',
    ]);
  });

  test('"Cambios recientes": others’ changes, newest first, only of areas I may view', async () => {
    const item = await created(luis, 'news', { title: 'Noticia que edita Luis' });
    const edited = await luis.put(`/api/news/${item.slug}`, {
      title: 'Noticia editada por Luis',
      updated_at: (await luis.get(`/api/news/${item.slug}`)).body.data.updated_at,
    });
    expect(edited.status, edited.text).toBe(200);
    const category = await created(luis, 'categories', { name: 'Cultura de Luis' });
    await created(ana, 'news', { title: 'Cambio propio de Ana' });

    const recent = (await dashboardOf(ana)).recent ?? [];
    expect(recent[0]).toMatchObject({
      area: 'category',
      record_id: category.id,
      title: 'Cultura de Luis',
      action: 'created',
      user_name: 'Luis Editor',
    });
    expect(recent[1]).toMatchObject({
      area: 'news',
      record_id: item.id,
      key: edited.body.data.slug,
      title: 'Noticia editada por Luis',
      action: 'updated',
      user_name: 'Luis Editor',
    });
    expect(recent.some((change) => change.user_name === 'Ana Editora')).toBe(false);

    // Only `news.view`: the category (and every other area) is never mentioned.
    const readerRecent = (await dashboardOf(reader)).recent ?? [];
    expect(readerRecent.length).toBeGreaterThan(0);
    expect(new Set(readerRecent.map((change) => change.area))).toEqual(new Set(['news']));
    expect(readerRecent.some((change) => change.title === 'Cultura de Luis')).toBe(false);
  });

  test('a change whose record is in the trash keeps its title without a link; deleted for good, neither', async () => {
    const item = await created(luis, 'news', { title: 'Noticia que se borra' });
    expect((await luis.delete(`/api/news/${item.slug}`)).status).toBe(204);
    let recent = (await dashboardOf(ana)).recent ?? [];
    expect(recent[0]).toMatchObject({ action: 'deleted', title: 'Noticia que se borra', key: null });
    expect((await admin.delete(`/api/news/${item.id}?force=1`)).status).toBe(204);
    recent = (await dashboardOf(ana)).recent ?? [];
    expect(recent[0]).toMatchObject({ action: 'force_deleted', record_id: item.id, title: null, key: null });
  });

  test('"Multimedia": space by kind, the trash apart; only with multimedia.view', async () => {
    const before = (await dashboardOf(admin)).media;
    const text = Buffer.from('Acta de la reunión del pleno.\n');
    const upload = await admin.upload('/api/multimedia', {
      name: 'acta.txt',
      bytes: text,
      type: 'text/plain',
    });
    expect(upload.status, upload.text).toBe(201);
    const after = (await dashboardOf(admin)).media;
    const documents = (media: typeof after) => media?.kinds.find((kind) => kind.kind === 'document');
    expect(after?.kinds.map((kind) => kind.kind)).toEqual(['image', 'document', 'video', 'audio']);
    expect(documents(after)).toEqual({
      kind: 'document',
      count: (documents(before)?.count ?? 0) + 1,
      bytes: (documents(before)?.bytes ?? 0) + text.length,
    });
    expect(after?.total.bytes).toBe((before?.total.bytes ?? 0) + text.length);

    expect((await admin.delete(`/api/multimedia/${upload.body.data.id}`)).status).toBe(204);
    const trashed = (await dashboardOf(admin)).media;
    expect(documents(trashed)).toEqual(documents(before));
    expect(trashed?.trashed).toEqual({
      count: (before?.trashed.count ?? 0) + 1,
      bytes: (before?.trashed.bytes ?? 0) + text.length,
    });
  });

  test('"Publicaciones": news published per month over 12 months, empty months as zero', async () => {
    const published = (title: string, at: string) =>
      created(admin, 'news', { title, status: 'published', published_at: at });
    await published('Hace dos meses', midMonth(madridMonth(2)));
    await published('Hace dos meses también', midMonth(madridMonth(2)));
    await published('Hace once meses', midMonth(madridMonth(11)));
    await published('Hace trece meses', midMonth(madridMonth(13)));
    await published('Este mes', new Date(Date.now() - 60_000).toISOString());
    // A scheduled item whose time has come reads as published (decision 009); one in the trash does not.
    const due = await created(admin, 'news', {
      title: 'Programada ya publicada',
      status: 'scheduled',
      published_at: inDays(1),
    });
    await server.database.query(`UPDATE news SET published_at = $1 WHERE id = $2`, [
      midMonth(madridMonth(5)),
      due.id,
    ]);
    const trashed = await published('En la papelera', midMonth(madridMonth(5)));
    expect((await admin.delete(`/api/news/${trashed.slug}`)).status).toBe(204);

    const months = (await dashboardOf(reader)).publications ?? [];
    expect(months.map((month) => month.month)).toEqual(
      Array.from({ length: 12 }, (_, index) => madridMonth(11 - index)),
    );
    const count = (back: number) => months.find((month) => month.month === madridMonth(back))?.count;
    expect(count(11)).toBe(1);
    expect(count(5)).toBe(1);
    expect(count(2)).toBe(2);
    expect(count(1)).toBe(0);
    // This month also holds what the other tests published today.
    expect(count(0)).toBeGreaterThanOrEqual(1);
    expect(months.filter((month) => month.count === 0).length).toBeGreaterThanOrEqual(8);
  });

  test('"Pendiente de corregir": tests whose responses wait for a grader, most first; only for graders', async () => {
    const suffix = randomBytes(3).toString('hex');
    const quiz = (title: string) => created(admin, 'tests', { title: `${title} ${suffix}`, kind: 'quiz' });
    const many = await quiz('Examen con tres pendientes');
    const one = await quiz('Examen con una pendiente');
    const trashed = await quiz('Examen en la papelera');
    const graded = await quiz('Examen ya corregido');
    /** A response as the answering routes leave it: submitted, with `pending` text answers to grade. */
    const response = (testId: number, pending: number, state = 'submitted') =>
      server.database.query(
        `INSERT INTO test_attempts (test_id, token_hash, state, started_at, submitted_at, pending_grades)
         VALUES ($1, $2, $3, now(), now(), $4)`,
        [testId, randomBytes(16).toString('hex'), state, pending],
      );
    for (const pending of [1, 2, 1]) await response(many.id, pending);
    await response(many.id, 0);
    await response(one.id, 3);
    // Not a submitted response: nothing to grade yet.
    await response(one.id, 1, 'open');
    await response(trashed.id, 1);
    await response(graded.id, 0);
    expect((await admin.delete(`/api/tests/${trashed.id}`)).status).toBe(204);

    const grader = await admin.post('/api/roles', {
      name: `correccion-${suffix}`,
      label: `Corrección ${suffix}`,
      permissions: ['test.view', 'test.results', 'test.grade'],
    });
    expect(grader.status, grader.text).toBe(201);
    const reading = await admin.post('/api/roles', {
      name: `respuestas-${suffix}`,
      label: `Respuestas ${suffix}`,
      permissions: ['test.view', 'test.results'],
    });
    expect(reading.status, reading.text).toBe(201);
    const { client: graderClient } = await server.signIn({ roles: [`correccion-${suffix}`] });
    const { client: readerClient } = await server.signIn({ roles: [`respuestas-${suffix}`] });

    const mine = new Set([many.id, one.id, trashed.id, graded.id]);
    const listed = (await dashboardOf(graderClient)).pending_grading?.filter((test) => mine.has(test.id));
    expect(listed).toEqual([
      { id: many.id, title: many.title, count: 3 },
      { id: one.id, title: one.title, count: 1 },
    ]);
    expect((await dashboardOf(admin)).pending_grading).toBeDefined();
    // Reading the responses without grading them: no such widget.
    expect((await dashboardOf(readerClient)).pending_grading).toBeUndefined();
    expect((await dashboardOf(luis)).pending_grading).toBeUndefined();
  });

  test('"Por revisar": news and pages whose «Revisar antes de» day is near or past, for those who edit them', async () => {
    const day = (offset: number) => {
      const date = new Date(`${madridToday()}T12:00:00Z`);
      date.setUTCDate(date.getUTCDate() + offset);
      return date.toISOString().slice(0, 10);
    };
    const overdue = await admin.post('/api/news', { title: 'Tasas 2026', revise_by: day(-3) });
    expect(overdue.status, overdue.text).toBe(201);
    expect(overdue.body.data.revise_by).toBe(day(-3));
    const soon = await admin.post('/api/pages', { title: 'Horario de atención', revise_by: day(5) });
    expect(soon.status, soon.text).toBe(201);
    const later = await admin.post('/api/news', { title: 'Calendario 2028', revise_by: day(60) });
    expect(later.status, later.text).toBe(201);
    const bad = await admin.post('/api/news', { title: 'Mal', revise_by: '2027-02-30' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.revise_by).toEqual([
      'El campo revisar antes de debe ser una fecha válida (AAAA-MM-DD).',
    ]);

    const due = (await dashboardOf(luis)).revise_due ?? [];
    const mine = due.filter((entry) =>
      [overdue.body.data.id, soon.body.data.id, later.body.data.id].includes(entry.id),
    );
    expect(mine).toEqual([
      {
        area: 'news',
        id: overdue.body.data.id,
        key: overdue.body.data.slug,
        title: 'Tasas 2026',
        revise_by: day(-3),
        overdue: true,
      },
      {
        area: 'page',
        id: soon.body.data.id,
        key: String(soon.body.data.id),
        title: 'Horario de atención',
        revise_by: day(5),
        overdue: false,
      },
    ]);
    // Reading is not editing: the widget is not a reader's.
    expect((await dashboardOf(reader)).revise_due).toBeUndefined();
  });

  test('a person with only news.view gets the news widgets only', async () => {
    const dashboard = await dashboardOf(reader);
    expect(Object.keys(dashboard).sort()).toEqual([
      'counts',
      'drafts',
      'publications',
      'recent',
      'scheduled',
    ]);
    expect(dashboard.counts.map((count) => count.area)).toEqual(['news']);
    // Drafts are theirs only: they created none.
    expect(dashboard.drafts).toEqual([]);
    expect(dashboard.media).toBeUndefined();
  });

  test('a person with no permission at all gets no widget, only empty counts', async () => {
    const role = await admin.post('/api/roles', {
      name: 'sin-permisos',
      label: 'Sin permisos',
      permissions: [],
    });
    expect(role.status, role.text).toBe(201);
    const { client } = await server.signIn({ roles: ['sin-permisos'] });
    expect(await dashboardOf(client)).toEqual({ counts: [] });
  });

  test('today’s counts follow the lists’ totals', async () => {
    const dashboard = await dashboardOf(admin);
    // Every area of the registry, the day it is declared.
    expect(dashboard.counts.map((count) => count.area).sort()).toEqual([...AREAS].sort());
    for (const { area, total } of dashboard.counts) {
      const list = await admin.get(`/api/${AREA_API_PATHS[area]}?per_page=1`);
      expect(total, area).toBe(list.body.meta.total);
    }
  });
});
