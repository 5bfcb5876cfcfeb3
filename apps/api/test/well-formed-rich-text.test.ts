import { afterEach, describe, expect, test } from 'vitest';
import { migrate } from '../src/db/migrate';
import { name as mendingMigration } from '../src/db/migrations/0033-well-formed-rich-text';
import { MIGRATIONS } from '../src/db/migrations/index';
import {
  openTestDatabase,
  startTestServer,
  type TestDatabase,
  type TestServer,
  testDatabases,
} from './support';

// Issue 29: a link with no href (or a refused one) used to leave the next list open, stored as
// `</gestor-unwrap>`, and the public API served it. A body is now stored well-formed, and migration
// 0033 mends the bodies stored before.

const PASTED =
  '<p><a>Bases</a> y <a href="javascript:void(0)">anexo</a></p><ul><li>Plazo</li></ul><p>Después</p>';
const STORED = '<p>Bases y anexo</p><ul><li>Plazo</li></ul><p>Después</p>';

describe.each(testDatabases())('well-formed rich text (%s)', (engine) => {
  let server: TestServer | undefined;
  let db: TestDatabase | undefined;
  afterEach(async () => {
    await server?.close();
    await db?.drop();
    server = undefined;
    db = undefined;
  });

  test('a pasted link without href before a list: stored and published with the list closed', async () => {
    server = await startTestServer(engine);
    const { client: admin } = await server.signIn({ roles: ['admin'] });
    const news = await admin.post('/api/news', { title: 'Ayudas', status: 'published', body: PASTED });
    expect(news.status, news.text).toBe(201);
    expect(news.body.data.body).toBe(STORED);
    const page = await admin.post('/api/pages', { title: 'Ayudas', status: 'published', body: PASTED });
    expect(page.status, page.text).toBe(201);
    expect(page.body.data.body).toBe(STORED);

    const reader = server.client({ origin: null });
    const published = await reader.get(`/api/public/v1/news/${news.body.data.slug}`);
    expect(published.status).toBe(200);
    expect(published.body.data.body).toBe(STORED);
    const publishedPage = await reader.get(`/api/public/v1/pages/${page.body.data.slug}`);
    expect(publishedPage.body.data.body).toBe(STORED);
    expect(published.text).not.toContain('gestor-');
  }, 120_000);

  test('migration 0033 mends the bodies stored before, news and pages, and leaves good ones alone', async () => {
    db = await openTestDatabase(engine);
    const { database } = db;
    await migrate(
      database,
      MIGRATIONS.filter((migration) => migration.name !== mendingMigration),
    );
    // As the old sanitizer stored `<a>Bases</a><ul><li>Plazo</li></ul><p>Después</p>` and the like.
    const broken = '<p>Bases y anexo</p><ul><li>Plazo</li></gestor-unwrap><p>Después</p>';
    const nested =
      'Bases<table><tr><td><ol><li>a</li></gestor-unwrap></td></tr></table><p>b<br /><img src="https://i.example/a.png" alt="" /></p>';
    const good =
      '<p>Bien <a href="https://a.example" target="_blank" rel="noopener noreferrer">enlace</a></p>';
    const image =
      '<p>Foto</p><img data-media-id="7" alt="Pleno" /><img src="https://i.example/a.png" alt="" width="640" />';
    const rows = [
      ['rota', broken],
      ['anidada', nested],
      ['bien', good],
      ['tabla', '<table><tr><td>x</td></tr></table>'],
      ['imagen', image],
    ];
    // More rows than a batch of the migration, so the batches are seen through.
    for (let index = 0; index < 210; index++) rows.push([`relleno-${index}`, `<p>${index}</p>`]);
    for (const [slug, body] of rows) {
      await database.query(
        `INSERT INTO news (title, slug, body, updated_at) VALUES ($1, $1, $2, '2025-01-02T03:04:05Z')`,
        [slug, body],
      );
    }
    await database.query(
      `INSERT INTO pages (title, slug, body, deleted_at) VALUES ('Rota', 'pagina-rota', $1, now())`,
      [broken],
    );

    expect(await migrate(database)).toEqual([mendingMigration]);
    const news = Object.fromEntries(
      (
        await database.query<{ slug: string; body: string; updated_at: Date | string }>(
          'SELECT slug, body, updated_at FROM news',
        )
      ).map((row) => [row.slug, row]),
    );
    expect(news.rota!.body).toBe('<p>Bases y anexo</p><ul><li>Plazo</li></ul><p>Después</p>');
    expect(news.anidada!.body).toBe(
      'Bases<table><tbody><tr><td><ol><li>a</li></ol></td></tr></tbody></table><p>b<br /><img src="https://i.example/a.png" alt="" /></p>',
    );
    expect(news.bien!.body).toBe(good);
    expect(news.tabla!.body).toBe('<table><tbody><tr><td>x</td></tr></tbody></table>');
    expect(news.imagen!.body).toBe(image);
    expect(news['relleno-209']!.body).toBe('<p>209</p>');
    // Mending is no one's edit: an open editor's copy is still current.
    expect(new Date(news.rota!.updated_at).toISOString()).toBe('2025-01-02T03:04:05.000Z');
    const [page] = await database.query<{ body: string }>(
      `SELECT body FROM pages WHERE slug = 'pagina-rota'`,
    );
    expect(page!.body).toBe('<p>Bases y anexo</p><ul><li>Plazo</li></ul><p>Después</p>');
  }, 120_000);
});
