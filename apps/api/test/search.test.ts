import type { SearchGroup } from '@gestor/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SEARCHED_AREAS } from '../src/modules/search/search-areas';
import { registryOf, startTestServer, type TestClient, type TestServer, testDatabases } from './support';

// GET /api/search (issue 20, decision 029): every area the person may view, ranked, at most five
// items each with the area's whole count; the others are neither searched nor mentioned.

describe.each(testDatabases())('Global search (%s)', (engine) => {
  let server: TestServer;
  let admin: TestClient;

  const search = async (client: TestClient, q: string) => {
    const response = await client.get(`/api/search?q=${encodeURIComponent(q)}`);
    expect(response.status, response.text).toBe(200);
    return response.body.data as SearchGroup[];
  };
  const group = (groups: SearchGroup[], area: string) => groups.find((g) => g.area === area);

  const signInWith = async (permissions: string[]) => {
    const name = `busqueda_${permissions.join('_').replace(/\W/g, '_')}`;
    const role = await admin.post('/api/roles', { name, label: `Búsqueda ${name}`, permissions });
    expect(role.status, role.text).toBe(201);
    return (await server.signIn({ roles: [name] })).client;
  };

  beforeAll(async () => {
    server = await startTestServer(engine);
    ({ client: admin } = await server.signIn({ roles: ['admin'] }));
    const news = [
      { title: 'Horario de verano', body: '<p>Más información sobre la zarzaparrilla en el mercado.</p>' },
      { title: 'La zarzaparrilla vuelve al mercado', body: '<p>Un texto cualquiera.</p>' },
      ...Array.from({ length: 7 }, (_, i) => ({
        title: `Aviso ${i + 1} del quelonio`,
        body: '<p>Nada.</p>',
      })),
      { title: 'El ornitorrinco secreto', body: '<p>Solo para quien ve las noticias.</p>' },
    ];
    for (const item of news) {
      const created = await admin.post('/api/news', item);
      expect(created.status, created.text).toBe(201);
    }
    const page = await admin.post('/api/pages', { title: 'Página del ornitorrinco' });
    expect(page.status, page.text).toBe(201);
    await server.createUser({ name: 'Íñigo Peñalver Zarzoso', email: 'inigo.penalver@example.com' });
  });
  afterAll(() => server?.close());

  test('without a session: 401', async () => {
    const response = await server.client().get('/api/search?q=zarzaparrilla');
    expect(response.status).toBe(401);
  });

  test('fewer than two characters, after trimming, or none: a Spanish 422 on q', async () => {
    for (const path of ['/api/search?q=a', '/api/search?q=%20%20b%20', '/api/search', '/api/search?q=']) {
      const response = await admin.get(path);
      expect(response.status, path).toBe(422);
      expect(response.body).toEqual({
        message: 'Escriba al menos 2 caracteres para buscar.',
        errors: { q: ['Escriba al menos 2 caracteres para buscar.'] },
      });
    }
    const long = await admin.get(`/api/search?q=${'a'.repeat(201)}`);
    expect(long.status).toBe(422);
    expect(long.body.errors).toEqual({ q: ['La búsqueda no puede tener más de 200 caracteres.'] });
  });

  test('accent-insensitive, ranked: a title match before a body match, with a line of context', async () => {
    const news = group(await search(admin, 'ZARZAPARRILLA'), 'news');
    expect(news?.items.map((item) => item.title)).toEqual([
      'La zarzaparrilla vuelve al mercado',
      'Horario de verano',
    ]);
    const fromBody = news?.items[1];
    expect(fromBody?.context).toBe('Más información sobre la zarzaparrilla en el mercado.');
    expect(fromBody?.status).toBe('Borrador');
    // The slug: what the news edit screen takes.
    expect(fromBody?.key).toBe('horario-de-verano');
    // An accent-less word from the body finds it: "informacion" for "información".
    const byBody = group(await search(admin, 'informacion'), 'news');
    expect(byBody?.items.map((item) => item.title)).toContain('Horario de verano');
  });

  test('areas without full text match without accents too: "penalver" finds Peñalver', async () => {
    const users = group(await search(admin, 'penalver'), 'user');
    expect(users?.total).toBe(1);
    expect(users?.items[0]).toMatchObject({
      title: 'Íñigo Peñalver Zarzoso',
      status: 'Activo',
      context: 'inigo.penalver@example.com',
    });
    expect(users?.items[0]?.key).toBe(String(users?.items[0]?.id));
  });

  test('at most five items per area, with the area’s whole count', async () => {
    const groups = await search(admin, 'quelonio');
    expect(groups.map((g) => g.area)).toEqual(['news']);
    expect(groups[0]?.total).toBe(7);
    // Equal ranks: the newest five, newest first.
    expect(groups[0]?.items.map((item) => item.title)).toEqual(
      [7, 6, 5, 4, 3].map((n) => `Aviso ${n} del quelonio`),
    );
  });

  test('areas without full text: a title that starts with the text, then one that holds it, then the rest, newest first', async () => {
    // Created oldest first; the email is matched too (users search name and email) but is no title.
    const people = [
      { name: 'Ana Galápago Ruiz', email: 'ana.ruiz@example.com' },
      { name: 'Galápago Martín', email: 'g.martin@example.com' },
      { name: 'Luis Pérez', email: 'galapago.fan@example.com' },
      { name: 'Marta Galapagos', email: 'marta@example.com' },
      { name: 'GALÁPAGO Sanz', email: 'sanz@example.com' },
      { name: 'Pedro Gil', email: 'pgil.galapago@example.com' },
    ];
    for (const person of people) await server.createUser(person);
    const users = group(await search(admin, 'galapago'), 'user');
    expect(users?.total).toBe(6);
    expect(users?.items.map((item) => item.title)).toEqual([
      'GALÁPAGO Sanz',
      'Galápago Martín',
      'Marta Galapagos',
      'Ana Galápago Ruiz',
      'Pedro Gil',
    ]);
  });

  test('areas with no match are left out', async () => {
    expect(await search(admin, 'palabraquenoexiste')).toEqual([]);
  });

  test('a person without news.view never sees a news title, count or area', async () => {
    const reader = await signInWith(['page.view', 'user.view']);
    const response = await reader.get('/api/search?q=ornitorrinco');
    expect(response.status).toBe(200);
    const groups = response.body.data as SearchGroup[];
    expect(groups.map((g) => g.area)).toEqual(['page']);
    expect(response.text).not.toContain('secreto');
    expect(response.text).not.toContain('news');
    // Nothing of news at all, even where only news match.
    expect(await search(reader, 'quelonio')).toEqual([]);
    // The administrator sees both.
    expect((await search(admin, 'ornitorrinco')).map((g) => g.area)).toEqual(['news', 'page']);
  });

  test('records in the trash are not found', async () => {
    const created = await admin.post('/api/news', { title: 'El pangolín perdido' });
    expect(created.status, created.text).toBe(201);
    expect(group(await search(admin, 'pangolin'), 'news')?.total).toBe(1);
    const removed = await admin.delete(`/api/news/${created.body.data.id}`);
    expect(removed.status, removed.text).toBe(204);
    expect(group(await search(admin, 'pangolin'), 'news')).toBeUndefined();
  });
  test('an area without full text ranks by a stored fold of the very title it shows (migration 0031)', async () => {
    const definitions = registryOf(server).filter((definition) => !definition.fullTextSearch);
    expect(definitions.length).toBeGreaterThanOrEqual(8);
    for (const { table, contract } of definitions) {
      const { title, foldedTitle } = SEARCHED_AREAS[contract.area];
      expect(foldedTitle, contract.area).toBe('t.search_title');
      // The column's generation expression and gestor_fold(title), both as PostgreSQL prints them.
      const [stored] = await server.database.query<{ expression: string }>(
        `SELECT pg_get_expr(d.adbin, d.adrelid) AS expression
           FROM pg_attrdef d JOIN pg_attribute a ON a.attrelid = d.adrelid AND a.attnum = d.adnum
          WHERE d.adrelid = to_regclass($1) AND a.attname = 'search_title' AND a.attgenerated = 's'`,
        [table],
      );
      const expected = await server.database.transaction(async (tx) => {
        await tx.exec(
          `CREATE TEMPORARY VIEW search_title_probe AS SELECT gestor_fold(${title}) AS folded FROM ${table} t`,
        );
        const [view] = await tx.query<{ definition: string }>(
          `SELECT pg_get_viewdef('search_title_probe'::regclass) AS definition`,
        );
        await tx.exec('DROP VIEW search_title_probe');
        return /SELECT\s+(.*?)\s+AS folded/s.exec(view?.definition ?? '')?.[1]?.replace(/\bt\./g, '');
      });
      expect(stored?.expression, contract.area).toBe(expected);
    }
  });
});
