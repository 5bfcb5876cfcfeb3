import {
  PUBLIC_API_PREFIX,
  PublicCategoryList,
  PublicCategoryOne,
  PublicEntityList,
  PublicEntityOne,
  PublicNewsList,
  PublicNewsOne,
  PublicPageList,
  PublicPageOne,
  PublicSlideList,
  PublicSpaceList,
  PublicSpaceOne,
} from '@gestor/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { z } from 'zod';
import {
  publicReader,
  startTestServer,
  type TestClient,
  type TestServer,
  type TestUser,
  testDatabases,
} from './support';

// docs/public-api.md#calling-it: what anyone reads at /api/public/v1, through plain HTTP with no
// cookie and no Origin, as the organisation's website would.

const API = PUBLIC_API_PREFIX;
const NOT_FOUND = '{"message":"No encontrado."}';

const picture = (width: number, height: number, background = '#c04020') =>
  sharp({ create: { width, height, channels: 3, background } })
    .jpeg()
    .toBuffer();

describe.each(testDatabases())('public read API (%s)', (engine) => {
  let server: TestServer;
  let admin: TestClient;
  let adminUser: TestUser;
  let round = 0;
  const unique = (text: string) => `${text}-${++round}`;

  beforeAll(async () => {
    server = await startTestServer(engine, {
      PUBLIC_NEWS_URL: 'https://www.example.org/noticias/{slug}',
      PUBLIC_PAGE_URL: 'https://www.example.org/{slug}',
      PUBLIC_CATEGORY_URL: 'https://www.example.org/temas/{slug}',
      PUBLIC_ENTITY_URL: 'https://www.example.org/entidades/{slug}',
      PUBLIC_SPACE_URL: 'https://www.example.org/espacios/{slug}',
    });
    ({ client: admin, user: adminUser } = await server.signIn({ roles: ['admin'] }));
  });
  afterAll(() => server?.close());

  /** A plain request, as a website's server makes it: no cookie, no Origin. */
  const get = (path: string, headers: Record<string, string> = {}) => publicReader(server)(path, headers);
  /** The answer parsed by its shared schema: any key too many or missing fails. */
  const shaped = <S extends z.ZodType>(schema: S, body: unknown) => {
    const result = schema.safeParse(body);
    expect(result.error?.issues ?? []).toEqual([]);
    return result.data as z.output<S>;
  };
  const created = async (path: string, body: unknown) => {
    const response = await admin.post(path, body);
    expect(response.status, response.text).toBe(201);
    return response.body.data;
  };
  const upload = (name: string, bytes: Buffer) => admin.uploadMedia(name, bytes);
  const news = (input: Record<string, unknown>) =>
    created('/api/news', { status: 'published', ...input, title: input.title ?? unique('Noticia') });

  test('news: only the published ones, newest first, with exactly the public fields and their url', async () => {
    const parent = await created('/api/categories', { name: unique('Deportes') });
    const child = await created('/api/categories', { name: unique('Fútbol'), parent: parent.slug });
    const cover = await upload('portada.jpg', await picture(1600, 900));
    await server.database.query('UPDATE multimedia SET alt = $1 WHERE id = $2', ['Portada', cover.id]);
    const older = await news({
      subtitle: 'El subtítulo',
      excerpt: 'La entradilla',
      published_at: '2020-01-01T10:00:00Z',
      categories: [child.slug, parent.slug],
      cover: cover.id,
      featured: true,
    });
    const newer = await news({ published_at: '2020-01-02T10:00:00Z' });
    const draft = await created('/api/news', { title: unique('Borrador') });
    const scheduled = await created('/api/news', {
      title: unique('Programada'),
      status: 'scheduled',
      published_at: new Date(Date.now() + 3_600_000).toISOString(),
    });

    const list = await get('/news?per_page=50');
    expect(list.status, list.text).toBe(200);
    expect(list.headers.get('set-cookie')).toBeNull();
    expect(list.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const parsed = shaped(PublicNewsList, list.body);
    const slugs = parsed.data.map((item) => item.slug);
    expect(slugs).toContain(older.slug);
    expect(slugs.indexOf(newer.slug)).toBeLessThan(slugs.indexOf(older.slug));
    expect(slugs).not.toContain(draft.slug);
    expect(slugs).not.toContain(scheduled.slug);
    const item = list.body.data.find((entry: { slug: string }) => entry.slug === older.slug);
    expect(Object.keys(item).sort()).toEqual(
      [
        'categories',
        'cover',
        'excerpt',
        'featured',
        'published_at',
        'slug',
        'subtitle',
        'title',
        'updated_at',
        'url',
      ].sort(),
    );
    expect(item).toMatchObject({
      subtitle: 'El subtítulo',
      excerpt: 'La entradilla',
      published_at: '2020-01-01T10:00:00.000Z',
      featured: true,
      url: `https://www.example.org/noticias/${older.slug}`,
      categories: [
        { slug: child.slug, name: child.name, color: child.color },
        { slug: parent.slug, name: parent.name, color: parent.color },
      ],
    });
    expect(item.cover).toEqual({
      url: cover.url,
      width: 1600,
      height: 900,
      alt: 'Portada',
      mime_type: 'image/jpeg',
      variants: {
        thumbnail: {
          url: cover.variants.thumbnail.url,
          width: cover.variants.thumbnail.width,
          height: cover.variants.thumbnail.height,
        },
        medium: {
          url: cover.variants.medium.url,
          width: cover.variants.medium.width,
          height: cover.variants.medium.height,
        },
      },
    });
    // Never an author, an uploader, an original file name, a checksum, or anybody's email.
    const one = await get(`/news/${older.slug}`);
    shaped(PublicNewsOne, one.body);
    for (const text of [list.text, one.text]) {
      expect(text).not.toContain(adminUser.email);
      expect(text).not.toMatch(/portada\.jpg|checksum|original_name|uploaded_by|author|"id"/);
    }
  });

  test('the management API gives a public item the address the public API gives it, and a draft none', async () => {
    const item = await news({ title: unique('Pleno de noviembre') });
    const publicOne = await get(`/news/${item.slug}`);
    expect(publicOne.status, publicOne.text).toBe(200);
    expect(item.public_url).toBe(`https://www.example.org/noticias/${item.slug}`);
    expect(item.public_url).toBe(publicOne.body.data.url);
    // Back to a draft: no longer on the website, no address; the list reads the same.
    const drafted = await admin.patch(`/api/news/${item.slug}`, {
      status: 'draft',
      updated_at: item.updated_at,
    });
    expect(drafted.status, drafted.text).toBe(200);
    expect(drafted.body.data.public_url).toBeNull();
    const page = await created('/api/pages', { title: unique('Aviso legal'), status: 'published' });
    expect(page.public_url).toBe(`https://www.example.org/${page.slug}`);
    const listed = await admin.get(`/api/pages?search=${encodeURIComponent(page.title)}`);
    expect(listed.body.data.find((each: { id: number }) => each.id === page.id)?.public_url).toBe(
      page.public_url,
    );
  });

  test('a draft, a future item, an inactive record and a missing one all answer the same 404', async () => {
    const draft = await created('/api/news', { title: unique('Oculta') });
    const future = await created('/api/news', {
      title: unique('Futura'),
      status: 'scheduled',
      published_at: new Date(Date.now() + 3_600_000).toISOString(),
    });
    const draftPage = await created('/api/pages', { title: unique('Página oculta') });
    const inactiveEntity = await created('/api/entities', {
      name: unique('Inactiva'),
      type: 'empresa',
      active: false,
    });
    const activeEntity = await created('/api/entities', { name: unique('Activa'), type: 'empresa' });
    const inactiveSpace = await created('/api/spaces', { name: unique('Cerrado'), active: false });
    const orphaned = await created('/api/spaces', { name: unique('De inactiva'), entity: inactiveEntity.id });
    const answers = await Promise.all([
      get(`/news/${draft.slug}`),
      get(`/news/${future.slug}`),
      get('/news/no-existe'),
      get('/news/NO_ES_UN_SLUG'),
      get(`/pages/${draftPage.slug}`),
      get('/pages/no-existe'),
      get('/categories/no-existe'),
      get(`/entities/${inactiveEntity.slug}`),
      get('/entities/no-existe'),
      get(`/spaces/${inactiveSpace.slug}`),
      get(`/spaces/${orphaned.slug}`),
      get('/spaces/no-existe'),
    ]);
    for (const answer of answers) {
      expect(answer.status).toBe(404);
      expect(answer.text).toBe(NOT_FOUND);
      expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(answer.headers.get('set-cookie')).toBeNull();
    }
    const [first, ...rest] = answers;
    const headersOf = (answer: typeof first) =>
      [...answer!.headers.entries()].filter(([name]) => !['date', 'etag', 'age'].includes(name));
    for (const answer of rest) expect(headersOf(answer)).toEqual(headersOf(first));
    expect((await get(`/entities/${activeEntity.slug}`)).status).toBe(200);
  });

  test('a scheduled item appears when its time comes, with no write', async () => {
    const soon = await created('/api/news', {
      title: unique('Pronto'),
      status: 'scheduled',
      published_at: new Date(Date.now() + 2_000).toISOString(),
    });
    expect((await get(`/news/${soon.slug}`)).status).toBe(404);
    expect(
      (await get('/news?per_page=50')).body.data.map((item: { slug: string }) => item.slug),
    ).not.toContain(soon.slug);
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    const shown = await get(`/news/${soon.slug}`);
    expect(shown.status, shown.text).toBe(200);
    expect(shown.body.data.published_at).toBe(new Date(soon.published_at).toISOString());
    expect((await get('/news?per_page=50')).body.data.map((item: { slug: string }) => item.slug)).toContain(
      soon.slug,
    );
  });

  test('an item withdrawn by its date leaves the list, the item, the feed and the count at its time, with no write; its ETag changes', async () => {
    const until = new Date(Date.now() + 2_500).toISOString();
    const offer = await news({ title: unique('Oferta de empleo'), unpublish_at: until });
    expect(offer.unpublish_at).toBe(until);
    const page = await created('/api/pages', {
      title: unique('Consulta pública'),
      status: 'published',
      unpublish_at: until,
    });
    // Refused in Spanish: a date already past, or before the publication.
    const past = await admin.post('/api/news', {
      title: unique('Pasada'),
      status: 'published',
      unpublish_at: new Date(Date.now() - 60_000).toISOString(),
    });
    expect(past.status).toBe(422);
    expect(past.body.errors.unpublish_at).toEqual([
      'La fecha de retirada debe ser posterior a este momento.',
    ]);
    const before = await admin.post('/api/news', {
      title: unique('Al revés'),
      status: 'scheduled',
      published_at: new Date(Date.now() + 3_600_000).toISOString(),
      unpublish_at: new Date(Date.now() + 60_000).toISOString(),
    });
    expect(before.status).toBe(422);
    expect(before.body.errors.unpublish_at).toEqual([
      'La retirada debe ser posterior a la fecha de publicación.',
    ]);

    const shown = await get(`/news/${offer.slug}`);
    expect(shown.status).toBe(200);
    const list = await get('/news?per_page=50');
    const listTag = list.headers.get('etag');
    const total = list.body.meta.total;
    expect(list.body.data.map((item: { slug: string }) => item.slug)).toContain(offer.slug);
    expect((await get(`/pages/${page.slug}`)).status).toBe(200);
    expect((await get('/rss/news.xml')).text).toContain(offer.slug);
    expect((await get('/sitemap.xml')).text).toContain(offer.slug);

    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect((await get(`/news/${offer.slug}`)).status).toBe(404);
    expect((await get(`/pages/${page.slug}`)).status).toBe(404);
    const after = await get('/news?per_page=50');
    expect(after.body.data.map((item: { slug: string }) => item.slug)).not.toContain(offer.slug);
    expect(after.body.meta.total).toBe(total - 1);
    expect(after.headers.get('etag')).not.toBe(listTag);
    expect((await get('/news?per_page=50', { 'If-None-Match': listTag! })).status).toBe(200);
    expect((await get('/rss/news.xml')).text).not.toContain(offer.slug);
    expect((await get('/sitemap.xml')).text).not.toContain(offer.slug);
    // The management API still has it, with no address on the website.
    const kept = await admin.get(`/api/news/${offer.id}`);
    expect(kept.body.data).toMatchObject({ status: 'published', public_url: null });
    // Republishing it takes a new date, or none.
    const again = await admin.put(`/api/news/${offer.id}`, {
      status: 'draft',
      updated_at: kept.body.data.updated_at,
    });
    const republished = await admin.put(`/api/news/${offer.id}`, {
      status: 'published',
      updated_at: again.body.data.updated_at,
    });
    expect(republished.status).toBe(422);
    expect(republished.body.errors.unpublish_at).toEqual([
      'La fecha de retirada debe ser posterior a este momento.',
    ]);
    const cleared = await admin.put(`/api/news/${offer.id}`, {
      status: 'published',
      unpublish_at: null,
      updated_at: again.body.data.updated_at,
    });
    expect(cleared.status, cleared.text).toBe(200);
    expect((await get(`/news/${offer.slug}`)).status).toBe(200);
  });

  test('news filters: a category with its subcategories, featured, Spanish full-text search', async () => {
    const top = await created('/api/categories', { name: unique('Cultura') });
    const sub = await created('/api/categories', { name: unique('Teatro'), parent: top.slug });
    const other = await created('/api/categories', { name: unique('Otra') });
    const inTop = await news({ categories: [top.slug], title: unique('Concierto de primavera') });
    const inSub = await news({ categories: [sub.slug], featured: true, title: unique('Estreno teatral') });
    await news({ categories: [other.slug] });
    await created('/api/news', { title: unique('Borrador de cultura'), categories: [top.slug] });

    const byTop = await get(`/news?category=${top.slug}`);
    expect(byTop.body.data.map((item: { slug: string }) => item.slug).sort()).toEqual(
      [inTop.slug, inSub.slug].sort(),
    );
    expect(byTop.body.meta.total).toBe(2);
    const bySub = await get(`/news?category=${sub.slug}`);
    expect(bySub.body.data.map((item: { slug: string }) => item.slug)).toEqual([inSub.slug]);
    expect((await get('/news?category=no-existe')).body.data).toEqual([]);
    const featured = await get(`/news?category=${top.slug}&featured=1`);
    expect(featured.body.data.map((item: { slug: string }) => item.slug)).toEqual([inSub.slug]);
    const notFeatured = await get(`/news?category=${top.slug}&featured=0`);
    expect(notFeatured.body.data.map((item: { slug: string }) => item.slug)).toEqual([inTop.slug]);

    const election = await news({ title: unique('Elección del consejo'), excerpt: 'Resultados' });
    await news({
      title: unique('Otra cosa'),
      body: '<p>Habrá elecciones y más elecciones en la elección</p>',
    });
    const found = await get(`/news?search=${encodeURIComponent('ELECCIONES consejo')}`);
    expect(found.status, found.text).toBe(200);
    expect(found.body.data.map((item: { slug: string }) => item.slug)).toEqual([election.slug]);
    const ranked = await get(`/news?search=eleccion`);
    expect(ranked.body.data[0].slug).toBe(election.slug);
    expect(ranked.body.data.length).toBe(2);
  });

  test('pagination: Laravel shape under /api/public/v1, per_page 1–50, and Spanish 422s', async () => {
    for (let i = 0; i < 3; i++) await news({ published_at: `2019-0${i + 1}-01T00:00:00Z` });
    const total = (await get('/news')).body.meta.total as number;
    // The unfiltered total comes from a kept count (migration 0018) plus scheduled items whose time
    // came (one is left from the test above): it must equal a plain count of what reads published.
    const [counted] = await server.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM news
        WHERE (CASE WHEN status = 'scheduled' AND published_at <= now() THEN 'published' ELSE status END) = 'published'`,
    );
    expect(total).toBe(counted!.n);
    const [pastScheduled] = await server.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM news WHERE status = 'scheduled' AND published_at <= now()`,
    );
    expect(pastScheduled!.n).toBeGreaterThan(0);
    const [removable] = await server.database.query<{ id: number }>(
      `SELECT id FROM news WHERE status = 'published' ORDER BY id DESC LIMIT 1`,
    );
    expect((await admin.delete(`/api/news/${removable!.id}`)).status).toBe(204);
    expect((await get('/news')).body.meta.total).toBe(total - 1);
    await news({ published_at: '2018-01-01T00:00:00Z' });
    const page = await get('/news?per_page=1&page=2&featured=0');
    expect(page.status).toBe(200);
    shaped(PublicNewsList, page.body);
    expect(page.body.data).toHaveLength(1);
    expect(page.body.meta).toMatchObject({
      current_page: 2,
      per_page: 1,
      from: 2,
      to: 2,
      path: `${server.url}${API}/news`,
    });
    expect(page.body.links.prev).toBe(`${server.url}${API}/news?per_page=1&page=1&featured=0`);
    expect(page.body.links.next).toBe(`${server.url}${API}/news?per_page=1&page=3&featured=0`);
    expect((await get('/news')).body.meta.per_page).toBe(15);
    expect((await get('/news?per_page=50')).body.meta.per_page).toBe(50);
    const beyond = await get(`/news?page=${total + 10}`);
    expect(beyond.status).toBe(200);
    expect(beyond.body.data).toEqual([]);
    expect(beyond.body.meta.total).toBe(total);

    const refused: Array<[string, string, string]> = [
      ['/news?page=0', 'page', 'El parámetro page debe ser un número entero mayor que cero.'],
      ['/news?page=abc', 'page', 'El parámetro page debe ser un número entero mayor que cero.'],
      ['/news?per_page=51', 'per_page', 'El parámetro per_page debe ser un número entero entre 1 y 50.'],
      ['/news?per_page=0', 'per_page', 'El parámetro per_page debe ser un número entero entre 1 y 50.'],
      ['/pages?per_page=-1', 'per_page', 'El parámetro per_page debe ser un número entero entre 1 y 50.'],
      ['/categories?page=1.5', 'page', 'El parámetro page debe ser un número entero mayor que cero.'],
      [
        '/news?featured=si',
        'featured',
        'El parámetro featured solo admite 1 (destacadas) o 0 (no destacadas).',
      ],
      ['/news?category=No%20vale', 'category', 'El parámetro category debe ser el slug de una categoría.'],
      [
        '/entities?type=banco',
        'type',
        'El parámetro type debe ser uno de estos valores: ayuntamiento, administracion, asociacion, fundacion, empresa, otra.',
      ],
      ['/spaces?entity=A_B', 'entity', 'El parámetro entity debe ser el slug de una entidad.'],
      ['/news?search=%00', 'search', 'El parámetro search contiene caracteres no válidos.'],
      ['/news?page=1&page=2', 'page', 'El parámetro page debe ser un número entero mayor que cero.'],
    ];
    for (const [path, field, message] of refused) {
      const answer = await get(path);
      expect(answer.status, path).toBe(422);
      expect(answer.body, path).toEqual({ message, errors: { [field]: [message] } });
    }
  });

  test('pages by title; categories by path with their parent, path and count of public news', async () => {
    const b = await created('/api/pages', {
      title: unique('Beta'),
      status: 'published',
      body: '<p>Texto</p>',
    });
    const a = await created('/api/pages', { title: unique('Álamo'), status: 'published' });
    const hidden = await created('/api/pages', { title: unique('Alfa oculta') });
    const pages = await get('/pages?per_page=50');
    shaped(PublicPageList, pages.body);
    const titles = pages.body.data.map((page: { slug: string }) => page.slug);
    expect(titles.indexOf(a.slug)).toBeLessThan(titles.indexOf(b.slug));
    expect(titles).not.toContain(hidden.slug);
    const page = await get(`/pages/${b.slug}`);
    shaped(PublicPageOne, page.body);
    expect(page.body.data).toEqual({
      slug: b.slug,
      title: b.title,
      published_at: new Date(b.published_at).toISOString(),
      updated_at: new Date(b.updated_at).toISOString(),
      url: `https://www.example.org/${b.slug}`,
      body: '<p>Texto</p>',
    });

    const root = await created('/api/categories', { name: unique('Zeta raíz'), description: 'Raíz' });
    const leaf = await created('/api/categories', { name: unique('Hoja'), parent: root.slug });
    await news({ categories: [leaf.slug] });
    await created('/api/news', { title: unique('No cuenta'), categories: [leaf.slug] });
    const categories = await get('/categories?per_page=50');
    shaped(PublicCategoryList, categories.body);
    const paths = categories.body.data.map((category: { path: string }) => category.path);
    expect([...paths].sort((x: string, y: string) => x.localeCompare(y, 'es'))).toEqual(paths);
    const one = await get(`/categories/${leaf.slug}`);
    expect(one.body.data).toEqual({
      slug: leaf.slug,
      name: leaf.name,
      description: null,
      color: leaf.color,
      parent: root.slug,
      path: `${root.name} › ${leaf.name}`,
      news_count: 1,
      image: null,
      url: `https://www.example.org/temas/${leaf.slug}`,
    });
  });

  test('a field made public by its one line in the field table (a category’s image) is in the answer and the document', async () => {
    const image = await upload('tema.jpg', await picture(600, 300));
    const category = await created('/api/categories', { name: unique('Con imagen'), image: image.id });
    const one = await get(`/categories/${category.slug}`);
    shaped(PublicCategoryOne, one.body);
    expect(one.body.data.image).toMatchObject({
      url: image.url,
      width: 600,
      height: 300,
      mime_type: 'image/jpeg',
    });
    const document = await get('/openapi.json');
    expect(document.body.components.schemas.PublicCategory.properties.image).toEqual({
      anyOf: [{ $ref: '#/components/schemas/PublicMedia' }, { type: 'null' }],
      description: 'Imagen, o null.',
    });
    expect(document.body.components.schemas.PublicCategory.required).toContain('image');
  });

  test('slides: the active ones now, in position order; entities and spaces: active, filtered, counted', async () => {
    const image = await upload('diapositiva.jpg', await picture(800, 400));
    const hour = 3_600_000;
    const shown1 = await created('/api/slides', { title: unique('Primera'), image: image.id });
    await created('/api/slides', { title: unique('Apagada'), image: image.id, active: false });
    await created('/api/slides', {
      title: unique('Futura'),
      image: image.id,
      starts_at: new Date(Date.now() + hour).toISOString(),
    });
    await created('/api/slides', {
      title: unique('Pasada'),
      image: image.id,
      starts_at: new Date(Date.now() - 2 * hour).toISOString(),
      ends_at: new Date(Date.now() - hour).toISOString(),
    });
    const shown2 = await created('/api/slides', {
      title: unique('Segunda'),
      subtitle: 'Sub',
      image: image.id,
      link_url: 'https://www.example.org/x',
      link_label: 'Ver el programa',
      ends_at: new Date(Date.now() + hour).toISOString(),
    });
    const slides = await get('/slides');
    shaped(PublicSlideList, slides.body);
    expect(slides.body.data.map((slide: { title: string }) => slide.title)).toEqual([
      shown1.title,
      shown2.title,
    ]);
    expect(slides.body.data[1]).toMatchObject({
      subtitle: 'Sub',
      link_url: 'https://www.example.org/x',
      link_label: 'Ver el programa',
      position: shown2.position,
    });

    const logo = await upload('logo.jpg', await picture(200, 200));
    const town = await created('/api/entities', {
      name: unique('Ayuntamiento de Prueba'),
      type: 'ayuntamiento',
      email: 'info@ayto.example',
      tax_id: 'P2807900B',
      logo: logo.id,
    });
    const club = await created('/api/entities', { name: unique('Club'), type: 'asociacion' });
    const g1 = await upload('sala1.jpg', await picture(300, 200, '#102030'));
    const g2 = await upload('sala2.jpg', await picture(300, 200, '#304050'));
    const hall = await created('/api/spaces', {
      name: unique('Sala grande'),
      entity: town.id,
      capacity: 120,
      images: [g2.id, g1.id],
    });
    await created('/api/spaces', { name: unique('Sala cerrada'), entity: town.id, active: false });
    const free = await created('/api/spaces', { name: unique('Plaza libre') });

    const entities = await get('/entities?type=ayuntamiento&per_page=50');
    shaped(PublicEntityList, entities.body);
    expect(entities.body.data.map((entity: { slug: string }) => entity.slug)).toContain(town.slug);
    expect(entities.body.data.map((entity: { slug: string }) => entity.slug)).not.toContain(club.slug);
    const one = await get(`/entities/${town.slug}`);
    shaped(PublicEntityOne, one.body);
    expect(one.body.data).toMatchObject({
      email: 'info@ayto.example',
      spaces_count: 1,
      type: 'ayuntamiento',
    });
    expect(one.text).not.toContain('P2807900B');
    expect(one.body.data.logo.url).toBe(logo.url);

    const spaces = await get(`/spaces?entity=${town.slug}`);
    shaped(PublicSpaceList, spaces.body);
    expect(spaces.body.data.map((space: { slug: string }) => space.slug)).toEqual([hall.slug]);
    const space = await get(`/spaces/${hall.slug}`);
    shaped(PublicSpaceOne, space.body);
    expect(space.body.data).toMatchObject({
      capacity: 120,
      entity: { slug: town.slug, name: town.name },
      url: `https://www.example.org/espacios/${hall.slug}`,
    });
    expect(space.body.data.images.map((image: { url: string }) => image.url)).toEqual([g2.url, g1.url]);
    expect((await get(`/spaces/${free.slug}`)).body.data.entity).toBeNull();

    // An entity switched off takes its spaces with it.
    await admin.patch(`/api/entities/${town.id}`, { active: false, updated_at: town.updated_at });
    expect((await get(`/spaces/${hall.slug}`)).text).toBe(NOT_FOUND);
    expect((await get(`/spaces?entity=${town.slug}`)).body.data).toEqual([]);
  });

  test("a body's library image points at the current file after a replace", async () => {
    const photo = await upload('antes.jpg', await picture(400, 300));
    const item = await news({ body: `<p>Foto</p><img data-media-id="${photo.id}" alt="Antes">` });
    const before = await get(`/news/${item.slug}`);
    expect(before.body.data.body).toContain(`src="${photo.url}"`);
    expect(before.body.data.body).toContain('width="400" height="300"');
    expect(before.body.data.body).toContain('srcset=');
    const replaced = await admin.upload(
      `/api/multimedia/${photo.id}/file`,
      { name: 'despues.jpg', bytes: await picture(500, 250, '#20a040') },
      {},
      'PUT',
    );
    expect(replaced.status, replaced.text).toBe(200);
    const after = await get(`/news/${item.slug}`);
    expect(after.body.data.body).toContain(`src="${replaced.body.data.url}"`);
    expect(after.body.data.body).toContain('width="500" height="250"');
    expect(after.body.data.body).not.toContain(photo.url);
  });

  test('no cookie is read or set, even for a signed-in browser; the admin no-store is not forced', async () => {
    const withSession = await admin.get(`${API}/news`);
    expect(withSession.status).toBe(200);
    expect(withSession.setCookies).toEqual([]);
    const plain = await get('/categories');
    expect(plain.headers.get('set-cookie')).toBeNull();
    expect(plain.headers.get('cache-control')).not.toBe('no-store');
    const head = await fetch(`${server.url}${API}/news`, { method: 'HEAD' });
    expect(head.status).toBe(200);
  });
});

describe.each(testDatabases())('public read API without website templates (%s)', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(() => server?.close());

  test('every url is null', async () => {
    const { client: admin } = await server.signIn({ roles: ['admin'] });
    const item = await admin.post('/api/news', { title: 'Sin web', status: 'published' });
    const category = await admin.post('/api/categories', { name: 'Sin web' });
    for (const path of [`/news/${item.body.data.slug}`, `/categories/${category.body.data.slug}`]) {
      const answer = await fetch(`${server.url}${API}${path}`);
      expect(((await answer.json()) as { data: { url: unknown } }).data.url).toBeNull();
    }
  });
});
