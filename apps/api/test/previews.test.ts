import { PreviewLink, PublicPreview } from '@gestor/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { previewTokens } from '../src/modules/public/preview-tokens';
import { startTestServer, type TestClient, type TestServer, testDatabases } from './support';

// docs/public-api.md#previews-of-drafts: the admin API signs a link; the public API shows the draft as
// /news/{slug} would, uncached and unindexed, while the token is valid and the record exists.

const API = '/api/public/v1';
const NOT_FOUND = '{"message":"No encontrado."}';

describe.each(testDatabases())('previews (%s)', (engine) => {
  let server: TestServer;
  let admin: TestClient;

  beforeAll(async () => {
    server = await startTestServer(engine, {
      PUBLIC_PREVIEW_URL: 'https://www.example.org/vista-previa?token={token}',
      PREVIEW_TTL_MINUTES: '30',
    });
    ({ client: admin } = await server.signIn({ roles: ['admin'] }));
  });
  afterAll(() => server?.close());

  const preview = async (token: string) => {
    const response = await fetch(`${server.url}${API}/preview/${encodeURIComponent(token)}`);
    return { status: response.status, headers: response.headers, text: await response.text() };
  };

  test("a draft's preview shows it as /news/{slug} would, uncached and unindexed", async () => {
    const draft = await admin.post('/api/news', {
      title: 'Borrador secreto',
      subtitle: 'Un subtítulo que la vista previa muestra',
      excerpt: 'Aún no',
      body: '<p>Texto del borrador</p>',
    });
    expect(draft.status, draft.text).toBe(201);
    const before = Date.now();
    const link = await admin.post(`/api/news/${draft.body.data.id}/preview`);
    expect(link.status, link.text).toBe(201);
    expect(PreviewLink.safeParse(link.body).success).toBe(true);
    const { token, url, expires_at } = link.body.data;
    expect(url).toBe(`https://www.example.org/vista-previa?token=${token}`);
    const ttl = Date.parse(expires_at) - before;
    expect(ttl).toBeGreaterThan(29 * 60_000);
    expect(ttl).toBeLessThanOrEqual(30 * 60_000 + 1_000);

    const shown = await preview(token);
    expect(shown.status, shown.text).toBe(200);
    expect(shown.headers.get('cache-control')).toBe('no-store');
    expect(shown.headers.get('x-robots-tag')).toBe('noindex');
    expect(shown.headers.get('set-cookie')).toBeNull();
    const body = JSON.parse(shown.text);
    expect(PublicPreview.safeParse(body).error?.issues ?? []).toEqual([]);
    expect(body.meta).toEqual({ area: 'news', expires_at: new Date(Date.parse(expires_at)).toISOString() });
    expect(body.data).toMatchObject({
      slug: draft.body.data.slug,
      title: 'Borrador secreto',
      subtitle: 'Un subtítulo que la vista previa muestra',
      excerpt: 'Aún no',
      published_at: null,
      body: '<p>Texto del borrador</p>',
      url: null,
    });
    // The draft itself stays hidden.
    expect((await fetch(`${server.url}${API}/news/${draft.body.data.slug}`)).status).toBe(404);

    // By slug too, as /api/news/{slug} reads.
    const bySlug = await admin.post(`/api/news/${draft.body.data.slug}/preview`);
    expect(bySlug.status).toBe(201);
  });

  test("a page's preview; bad, altered, expired tokens and deleted records answer the same 404", async () => {
    const page = await admin.post('/api/pages', { title: 'Página en obras' });
    const link = await admin.post(`/api/pages/${page.body.data.id}/preview`);
    expect(link.status, link.text).toBe(201);
    const { token } = link.body.data;
    const shown = await preview(token);
    expect(shown.status).toBe(200);
    expect(JSON.parse(shown.text)).toMatchObject({
      data: { title: 'Página en obras' },
      meta: { area: 'page' },
    });

    const [area, id, expires, signature] = token.split('.');
    const tokens = previewTokens(server.config.appKey);
    const other = await admin.post('/api/pages', { title: 'Otra' });
    const refused = [
      'nada',
      `${area}.${other.body.data.id}.${expires}.${signature}`,
      `news.${id}.${expires}.${signature}`,
      `${area}.${id}.${Number(expires) + 3600}.${signature}`,
      `${area}.${id}.${expires}.${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`,
      // Signed with this key, but expired a moment ago.
      tokens.issue('page', page.body.data.id, 1, Date.now() - 61_000).token,
      // Well formed and unexpired, signed with another key.
      previewTokens(Buffer.alloc(32, 7)).issue('page', page.body.data.id, 60).token,
    ];
    for (const bad of refused) {
      const answer = await preview(bad);
      expect(answer.status, bad).toBe(404);
      expect(answer.text).toBe(NOT_FOUND);
      expect(answer.headers.get('cache-control')).toBe('no-store');
    }
    // A token of this key that has not expired is accepted: the refusal above is the time's.
    expect((await preview(tokens.issue('page', page.body.data.id, 1).token)).status).toBe(200);

    const removed = await admin.delete(`/api/pages/${page.body.data.id}`);
    expect(removed.status, removed.text).toBe(204);
    const gone = await preview(token);
    expect(gone.status).toBe(404);
    expect(gone.text).toBe(NOT_FOUND);
  });

  test('creating a link needs a session, the CSRF token and the view permission; a missing record is a 404', async () => {
    const item = await admin.post('/api/news', { title: 'Para permisos' });
    const id = item.body.data.id;
    expect((await admin.post('/api/news/999999/preview')).status).toBe(404);
    expect((await admin.post('/api/pages/999999/preview')).status).toBe(404);

    const guest = server.client();
    await guest.csrf();
    expect((await guest.post(`/api/news/${id}/preview`)).status).toBe(401);

    const role = await admin.post('/api/roles', {
      name: 'sin-noticias',
      label: 'Sin noticias',
      permissions: ['page.view'],
    });
    expect(role.status, role.text).toBe(201);
    const { client: member } = await server.signIn({ roles: ['sin-noticias'] });
    expect((await member.post(`/api/news/${id}/preview`)).status).toBe(403);
    const page = await admin.post('/api/pages', { title: 'Visible' });
    expect((await member.post(`/api/pages/${page.body.data.id}/preview`)).status).toBe(201);

    // Without the X-XSRF-TOKEN header the session's write is refused (419), as every admin write.
    const noCsrf = await admin.post(`/api/news/${id}/preview`, undefined, {
      headers: { 'X-XSRF-TOKEN': null },
    });
    expect(noCsrf.status).toBe(419);
  });

  test('a record in the trash gets no link: a 404 by id and by slug, news and pages alike', async () => {
    for (const path of ['news', 'pages'] as const) {
      const record = await admin.post(`/api/${path}`, { title: `En la papelera ${path}` });
      expect(record.status, record.text).toBe(201);
      const { id, slug } = record.body.data;
      expect((await admin.delete(`/api/${path}/${id}`)).status).toBe(204);
      expect((await admin.get(`/api/${path}/${id}`)).status, path).toBe(404);
      for (const key of [id, slug]) {
        const link = await admin.post(`/api/${path}/${key}/preview`);
        expect(link.status, `${path}/${key}`).toBe(404);
        expect(link.body.message, `${path}/${key}`).toBeTypeOf('string');
      }
    }
  });
});
