import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { migrate } from '../src/db/migrate';
import { MIGRATIONS } from '../src/db/migrations/index';
import {
  openTestDatabase,
  startTestServer,
  type TestClient,
  type TestServer,
  testDatabases,
} from './support';

// docs/areas.md#rules-shared-by-the-content-areas and "Media in use": bodies point at library images by id and read them with
// their files' current addresses, so a routine replace breaks no published body; every reference to
// the library says which kind of file it takes; usages name only what the person may view.

const pdf = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
);
const picture = (width: number, height: number, background = '#c04020') =>
  sharp({ create: { width, height, channels: 3, background } })
    .jpeg()
    .toBuffer();

describe.each(testDatabases())('media by identity (%s)', (engine) => {
  let server: TestServer;
  let admin: TestClient;
  let round = 0;
  const unique = (text: string) => `${text} ${++round}`;

  beforeAll(async () => {
    server = await startTestServer(engine);
    ({ client: admin } = await server.signIn({ roles: ['admin'] }));
  });
  afterAll(() => server?.close());

  const upload = (name: string, bytes: Buffer) => admin.uploadMedia(name, bytes);
  const replace = (id: number, name: string, bytes: Buffer) =>
    admin.upload(`/api/multimedia/${id}/file`, { name, bytes }, {}, 'PUT');
  const storedBody = async (id: number) =>
    (await server.database.query<{ body: string }>('SELECT body FROM news WHERE id = $1', [id]))[0]!.body;
  const usage = async (id: number) => (await admin.get(`/api/multimedia/${id}/usage`)).body.data;

  test('a body stores an image by id and reads it with its current address, sizes and srcset', async () => {
    const photo = await upload('plaza.jpg', await picture(2400, 1600));
    const created = await admin.post('/api/news', {
      title: unique('Con foto'),
      body: `<p>La plaza</p><img data-media-id="${photo.id}" src="https://otro.example/x.jpg" alt="La plaza" width="9">`,
    });
    expect(created.status, created.text).toBe(201);
    expect(await storedBody(created.body.data.id)).toBe(
      `<p>La plaza</p><img data-media-id="${photo.id}" alt="La plaza" />`,
    );
    const { medium, thumbnail } = photo.variants;
    expect(created.body.data.body).toBe(
      `<p>La plaza</p><img data-media-id="${photo.id}" src="${medium.url}" width="${medium.width}" ` +
        `height="${medium.height}" srcset="${thumbnail.url} ${thumbnail.width}w, ${medium.url} ${medium.width}w, ` +
        `${photo.url} 2400w" sizes="(max-width: ${medium.width}px) 100vw, ${medium.width}px" alt="La plaza" />`,
    );
    expect((await admin.get(`/api/news/${created.body.data.id}`)).body.data.body).toBe(
      created.body.data.body,
    );
    expect(await usage(photo.id)).toEqual([
      { area: 'news', id: created.body.data.id, title: created.body.data.title },
    ]);
  });

  test('an address of the library becomes its id; a missing id or file, or a document, is a 422 on body', async () => {
    const photo = await upload('fuente.jpg', await picture(300, 200));
    const document = await upload('bases.pdf', pdf);
    const byAddress = await admin.post('/api/news', {
      title: unique('Por dirección'),
      body: `<img src="${photo.variants.thumbnail.url}" alt="Fuente"><img src="https://fotos.example/a.jpg" alt="">`,
    });
    expect(byAddress.status, byAddress.text).toBe(201);
    expect(await storedBody(byAddress.body.data.id)).toBe(
      `<img data-media-id="${photo.id}" alt="Fuente" /><img src="https://fotos.example/a.jpg" alt="" />`,
    );
    const before = (await admin.get('/api/news?per_page=100')).body.meta.total;
    const refusals: Array<[string, string]> = [
      [
        `<img data-media-id="99999999" alt="">`,
        'La imagen n.º 99999999 no está en la biblioteca multimedia.',
      ],
      [
        `<img src="${photo.url.replace(/[^/]+$/, 'ffff0000ffff0000ffff0000ffff0000.jpg')}" alt="">`,
        'La imagen «ffff0000ffff0000ffff0000ffff0000.jpg» no está en la biblioteca multimedia.',
      ],
      [
        `<img data-media-id="${document.id}" alt="">`,
        '«bases.pdf» no es una imagen: el texto solo admite imágenes.',
      ],
      [`<img src="${document.url}" alt="">`, '«bases.pdf» no es una imagen: el texto solo admite imágenes.'],
    ];
    for (const [body, message] of refusals) {
      const refused = await admin.post('/api/news', { title: unique('Rechazada'), body });
      expect(refused.status, body).toBe(422);
      expect(refused.body.errors.body).toEqual([message]);
    }
    expect((await admin.get('/api/news?per_page=100')).body.meta.total).toBe(before);
    // The same rule on an update, and on pages.
    const page = await admin.post('/api/pages', { title: unique('Página') });
    const edited = await admin.patch(`/api/pages/${page.body.data.id}`, {
      body: `<img data-media-id="99999999" alt="">`,
      updated_at: page.body.data.updated_at,
    });
    expect(edited.status).toBe(422);
    expect(edited.body.errors.body).toEqual(['La imagen n.º 99999999 no está en la biblioteca multimedia.']);
  });

  test('replacing the file keeps every body showing it; other edits keep its usage', async () => {
    const photo = await upload('antes.jpg', await picture(300, 200));
    const news = (
      await admin.post('/api/news', {
        title: unique('Sustituida'),
        body: `<img data-media-id="${photo.id}" alt="Antes">`,
      })
    ).body.data;
    const replaced = await replace(photo.id, 'despues.jpg', await picture(320, 240, '#2040c0'));
    expect(replaced.status, replaced.text).toBe(200);
    const read = (await admin.get(`/api/news/${news.id}`)).body.data;
    expect(read.body).toContain(`src="${replaced.body.data.url}" width="320" height="240"`);
    expect(read.body).not.toContain(photo.url);
    expect((await fetch(replaced.body.data.url)).status).toBe(200);
    // An edit that does not send the body keeps what the body uses.
    const retitled = await admin.patch(`/api/news/${news.id}`, {
      title: unique('Retitulada'),
      updated_at: read.updated_at,
    });
    expect(retitled.status).toBe(200);
    expect(await usage(photo.id)).toEqual([{ area: 'news', id: news.id, title: retitled.body.data.title }]);
    expect((await admin.delete(`/api/multimedia/${photo.id}`)).status).toBe(422);
  });

  test('covers, logos, category and slide images and galleries take images only: create, update, replace', async () => {
    const photo = await upload('imagen.jpg', await picture(60, 40));
    const document = await upload('acta.pdf', pdf);
    const refusal = ['«acta.pdf» no es una imagen: elija una imagen.'];
    const entity = await admin.post('/api/entities', { name: unique('Entidad'), type: 'otra' });
    expect(entity.status, entity.text).toBe(201);
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ['/api/news', { title: unique('Portada'), cover: document.id }, 'cover'],
      ['/api/categories', { name: unique('Categoría'), image: document.id }, 'image'],
      ['/api/entities', { name: unique('Con logo'), type: 'otra', logo: document.id }, 'logo'],
      ['/api/slides', { title: unique('Diapositiva'), image: document.id }, 'image'],
      [
        '/api/spaces',
        { name: unique('Sala'), entity: entity.body.data.id, images: [photo.id, document.id] },
        'images',
      ],
    ];
    for (const [path, body, field] of cases) {
      const refused = await admin.post(path, body);
      expect(refused.status, `${path} ${refused.text}`).toBe(422);
      expect(refused.body.errors[field]).toEqual(refusal);
    }
    const category = (await admin.post('/api/categories', { name: unique('Con imagen'), image: photo.id }))
      .body.data;
    const update = await admin.patch(`/api/categories/${category.id}`, {
      image: document.id,
      updated_at: category.updated_at,
    });
    expect(update.status).toBe(422);
    expect(update.body.errors.image).toEqual(refusal);

    // Replacing an image in use by a document would break where it is shown: refused, nothing changes.
    const stale = await replace(photo.id, 'informe.pdf', pdf);
    expect(stale.status).toBe(422);
    expect(stale.body.errors.file).toEqual([
      `Este archivo se usa en Categorías «${category.name}», que solo admite imágenes: sustitúyalo por otra imagen.`,
    ]);
    const kept = (await admin.get(`/api/multimedia/${photo.id}`)).body.data;
    expect(kept).toMatchObject({ original_name: 'imagen.jpg', kind: 'image' });
    expect((await fetch(kept.url)).status).toBe(200);
    // An image used only in a body is held the same way; a document nobody uses may become anything.
    const inBody = await upload('cuerpo.jpg', await picture(50, 50));
    await admin.post('/api/news', {
      title: unique('Cuerpo'),
      body: `<img data-media-id="${inBody.id}" alt="">`,
    });
    expect((await replace(inBody.id, 'cuerpo.pdf', pdf)).status).toBe(422);
    expect((await replace(document.id, 'otra.pdf', pdf)).status).toBe(200);
    expect((await replace(document.id, 'ahora.jpg', await picture(30, 30))).status).toBe(200);
  });

  test('usages name the records of areas the person may view, and only count the others', async () => {
    const photo = await upload('secreta.jpg', await picture(40, 40));
    const draft = (
      await admin.post('/api/news', {
        title: 'Despidos en la concejalía',
        body: `<img data-media-id="${photo.id}" alt="">`,
      })
    ).body.data;
    const category = (await admin.post('/api/categories', { name: unique('Visible'), image: photo.id })).body
      .data;
    const role = await admin.post('/api/roles', {
      name: `biblioteca-${round}`,
      label: `Biblioteca ${round}`,
      permissions: ['multimedia.view', 'multimedia.delete', 'category.view'],
    });
    expect(role.status, role.text).toBe(201);
    const { client: librarian } = await server.signIn({ roles: [role.body.data.name] });
    const seen = await librarian.get(`/api/multimedia/${photo.id}/usage`);
    expect(seen.body.data).toEqual([
      { area: 'categories', id: category.id, title: category.name },
      { area: 'news', id: draft.id, title: null },
    ]);
    expect(seen.text).not.toContain('Despidos');
    const refused = await librarian.delete(`/api/multimedia/${photo.id}`);
    expect(refused.body.errors.ids).toEqual([
      `No se puede eliminar «secreta.jpg»: se usa en Categorías «${category.name}»; Noticias (un elemento que no puede ver).`,
    ]);
  });
});

