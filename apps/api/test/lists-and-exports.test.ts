import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestClient, type TestServer, testDatabases } from './support';

// What lists and CSV exports read and write: a list page reads no bodies (they may hold 200 000
// characters each), and an export writes dates on the Madrid clock with their offset and states as
// the screens name them (AREAS.md "Dates", DESIGN.md §3 "CSV export").

describe.each(testDatabases())('lists and CSV exports (%s)', (engine) => {
  let server: TestServer;
  let admin: TestClient;

  beforeAll(async () => {
    server = await startTestServer(engine);
    ({ client: admin } = await server.signIn({ roles: ['admin'] }));
  });
  afterAll(() => server?.close());

  const created = async (path: string, body: Record<string, unknown>) => {
    const response = await admin.post(path, body);
    expect(response.status, response.text).toBe(201);
    return response.body.data;
  };

  test('news and page lists carry no body; a record read alone does', async () => {
    const body = `<p>${'Texto largo. '.repeat(2000)}</p>`;
    const news = await created('/api/news', { title: 'Noticia con cuerpo', body });
    const page = await created('/api/pages', { title: 'Página con cuerpo', body });
    for (const [path, record] of [
      ['/api/news', news],
      ['/api/pages', page],
    ] as const) {
      const list = await admin.get(`${path}?per_page=100`);
      expect(list.status).toBe(200);
      const item = list.body.data.find((row: { id: number }) => row.id === record.id);
      expect(item).toMatchObject({ id: record.id, title: record.title, slug: record.slug });
      for (const row of list.body.data) expect(Object.keys(row)).not.toContain('body');
      const searched = await admin.get(`${path}?search=cuerpo`);
      expect(searched.body.data.length).toBeGreaterThan(0);
      for (const row of searched.body.data) expect(Object.keys(row)).not.toContain('body');
      const shown = await admin.get(`${path}/${record.id}`);
      expect(shown.body.data.body).toBe(body);
    }
  });

  test('CSV dates are Madrid time with their offset, summer and winter; states in Spanish', async () => {
    // Published in summer (UTC+2), scheduled for a winter day (UTC+1).
    await created('/api/news', {
      title: 'Exportada en verano',
      status: 'published',
      published_at: '2025-07-15T08:30:00.000Z',
    });
    await created('/api/news', {
      title: 'Exportada en invierno',
      status: 'scheduled',
      published_at: '2099-01-15T23:05:00.000Z',
    });
    await created('/api/news', { title: 'Exportada en borrador' });
    const csv = await admin.get('/api/news?search=exportada&format=csv');
    expect(csv.status).toBe(200);
    const rows = csv.text
      .slice(1)
      .trim()
      .split('\r\n')
      .map((line) => line.split(';'));
    const header = rows[0]!;
    const state = header.indexOf('Estado');
    const date = header.indexOf('Publicación');
    const byTitle = (title: string) => rows.find((row) => row[1] === title)!;
    expect(byTitle('Exportada en verano')[state]).toBe('Publicada');
    expect(byTitle('Exportada en verano')[date]).toBe('2025-07-15T10:30:00+02:00');
    expect(byTitle('Exportada en invierno')[state]).toBe('Programada');
    expect(byTitle('Exportada en invierno')[date]).toBe('2099-01-16T00:05:00+01:00');
    expect(byTitle('Exportada en borrador')[state]).toBe('Borrador');
    expect(byTitle('Exportada en borrador')[date]).toBe('');
    // Every other date of the export is written the same way.
    expect(byTitle('Exportada en borrador')[header.indexOf('Modificada')]).toMatch(
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+0[12]:00$/,
    );

    await created('/api/pages', { title: 'Página exportada', status: 'published' });
    const pages = await admin.get('/api/pages?search=exportada&format=csv');
    expect(pages.text).toMatch(/;Página exportada;pagina-exportada;Publicada;\d{4}-\d{2}-\d{2}T/);
    await created('/api/tests', { title: 'Test exportado' });
    const tests = await admin.get('/api/tests?search=exportado&format=csv');
    expect(tests.text).toContain(';Test exportado;test-exportado;Borrador;0;');
  });
});
