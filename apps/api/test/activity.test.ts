import type { ActivityEntry } from '@gestor/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestClient, type TestServer, type TestUser, testDatabases } from './support';

// The activity log (issue 20, decision 031): every area's history and the security log in one list,
// newest first, behind `activity.view`, narrowed by person, area, kind and Madrid days, and exported.

describe.each(testDatabases())('activity log (%s)', (engine) => {
  let server: TestServer;
  let admin: TestClient;
  let auditor: TestClient;
  let editor: { user: TestUser; client: TestClient };

  const entries = async (query: string): Promise<ActivityEntry[]> => {
    const response = await auditor.get(`/api/activity?${query}`);
    expect(response.status, response.text).toBe(200);
    return response.body.data;
  };

  beforeAll(async () => {
    server = await startTestServer(engine);
    ({ client: admin } = await server.signIn({ roles: ['admin'] }));
    const role = await admin.post('/api/roles', {
      name: 'auditoria',
      label: 'Auditoría',
      permissions: ['activity.view'],
    });
    expect(role.status, role.text).toBe(201);
    ({ client: auditor } = await server.signIn({ roles: ['auditoria'] }));
    editor = await server.signIn({ name: 'Elena Editora', roles: ['editor'] });
  });
  afterAll(() => server?.close());

  test('needs activity.view: 401 signed out, 403 for an editor, the administrator has it', async () => {
    expect((await server.client().get('/api/activity')).status).toBe(401);
    expect((await editor.client.get('/api/activity')).status).toBe(403);
    expect((await editor.client.get('/api/activity?format=csv')).status).toBe(403);
    expect((await admin.get('/api/activity')).status).toBe(200);
  });

  test("a person's changes, newest first, with the record's title, key and changed fields", async () => {
    const created = await editor.client.post('/api/news', { title: 'Biblioteca abierta' });
    expect(created.status, created.text).toBe(201);
    const news = created.body.data;
    const updated = await editor.client.patch(`/api/news/${news.id}`, {
      excerpt: 'Horario de invierno',
      updated_at: news.updated_at,
    });
    expect(updated.status, updated.text).toBe(200);

    const page = await auditor.get(`/api/activity?filter[user_id]=${editor.user.id}&filter[area]=news`);
    expect(page.body.meta).toMatchObject({ current_page: 1, total: 2, per_page: 15 });
    expect(page.body.links.first).toContain('filter%5Buser_id%5D=');
    const [last, first] = page.body.data as ActivityEntry[];
    expect(last).toMatchObject({
      source: 'audit',
      kind: 'updated',
      user: { id: editor.user.id, name: 'Elena Editora' },
      area: 'news',
      record: { id: news.id, key: news.slug, title: 'Biblioteca abierta', exists: true, trashed: false },
      fields: ['Entradilla'],
    });
    expect(first).toMatchObject({ kind: 'created', area: 'news' });
    expect(first!.fields).toContain('Título');
    expect(Date.parse(last!.created_at)).toBeGreaterThanOrEqual(Date.parse(first!.created_at));
  });

  test('filters by area and kind; a deleted record shows its last title', async () => {
    const created = await admin.post('/api/categories', { name: 'Categoría efímera' });
    expect(created.status, created.text).toBe(201);
    const category = created.body.data;
    const renamed = await admin.patch(`/api/categories/${category.slug}`, {
      name: 'Categoría borrada',
      updated_at: category.updated_at,
    });
    expect(renamed.status, renamed.text).toBe(200);
    expect((await admin.delete(`/api/categories/${category.slug}`)).status).toBe(204);

    const trashed = await entries('filter[area]=category&filter[kind]=deleted');
    expect(trashed[0]).toMatchObject({
      kind: 'deleted',
      record: { id: category.id, title: 'Categoría borrada', exists: true, trashed: true },
    });
    expect((await admin.delete(`/api/categories/${category.id}?force=1`)).status).toBe(204);

    const history = await entries('filter[area]=category');
    expect(history.every((entry) => entry.area === 'category')).toBe(true);
    const ofIt = history.filter((entry) => entry.record?.id === category.id);
    expect(ofIt.map((entry) => entry.kind)).toEqual(['force_deleted', 'deleted', 'updated', 'created']);
    for (const entry of ofIt) {
      expect(entry.record).toEqual({
        id: category.id,
        key: null,
        title: 'Categoría borrada',
        exists: false,
        trashed: false,
      });
    }
    const created_only = await entries('filter[kind]=created&per_page=100');
    expect(created_only.length).toBeGreaterThan(0);
    expect(created_only.every((entry) => entry.kind === 'created')).toBe(true);
  });

  test('a refused sign-in is listed with its address and browser, under the security log', async () => {
    const user = await server.createUser({ name: 'Intrusa Probable' });
    const client = server.client();
    await client.csrf();
    const refused = await client.post(
      '/api/login',
      { email: user.email, password: 'no-es-esta' },
      { headers: { 'User-Agent': 'Navegador de prueba 1.0' } },
    );
    expect(refused.status).toBe(422);

    const [event] = await entries(`filter[kind]=login_failed&filter[user_id]=${user.id}`);
    expect(event).toMatchObject({
      source: 'security',
      kind: 'login_failed',
      area: null,
      record: null,
      user: { id: user.id, name: 'Intrusa Probable' },
      subject: { id: user.id, email: user.email },
      user_agent: 'Navegador de prueba 1.0',
      details: { reason: 'credentials' },
    });
    expect(event!.ip).toMatch(/127\.0\.0\.1/);
    const security = await entries('filter[area]=security&per_page=100');
    expect(security.length).toBeGreaterThan(0);
    expect(security.every((entry) => entry.source === 'security')).toBe(true);
  });

  test("a role's permissions and a user's roles changed are security events: who, whose, what, from where", async () => {
    const created = await admin.post('/api/roles', {
      name: 'prensa',
      label: 'Prensa',
      permissions: ['news.view'],
    });
    const role = created.body.data;
    const changed = await admin.patch(
      `/api/roles/${role.id}`,
      { permissions: ['news.update', 'news.view'], updated_at: role.updated_at },
      { headers: { 'User-Agent': 'Consola de administración' } },
    );
    expect(changed.status, changed.text).toBe(200);
    // A write that leaves the permissions as they were records nothing.
    const relabelled = await admin.patch(`/api/roles/${role.id}`, {
      label: 'Prensa y radio',
      updated_at: changed.body.data.updated_at,
    });
    expect(relabelled.status).toBe(200);

    const target = await server.createUser({ name: 'Pablo Prensa' });
    const user = (await admin.get(`/api/users/${target.id}`)).body.data;
    const reassigned = await admin.patch(`/api/users/${target.id}`, {
      roles: ['prensa', 'editor'],
      updated_at: user.updated_at,
    });
    expect(reassigned.status, reassigned.text).toBe(200);

    const events = await entries('filter[kind]=permissions_changed&per_page=100');
    const ofRole = events.filter((event) => (event.details.role as { id?: number })?.id === role.id);
    expect(ofRole).toHaveLength(1);
    expect(ofRole[0]).toMatchObject({
      user: { name: 'Usuario de prueba' },
      subject: { id: null },
      details: { permissions: { added: ['news.update'], removed: [] } },
      user_agent: 'Consola de administración',
    });
    expect(ofRole[0]!.ip).toMatch(/127\.0\.0\.1/);
    const [ofUser] = await entries(`filter[kind]=permissions_changed&filter[user_id]=${target.id}`);
    expect(ofUser).toMatchObject({
      subject: { id: target.id, name: 'Pablo Prensa', email: target.email },
      details: { roles: { added: ['editor', 'prensa'], removed: ['lector'] } },
    });
  });

  test('a date range is Madrid days: the first minutes of a day in Madrid are still the day before in UTC', async () => {
    const created = await admin.post('/api/entities', { name: 'Asociación nocturna', type: 'asociacion' });
    expect(created.status, created.text).toBe(201);
    const entity = created.body.data;
    // 00:30 on 11 March 2026 in Madrid (CET, UTC+1).
    await server.database.query(
      "UPDATE audits SET created_at = '2026-03-10T23:30:00Z' WHERE resource = 'entities' AND record_id = $1",
      [entity.id],
    );
    const ids = async (query: string) =>
      (await entries(`filter[area]=entity&per_page=100&${query}`)).map((entry) => entry.record?.id);
    expect(await ids('filter[from]=2026-03-11&filter[to]=2026-03-11')).toContain(entity.id);
    expect(await ids('filter[from]=2026-03-11')).toContain(entity.id);
    expect(await ids('filter[to]=2026-03-10')).not.toContain(entity.id);
    expect(await ids('filter[from]=2026-03-12')).not.toContain(entity.id);
  });

  test('the person filter names people to whoever reads the log, without user.view', async () => {
    expect((await editor.client.get('/api/activity/people?search=elena')).status).toBe(403);
    const found = await auditor.get('/api/activity/people?search=ELENA&per_page=20');
    expect(found.status).toBe(200);
    expect(found.body.data).toEqual([
      { id: editor.user.id, name: 'Elena Editora', email: editor.user.email },
    ]);
    expect(found.body.meta).toMatchObject({ total: 1, per_page: 20 });
    const one = await auditor.get(`/api/activity/people/${editor.user.id}`);
    expect(one.body.data).toMatchObject({ id: editor.user.id, name: 'Elena Editora' });
    expect((await auditor.get('/api/activity/people/999999')).status).toBe(404);
    expect((await auditor.get('/api/activity/people/nadie')).status).toBe(404);
  });

  test('bad filters are Spanish 422s', async () => {
    const bad = await auditor.get(
      '/api/activity?filter[area]=nada&filter[kind]=volar&filter[from]=2026-02-30&filter[user_id]=x',
    );
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual([
      'filter.area',
      'filter.from',
      'filter.kind',
      'filter.user_id',
    ]);
    expect(bad.body.errors['filter.from'][0]).toContain('fecha válida');
    const reversed = await auditor.get('/api/activity?filter[from]=2026-03-12&filter[to]=2026-03-11');
    expect(reversed.status).toBe(422);
    expect(reversed.body.errors['filter.to']).toEqual(['La fecha final no puede ser anterior a la inicial.']);
  });

  test('exports the filtered log as CSV, newest first, in the Spanish spreadsheet format', async () => {
    const mine = await server.signIn({ name: 'Clara Exporta', roles: ['editor'] });
    for (const name of ['Primera', 'Segunda', 'Tercera']) {
      expect((await mine.client.post('/api/categories', { name: `${name} exportada` })).status).toBe(201);
    }
    const response = await auditor.get(`/api/activity?format=csv&filter[user_id]=${mine.user.id}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/csv');
    expect(response.headers.get('content-disposition')).toMatch(/actividad-\d{4}-\d{2}-\d{2}\.csv/);
    const lines = response.text
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Fecha;Persona;Área;Tipo de cambio;Id del registro;Registro;Campos cambiados;Cuenta;Dirección IP;Navegador',
    );
    // The sign-in, then three categories created, newest first.
    expect(lines).toHaveLength(5);
    expect(lines[1]).toMatch(
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+0[12]:00;Clara Exporta;Categorías;Creado;\d+;Tercera exportada;/,
    );
    expect(lines[3]).toContain('Primera exportada');
    expect(lines[4]).toMatch(/;Clara Exporta;Seguridad;Inicio de sesión;;;;/);
  });

  test('pages and the export list the same rows in the same order', async () => {
    const mine = await server.signIn({ name: 'Muchos Cambios', roles: ['editor'] });
    for (let n = 1; n <= 12; n++) {
      expect((await mine.client.post('/api/categories', { name: `Lote ${n}` })).status).toBe(201);
    }
    const pages = await entries(`filter[user_id]=${mine.user.id}&per_page=5&page=2`);
    expect(pages.map((entry) => entry.record?.title)).toEqual([
      'Lote 7',
      'Lote 6',
      'Lote 5',
      'Lote 4',
      'Lote 3',
    ]);
    const csv = await auditor.get(`/api/activity?format=csv&filter[user_id]=${mine.user.id}`);
    const titles = csv.text
      .trimEnd()
      .split('\r\n')
      .slice(1)
      .map((line) => line.split(';')[5]);
    expect(titles).toEqual([...Array.from({ length: 12 }, (_, i) => `Lote ${12 - i}`), '']);
  });
});
