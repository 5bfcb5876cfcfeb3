import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestClient, type TestServer, testDatabases } from './support';

// docs/areas.md news and pages: slugs, sanitized bodies, publishing permissions, scheduled items
// that read as published when their time comes, Spanish full-text search, media usages from covers
// and body images, the seeded legal pages.

const XSS_PAYLOADS = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href="java&#x09;script:alert(1)">x</a>',
  '<p style="background:url(javascript:alert(1))">x</p>',
  '<svg onload=alert(1)><circle/></svg>',
  '<iframe src="https://evil.example"></iframe>',
  '<p onclick="alert(1)">x</p>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<form action="javascript:alert(1)"><button>x</button></form>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  '<div style="width: expression(alert(1))">x</div>',
  '<img src="http://insecure.example/a.png" alt="x">',
];

describe.each(testDatabases())('news and pages (%s)', (engine) => {
  let server: TestServer;
  let admin: TestClient;
  let writer: TestClient;

  beforeAll(async () => {
    server = await startTestServer(engine);
    ({ client: admin } = await server.signIn({ roles: ['admin'] }));
    // A role with every news permission but publishing, and what a cover and categories need.
    const role = await admin.post('/api/roles', {
      name: 'redaccion',
      label: 'Redacción',
      permissions: [
        'news.view',
        'news.create',
        'news.update',
        'news.delete',
        'category.view',
        'multimedia.view',
      ],
    });
    expect(role.status, role.text).toBe(201);
    ({ client: writer } = await server.signIn({ roles: ['redaccion'] }));
  });
  afterAll(() => server?.close());

  const createNews = async (body: Record<string, unknown>, client = admin) => {
    const response = await client.post('/api/news', body);
    expect(response.status, response.text).toBe(201);
    return response.body.data;
  };

  test('a subtitle: optional, at most 200 characters, found by the search, in the history', async () => {
    const plain = await createNews({ title: 'Sin subtítulo' });
    expect(plain.subtitle).toBeNull();
    const item = await createNews({
      title: 'Jornadas de puertas abiertas',
      subtitle: '  Visitas guiadas al archivo ',
    });
    expect(item.subtitle).toBe('Visitas guiadas al archivo');
    const found = await admin.get('/api/news?search=archivos guiados');
    expect(found.body.data.map((news: { id: number }) => news.id)).toEqual([item.id]);
    // The list carries it, as it carries every field but the body.
    expect(found.body.data[0].subtitle).toBe('Visitas guiadas al archivo');

    const long = await admin.post('/api/news', { title: 'Largo', subtitle: 'x'.repeat(201) });
    expect(long.status).toBe(422);
    expect(long.body.errors.subtitle).toEqual(['El campo subtítulo no debe tener más de 200 caracteres.']);

    const cleared = await admin.patch(`/api/news/${item.id}`, { subtitle: '', updated_at: item.updated_at });
    expect(cleared.body.data.subtitle).toBeNull();
    const history = await admin.get(`/api/news/${item.id}/audit`);
    expect(history.body.data[0].changes.subtitle).toEqual({ from: 'Visitas guiadas al archivo', to: null });
  });

  test('slugs from titles (accents, duplicates), by slug or id, kept when the title changes', async () => {
    const first = await createNews({ title: 'Año Nuevo en Ávila' });
    const second = await createNews({ title: 'Año nuevo en Ávila' });
    expect([first.slug, second.slug]).toEqual(['ano-nuevo-en-avila', 'ano-nuevo-en-avila-2']);
    expect((await admin.get('/api/news/ano-nuevo-en-avila-2')).body.data.id).toBe(second.id);
    const edited = await admin.patch(`/api/news/${first.slug}`, {
      title: 'Otro título',
      updated_at: first.updated_at,
    });
    expect(edited.body.data).toMatchObject({ title: 'Otro título', slug: 'ano-nuevo-en-avila' });
    const taken = await admin.patch(`/api/news/${second.id}`, {
      slug: 'ano-nuevo-en-avila',
      updated_at: second.updated_at,
    });
    expect(taken.status).toBe(422);
    expect(taken.body.errors.slug).toEqual(['Esta dirección web (slug) ya está en uso: elija otra.']);
    expect(first).toMatchObject({ status: 'draft', published_at: null, featured: false, categories: [] });
    expect(first.author.name).toBeTruthy();
  });

  test('no script, event handler, javascript: link or style survives in a stored body', async () => {
    for (const payload of XSS_PAYLOADS) {
      const news = await createNews({
        title: `XSS ${payload.slice(0, 20)}`,
        body: `<p>Antes</p>${payload}<p>Después</p>`,
      });
      const stored = (await admin.get(`/api/news/${news.id}`)).body.data.body as string;
      expect(stored, payload).not.toMatch(
        /<script|<iframe|<svg|<math|<object|<embed|<form|<meta|<base|<style/i,
      );
      expect(stored, payload).not.toMatch(/\son\w+\s*=/i);
      expect(stored, payload).not.toMatch(/javascript:|data:text|style=|expression\(/i);
      expect(stored, payload).not.toContain('http://insecure.example');
      expect(stored).toContain('<p>Antes</p>');
    }
    const rows = await server.database.query<{ body: string }>('SELECT body FROM news');
    expect(rows.some((row) => /<script|onerror|javascript:/i.test(row.body))).toBe(false);
    // What the allowlist keeps: formatting, links, and rel on new tabs.
    const kept = await createNews({
      title: 'Formato',
      body: '<h2>T</h2><p><strong>a</strong> <em>b</em> <a href="https://example.org" target="_blank">c</a></p>',
    });
    expect(kept.body).toBe(
      '<h2>T</h2><p><strong>a</strong> <em>b</em> <a href="https://example.org" target="_blank" rel="noopener noreferrer">c</a></p>',
    );
  });

  test('publishing needs news.publish: drafts are edited without it, anything else is a 403', async () => {
    const draft = await createNews({ title: 'Borrador de redacción' }, writer);
    expect(draft.status).toBe('draft');
    const edited = await writer.patch(`/api/news/${draft.id}`, {
      excerpt: 'Resumen',
      updated_at: draft.updated_at,
    });
    expect(edited.status).toBe(200);
    for (const attempt of [
      { status: 'published' },
      { status: 'scheduled', published_at: new Date(Date.now() + 86_400_000).toISOString() },
      { published_at: new Date().toISOString() },
    ]) {
      const refused = await writer.patch(`/api/news/${draft.id}`, {
        ...attempt,
        updated_at: edited.body.data.updated_at,
      });
      expect(refused.status, JSON.stringify(attempt)).toBe(403);
    }
    expect((await writer.post('/api/news', { title: 'Directa', status: 'published' })).status).toBe(403);

    // Published by someone who may: from then on the writer can neither change nor delete it.
    const published = await admin.patch(`/api/news/${draft.id}`, {
      status: 'published',
      updated_at: edited.body.data.updated_at,
    });
    expect(published.body.data.status).toBe('published');
    expect(Date.now() - Date.parse(published.body.data.published_at)).toBeLessThan(60_000);
    expect(
      (
        await writer.patch(`/api/news/${draft.id}`, {
          title: 'Cambio',
          updated_at: published.body.data.updated_at,
        })
      ).status,
    ).toBe(403);
    expect((await writer.delete(`/api/news/${draft.id}`)).status).toBe(403);
    expect((await admin.get(`/api/news/${draft.id}`)).body.data.title).toBe('Borrador de redacción');
  });

  test('a scheduled item reads as published once its time has passed, with no job', async () => {
    const soon = new Date(Date.now() + 60 * 60 * 1000).toISOString();
    const news = await createNews({ title: 'Programada', status: 'scheduled', published_at: soon });
    expect(news.status).toBe('scheduled');
    const missing = await admin.post('/api/news', { title: 'Sin fecha', status: 'scheduled' });
    expect(missing.body.errors.published_at).toEqual(['Indique la fecha y hora en que se publicará.']);
    const past = await admin.post('/api/news', {
      title: 'Pasada',
      status: 'scheduled',
      published_at: new Date(Date.now() - 1000).toISOString(),
    });
    expect(past.body.errors.published_at).toEqual(['La fecha programada debe ser posterior a este momento.']);
    // Year 0 does not exist for PostgreSQL: refused by the schema, not a 500 from the database.
    const yearZero = await admin.post('/api/news', {
      title: 'Año cero',
      status: 'published',
      published_at: '0000-01-01T00:00:00Z',
    });
    expect(yearZero.status).toBe(422);
    expect(yearZero.body.errors.published_at).toEqual([
      'El campo fecha de publicación debe ser una fecha entre los años 1970 y 9999.',
    ]);

    // Its time comes (moved back in the database, as the clock would): published everywhere.
    await server.database.query("UPDATE news SET published_at = now() - interval '1 second' WHERE id = $1", [
      news.id,
    ]);
    expect((await admin.get(`/api/news/${news.id}`)).body.data.status).toBe('published');
    const listed = await admin.get('/api/news?filter[status]=published&per_page=100');
    expect(listed.body.data.map((n: { id: number }) => n.id)).toContain(news.id);
    const scheduled = await admin.get('/api/news?filter[status]=scheduled&per_page=100');
    expect(scheduled.body.data.map((n: { id: number }) => n.id)).not.toContain(news.id);
    // And the rule follows: it is no longer a draft nor a scheduled item one may move.
    expect(
      (await writer.patch(`/api/news/${news.id}`, { title: 'x', updated_at: news.updated_at })).status,
    ).toBe(403);
  });

  test('Spanish full-text search: stemmed, accent- and case-insensitive, best matches first', async () => {
    await createNews({
      title: 'Elecciones municipales en Ávila',
      excerpt: 'Resultados de la jornada electoral.',
    });
    await createNews({
      title: 'Fiestas del barrio',
      body: '<p>Tras las <strong>elecciones</strong> llegan las fiestas.</p>',
    });
    await createNews({ title: 'Mercado de abastos', body: '<p>Nada que ver.</p>' });
    const found = await admin.get('/api/news?search=eleccion');
    expect(found.body.data.map((n: { title: string }) => n.title)).toEqual([
      'Elecciones municipales en Ávila',
      'Fiestas del barrio',
    ]);
    expect(found.body.meta.total).toBe(2);
    const accents = await admin.get('/api/news?search=MUNICIP%C3%81L%20elect%C3%B3ral');
    expect(accents.body.data.map((n: { title: string }) => n.title)).toEqual([
      'Elecciones municipales en Ávila',
    ]);
    const sorted = await admin.get('/api/news?search=eleccion&sort=title');
    expect(sorted.body.data.map((n: { title: string }) => n.title)).toEqual([
      'Elecciones municipales en Ávila',
      'Fiestas del barrio',
    ]);
    expect((await admin.get('/api/news?search=%22%27%28%29%26%7C%21')).status).toBe(200);
  });

  test('categories by slug, filters by category, featured and author; a deleted category leaves its news', async () => {
    await admin.post('/api/categories', { name: 'Cultura' });
    await admin.post('/api/categories', { name: 'Deportes' });
    const news = await createNews({
      title: 'Con categorías',
      categories: ['deportes', 'cultura'],
      featured: true,
    });
    expect(news.categories.map((c: { slug: string }) => c.slug)).toEqual(['deportes', 'cultura']);
    const unknown = await admin.post('/api/news', { title: 'x', categories: ['no-existe'] });
    expect(unknown.body.errors.categories).toEqual(['No existe la categoría «no-existe».']);
    const byCategory = await admin.get('/api/news?filter[category]=cultura');
    expect(byCategory.body.data.map((n: { id: number }) => n.id)).toEqual([news.id]);
    const featured = await admin.get('/api/news?filter[featured]=true');
    expect(featured.body.data.every((n: { featured: boolean }) => n.featured)).toBe(true);
    const mine = await admin.get(`/api/news?filter[author]=${news.author.id}&per_page=100`);
    expect(mine.body.data.every((n: { author: { id: number } }) => n.author.id === news.author.id)).toBe(
      true,
    );
    const category = (await admin.get('/api/categories/cultura')).body.data;
    expect(category.news_count).toBe(1);
    expect((await admin.delete(`/api/categories/${category.id}`)).status).toBe(204);
    expect(
      (await admin.get(`/api/news/${news.id}`)).body.data.categories.map((c: { slug: string }) => c.slug),
    ).toEqual(['deportes']);
  });

  test('covers and body images count as media usages, and hold the item', async () => {
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c00' } })
      .png()
      .toBuffer();
    const cover = (await admin.upload('/api/multimedia', { name: 'portada.png', bytes: png })).body.data;
    const inline = (await admin.upload('/api/multimedia', { name: 'dentro.png', bytes: png })).body.data;
    const news = await createNews({
      title: 'Con imágenes',
      cover: cover.id,
      body: `<p>Texto</p><img src="${inline.variants.medium.url}" alt="Dentro">`,
    });
    expect(news.cover).toMatchObject({ id: cover.id, name: 'portada.png' });
    // Stored by id, read with the file's current address.
    expect(news.body).toContain(
      `<img data-media-id="${inline.id}" src="${inline.url}" width="40" height="30"`,
    );
    for (const item of [cover, inline]) {
      const usage = await admin.get(`/api/multimedia/${item.id}/usage`);
      expect(usage.body.data).toEqual([{ area: 'news', id: news.id, title: 'Con imágenes' }]);
    }
    const refused = await admin.delete(`/api/multimedia/${inline.id}`);
    expect(refused.body.errors.ids).toEqual([
      'No se puede eliminar «dentro.png»: se usa en Noticias «Con imágenes».',
    ]);
    // The image leaves the body: the usage goes with it.
    const edited = await admin.patch(`/api/news/${news.id}`, {
      body: '<p>Texto</p>',
      updated_at: news.updated_at,
    });
    expect(edited.status).toBe(200);
    expect((await admin.get(`/api/multimedia/${inline.id}/usage`)).body.data).toEqual([]);
    expect((await admin.delete(`/api/news/${news.id}`)).status).toBe(204);
    expect((await admin.get(`/api/multimedia/${cover.id}`)).body.data.usage_count).toBe(0);
  });

  test('pages: the legal pages are seeded as drafts; created with a title; page.publish to publish', async () => {
    const seeded = await admin.get('/api/pages?sort=title');
    expect(seeded.body.data.map((p: { title: string; status: string }) => [p.title, p.status])).toEqual([
      ['Aviso legal', 'draft'],
      ['Declaración de accesibilidad', 'draft'],
      ['Política de cookies', 'draft'],
      ['Política de privacidad', 'draft'],
    ]);
    const created = await admin.post('/api/pages', { title: 'Quiénes somos' });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ slug: 'quienes-somos', status: 'draft', body: '' });
    const { client: pageEditor } = await server.signIn({ roles: ['lector'] });
    expect(
      (
        await pageEditor.patch(`/api/pages/${created.body.data.id}`, {
          title: 'x',
          updated_at: created.body.data.updated_at,
        })
      ).status,
    ).toBe(403);
    const published = await admin.patch(`/api/pages/${created.body.data.id}`, {
      status: 'published',
      body: '<p onclick="x()">Hola</p>',
      updated_at: created.body.data.updated_at,
    });
    expect(published.body.data).toMatchObject({ status: 'published', body: '<p>Hola</p>' });
    expect(published.body.data.published_at).not.toBeNull();
    expect((await admin.post('/api/pages', { title: 'x', status: 'scheduled' })).status).toBe(422);
  });

  const created = async (path: string, body: Record<string, unknown>) => {
    const response = await admin.post(path, body);
    expect(response.status, response.text).toBe(201);
    return response.body.data;
  };

  // A list page reads no bodies: they may hold 200 000 characters each.
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

  // docs/areas.md#rules-shared-by-the-content-areas: an export writes the Madrid clock with its offset, and states as the screens do.
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
  });
});