describe.each(testDatabases())('bodies stored before ids (%s)', (engine) => {
  test('the migration turns library addresses into ids and leaves everything else', async () => {
    const opened = await openTestDatabase(engine);
    const { database } = opened;
    try {
      const before = MIGRATIONS.findIndex((migration) => migration.name === '0009-media-by-identity');
      await migrate(database, MIGRATIONS.slice(0, before));
      const [item] = await database.query<{ id: number }>(
        `INSERT INTO multimedia (file, original_name, mime_type, kind, size, checksum, variants, width, height)
         VALUES ('aa11.jpg', 'pleno.jpg', 'image/jpeg', 'image', 10, 'x',
                 '{"medium": {"file": "aa11-medium.webp", "width": 1280, "height": 853}}', 3000, 2000)
         RETURNING id`,
      );
      const body =
        '<p>Pleno</p><img src="http://localhost:8000/storage/media/aa11.jpg" alt="El &quot;pleno&quot;" width="640" height="480" />' +
        '<img src="https://cdn.example.org/media/aa11-medium.webp" alt="" />' +
        '<img src="https://fotos.example/otra.jpg" alt="Fuera" />' +
        '<img src="http://localhost:8000/storage/media/bb22.jpg" alt="Perdida" />';
      await database.query(`INSERT INTO news (title, slug, body) VALUES ('Pleno', 'pleno', $1)`, [body]);
      await database.query(`INSERT INTO pages (title, slug, body) VALUES ('Página', 'pagina-pleno', $1)`, [
        body,
      ]);
      await migrate(database);
      const expected =
        `<p>Pleno</p><img data-media-id="${item!.id}" alt="El &quot;pleno&quot;" />` +
        `<img data-media-id="${item!.id}" alt="" />` +
        '<img src="https://fotos.example/otra.jpg" alt="Fuera" />' +
        '<img src="http://localhost:8000/storage/media/bb22.jpg" alt="Perdida" />';
      expect(
        (await database.query<{ body: string }>(`SELECT body FROM news WHERE slug = 'pleno'`))[0]!.body,
      ).toBe(expected);
      expect(
        (await database.query<{ body: string }>(`SELECT body FROM pages WHERE slug = 'pagina-pleno'`))[0]!
          .body,
      ).toBe(expected);
    } finally {
      await opened.drop();
    }
  });
});
