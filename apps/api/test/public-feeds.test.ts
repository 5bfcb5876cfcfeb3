import { parse, validate } from 'fast-xml-parser';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestClient, type TestServer, testDatabases } from './support';

// docs/public-api.md#feeds: RSS 2.0 of the newest public news and the sitemap of what has a website address.
// The XML is checked by an independent parser (fast-xml-parser's validator), not by the writer's code.

const API = '/api/public/v1';

describe.each(testDatabases())('public feeds (%s)', (engine) => {
  let server: TestServer;
  let admin: TestClient;

  beforeAll(async () => {
    server = await startTestServer(engine, {
      PUBLIC_NEWS_URL: 'https://www.example.org/noticias/{slug}',
      PUBLIC_PAGE_URL: 'https://www.example.org/paginas/{slug}',
    });
    ({ client: admin } = await server.signIn({ roles: ['admin'] }));
  });
  afterAll(() => server?.close());

  const created = async (path: string, body: unknown) => {
    const response = await admin.post(path, body);
    expect(response.status, response.text).toBe(201);
    return response.body.data;
  };

  test('RSS 2.0: the newest public news, valid XML whatever the titles hold', async () => {
    const category = await created('/api/categories', { name: 'Cultura & <Ocio>' });
    const cover = await admin.upload('/api/multimedia', {
      name: 'portada.jpg',
      bytes: await sharp({ create: { width: 320, height: 200, channels: 3, background: '#336699' } })
        .jpeg()
        .toBuffer(),
    });
    expect(cover.status, cover.text).toBe(201);
    const hostile = `A < B & "C" 'D' > E \u0001\u0008\u000B\u001F\uFFFE fin 🎉 ]]> <![CDATA[x]]>`;
    const item = await created('/api/news', {
      title: hostile,
      slug: 'hostil',
      excerpt: 'Entradilla con <b>marcas</b> & \u0007 campana',
      status: 'published',
      published_at: '2024-03-05T08:09:10Z',
      categories: [category.slug],
      cover: cover.body.data.id,
      cover_alt: 'Cartel de la semana cultural',
    });
    await created('/api/news', { title: 'Borrador', slug: 'borrador' });
    await created('/api/news', {
      title: 'Antigua',
      status: 'published',
      published_at: '2020-01-01T00:00:00Z',
    });

    const response = await fetch(`${server.url}${API}/rss/news.xml`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8');
    expect(response.headers.get('set-cookie')).toBeNull();
    const xml = await response.text();
    expect(validate(xml)).toBe(true);
    const feed = parse(xml, { ignoreAttributes: false, attributeNamePrefix: '@' });
    const channel = feed.rss.channel;
    expect(feed.rss['@version']).toBe('2.0');
    const items = Array.isArray(channel.item) ? channel.item : [channel.item];
    expect(items.map((entry: { title: string }) => String(entry.title))).not.toContain('Borrador');
    expect(items).toHaveLength(2);
    const first = items[0];
    // Control characters go; every other character survives escaped, emoji included.
    expect(xml).toContain(
      'A &lt; B &amp; &quot;C&quot; &apos;D&apos; &gt; E  fin 🎉 ]]&gt; &lt;![CDATA[x]]&gt;',
    );
    expect(first.link).toBe('https://www.example.org/noticias/hostil');
    expect(first.guid).toMatchObject({
      '#text': 'https://www.example.org/noticias/hostil',
      '@isPermaLink': 'true',
    });
    expect(first.pubDate).toBe('Tue, 05 Mar 2024 08:09:10 GMT');
    expect(first.category).toBe('Cultura &amp; &lt;Ocio&gt;');
    expect(first.enclosure).toMatchObject({
      '@url': cover.body.data.url,
      '@type': 'image/jpeg',
      '@length': String(cover.body.data.size),
    });
    expect(item.slug).toBe('hostil');

    const byCategory = await fetch(`${server.url}${API}/rss/news.xml?category=${category.slug}`);
    const filtered = parse(await byCategory.text());
    expect(filtered.rss.channel.item.link).toBe('https://www.example.org/noticias/hostil');
    const refused = await fetch(`${server.url}${API}/rss/news.xml?category=No%20vale`);
    expect(refused.status).toBe(422);
  });

  test('the sitemap lists what has an address, with lastmod', async () => {
    const page = await created('/api/pages', { title: 'Quiénes somos', status: 'published' });
    await created('/api/pages', { title: 'Oculta' });
    const response = await fetch(`${server.url}${API}/sitemap.xml`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const xml = await response.text();
    expect(validate(xml)).toBe(true);
    const urls = [parse(xml).urlset.url].flat() as Array<{ loc: string; lastmod: string }>;
    expect(urls).toContainEqual({
      loc: `https://www.example.org/paginas/${page.slug}`,
      lastmod: new Date(page.updated_at).toISOString(),
    });
    expect(urls.map((entry) => entry.loc)).toContain('https://www.example.org/noticias/hostil');
    expect(urls.map((entry) => entry.loc)).not.toContain('https://www.example.org/paginas/oculta');
    // Categories have no template here: none listed.
    expect(xml).not.toContain('cultura');
  });
});

describe.each(testDatabases())('public feeds without templates (%s)', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(() => server?.close());

  test('no sitemap without any website address; the feed still works, guids by API address', async () => {
    const sitemap = await fetch(`${server.url}${API}/sitemap.xml`);
    expect(sitemap.status).toBe(404);
    expect(await sitemap.text()).toBe('{"message":"No encontrado."}');
    const { client: admin } = await server.signIn({ roles: ['admin'] });
    await admin.post('/api/news', { title: 'Sin web', slug: 'sin-web', status: 'published' });
    const xml = await (await fetch(`${server.url}${API}/rss/news.xml`)).text();
    expect(validate(xml)).toBe(true);
    const item = parse(xml, { ignoreAttributes: false, attributeNamePrefix: '@' }).rss.channel.item;
    expect(item.link).toBeUndefined();
    expect(item.guid).toMatchObject({ '#text': `${server.url}${API}/news/sin-web`, '@isPermaLink': 'false' });
  });
});
