import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rverModule from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createStorage } from '../src/lib/storage/storage';
import { checkUncheckedDocuments } from '../src/modules/multimedia/document-backfill';
import { freePort, startTestServer, type TestClient, type TestServer, testDatabases } from './support';
import * as documents from './support/documents';

// docs/areas.md#multimedia: uploads typed by their bytes, WebP variants, no GPS left, public
// files with the right headers, replace keeping usages, in-use refusals, cleanup of refused uploads,
// and the same through the s3 driver against s3rver.

const GPS_MARK = 'GESTOR-GPS-MARK';

/** A JPEG whose EXIF holds a GPS position (and a mark to look for) and orientation 6. */
async function photoWithGps(width = 1600, height = 1000): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .jpeg()
    .withExif({
      IFD0: { Copyright: 'Gestor' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '40/1 25/1 0/1', GPSMapDatum: GPS_MARK },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

const pdf = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
);
const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 1)]);

async function storedFiles(server: TestServer): Promise<string[]> {
  return readdir(path.join(server.config.storagePath, 'app', 'public', 'media')).catch(() => []);
}

describe.each(testDatabases())('multimedia (%s)', (engine) => {
  let server: TestServer;
  let admin: TestClient;

  beforeAll(async () => {
    server = await startTestServer(engine);
    ({ client: admin } = await server.signIn({ roles: ['admin'] }));
  });
  afterAll(() => server?.close());

  test('an image: typed by its bytes, measured upright, WebP variants, no GPS in what is stored or served', async () => {
    const response = await admin.upload(
      '/api/multimedia',
      { name: 'vacaciones.png', bytes: await photoWithGps(), type: 'image/png' },
      { alt: 'Playa al atardecer', title: 'Vacaciones' },
    );
    expect(response.status, response.text).toBe(201);
    // The upload routes live in a context of their own (multipart is parsed there alone): they carry
    // every hook the app's other answers do.
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
    const media = response.body.data;
    expect(media).toMatchObject({
      original_name: 'vacaciones.png',
      mime_type: 'image/jpeg',
      kind: 'image',
      // Orientation 6: 1600×1000 stored, 1000×1600 as seen.
      width: 1000,
      height: 1600,
      alt: 'Playa al atardecer',
      title: 'Vacaciones',
      usage_count: 0,
    });
    expect(media.checksum).toMatch(/^[0-9a-f]{64}$/);
    expect(media.uploaded_by.name).toBeTruthy();
    expect(media.variants.thumbnail).toMatchObject({ width: 200, height: 320 });
    expect(media.variants.medium).toMatchObject({ width: 800, height: 1280 });

    const original = await fetch(media.url);
    expect(original.status).toBe(200);
    expect(original.headers.get('content-type')).toBe('image/jpeg');
    expect(original.headers.get('x-content-type-options')).toBe('nosniff');
    expect(original.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const bytes = Buffer.from(await original.arrayBuffer());
    expect(bytes.includes(GPS_MARK)).toBe(false);
    expect((await sharp(bytes).metadata()).orientation).toBe(6);
    expect(bytes.length).toBe(media.size);

    const thumbnail = await fetch(media.variants.thumbnail.url);
    expect(thumbnail.headers.get('content-type')).toBe('image/webp');
    const thumbnailBytes = Buffer.from(await thumbnail.arrayBuffer());
    expect(thumbnailBytes.includes(GPS_MARK)).toBe(false);
    expect(await sharp(thumbnailBytes).metadata()).toMatchObject({ format: 'webp', width: 200, height: 320 });
    expect((await sharp(thumbnailBytes).metadata()).exif).toBeUndefined();
  });

  test('documents: PDF inline, anything else offered as a download; no variants', async () => {
    const created = await admin.upload('/api/multimedia', { name: 'bases.pdf', bytes: pdf });
    expect(created.status, created.text).toBe(201);
    expect(created.body.data).toMatchObject({
      mime_type: 'application/pdf',
      kind: 'document',
      width: null,
      variants: { thumbnail: null, medium: null },
    });
    const served = await fetch(created.body.data.url);
    expect(served.headers.get('content-disposition') ?? 'inline').toMatch(/^inline/);

    const csv = await admin.upload('/api/multimedia', {
      name: 'datos.csv',
      bytes: Buffer.from('nombre;edad\nAna;30\nLuis;41\n'),
    });
    expect(csv.body.data.mime_type).toBe('text/csv');
    const download = await fetch(csv.body.data.url);
    expect(download.headers.get('content-disposition')).toMatch(/^attachment/);
  });

  // Issue 16: the type comes from the bytes; when the name claims another one, the answer says so.
  test('a .jpg holding text is kept as text, and the answer says which type was detected', async () => {
    const text = await admin.upload('/api/multimedia', {
      name: 'foto.jpg',
      bytes: Buffer.from('Acta de la reunión del 3 de marzo.\n'),
      type: 'image/jpeg',
    });
    expect(text.status, text.text).toBe(201);
    expect(text.body.data).toMatchObject({
      mime_type: 'text/plain',
      kind: 'document',
      type_notice: 'Se ha subido como documento de texto: su contenido no es una imagen JPEG.',
    });
    // Read back (list and record) it still says so; a file that is what its name says, nothing.
    expect((await admin.get(`/api/multimedia/${text.body.data.id}`)).body.data.type_notice).toMatch(
      /^Se ha subido como documento de texto/,
    );
    expect(
      (await admin.upload('/api/multimedia', { name: 'bases.pdf', bytes: pdf })).body.data.type_notice,
    ).toBe(null);
  });

  test('the history of a media item holds no checksum', async () => {
    const created = (await admin.upload('/api/multimedia', { name: 'historial.pdf', bytes: pdf })).body.data;
    const replaced = await admin.upload(
      `/api/multimedia/${created.id}/file`,
      { name: 'historial-2.csv', bytes: Buffer.from('a;b\n1;2\n') },
      {},
      'PUT',
    );
    expect(replaced.status, replaced.text).toBe(200);
    const history = (await admin.get(`/api/multimedia/${created.id}/audit`)).body.data as Array<{
      changes: Record<string, unknown>;
    }>;
    expect(history.length).toBe(2);
    for (const entry of history) expect(Object.keys(entry.changes)).not.toContain('checksum');
    expect(history[0]!.changes).toMatchObject({ mime_type: { from: 'application/pdf', to: 'text/csv' } });
  });

  test('refuses what is not in the list, whatever its name says, and stores nothing', async () => {
    const before = await storedFiles(server);
    for (const [name, bytes] of [
      ['dibujo.svg', svg],
      ['foto.jpg', exe],
      ['pagina.html', Buffer.from('<!DOCTYPE html><html><body>hola</body></html>')],
      ['vacio.txt', Buffer.alloc(0)],
    ] as const) {
      const response = await admin.upload('/api/multimedia', { name, bytes, type: 'image/jpeg' });
      expect(response.status, name).toBe(422);
      expect(response.body.errors.file[0]).toMatch(/^Este tipo de archivo no está permitido/);
    }
    const noFile = await admin.post('/api/multimedia', undefined, {
      form: (() => {
        const form = new FormData();
        form.append('alt', 'x');
        return form;
      })(),
    });
    expect(noFile.status).toBe(422);
    expect(noFile.body.errors.file).toEqual(['Adjunte un archivo.']);
    const json = await admin.post('/api/multimedia', { alt: 'x' });
    expect(json.status).toBe(415);
    expect(json.body.message).toBe('Envíe el archivo como multipart/form-data.');
    // A bad text field is refused after the file was stored: the stored files go again.
    const badTitle = await admin.upload(
      '/api/multimedia',
      { name: 'a.pdf', bytes: pdf },
      { title: 'x'.repeat(300) },
    );
    expect(badTitle.status).toBe(422);
    expect(badTitle.body.errors.title).toBeDefined();
    expect(await storedFiles(server)).toEqual(before);
  });

  test('replacing a file keeps its id and usages, gives new URLs and removes the old files', async () => {
    const first = (
      await admin.upload('/api/multimedia', { name: 'uno.jpg', bytes: await photoWithGps(400, 300) })
    ).body.data;
    const category = await admin.post('/api/categories', { name: `Con imagen ${first.id}`, image: first.id });
    expect(category.status, category.text).toBe(201);
    expect(category.body.data.image).toMatchObject({ id: first.id, name: 'uno.jpg', alt: null });
    expect(category.body.data.image.thumbnail_url).toBe(first.variants.thumbnail.url);

    const replaced = await admin.upload(
      `/api/multimedia/${first.id}/file`,
      {
        name: 'dos.png',
        bytes: await sharp(await photoWithGps(500, 300))
          .png()
          .toBuffer(),
      },
      {},
      'PUT',
    );
    expect(replaced.status, replaced.text).toBe(200);
    expect(replaced.body.data).toMatchObject({
      id: first.id,
      original_name: 'dos.png',
      mime_type: 'image/png',
      usage_count: 1,
    });
    expect(replaced.body.data.variants.thumbnail.url).not.toBe(first.variants.thumbnail.url);
    expect(replaced.body.data.url).not.toBe(first.url);
    expect((await fetch(first.url)).status).toBe(404);
    expect((await fetch(first.variants.thumbnail.url)).status).toBe(404);
    expect((await fetch(replaced.body.data.url)).status).toBe(200);
    const usage = await admin.get(`/api/multimedia/${first.id}/usage`);
    expect(usage.body.data).toEqual([
      { area: 'categories', id: category.body.data.id, title: category.body.data.name },
    ]);

    // A stale version is a 409, and nothing changes.
    const stale = await admin.upload(
      `/api/multimedia/${first.id}/file`,
      { name: 'tres.pdf', bytes: pdf },
      { updated_at: first.updated_at },
      'PUT',
    );
    expect(stale.status).toBe(409);
    expect((await admin.get(`/api/multimedia/${first.id}`)).body.data.original_name).toBe('dos.png');
  });

  test('an item in use is not deleted (one or in bulk); once unused it goes with its files', async () => {
    const used = (
      await admin.upload('/api/multimedia', { name: 'usada.jpg', bytes: await photoWithGps(300, 200) })
    ).body.data;
    const free = (await admin.upload('/api/multimedia', { name: 'libre.pdf', bytes: pdf })).body.data;
    const category = (await admin.post('/api/categories', { name: 'Portada usada', image: used.id })).body
      .data;
    expect((await admin.get(`/api/multimedia/${used.id}`)).body.data.usage_count).toBe(1);

    const refused = await admin.delete(`/api/multimedia/${used.id}`);
    expect(refused.status).toBe(422);
    expect(refused.body.errors.ids).toEqual([
      'No se puede eliminar «usada.jpg»: se usa en Categorías «Portada usada».',
    ]);
    const bulk = await admin.delete('/api/multimedia', { ids: [free.id, used.id] });
    expect(bulk.status).toBe(422);
    expect((await admin.get(`/api/multimedia/${free.id}`)).status).toBe(200);

    const missing = await admin.post('/api/categories', { name: 'Imagen inexistente', image: 999999 });
    expect(missing.status).toBe(422);
    expect(missing.body.errors.image).toEqual(['No existe el archivo «999999».']);

    await admin.patch(`/api/categories/${category.id}`, { image: null, updated_at: category.updated_at });
    expect((await admin.get(`/api/multimedia/${used.id}/usage`)).body.data).toEqual([]);
    expect((await admin.delete('/api/multimedia', { ids: [free.id, used.id] })).status).toBe(204);
    expect((await fetch(used.url)).status).toBe(404);
    expect((await fetch(used.variants.medium.url)).status).toBe(404);
  });

  test('deleting an item while a category starts using it: one wins, never both, never a 500', async () => {
    const small = await sharp(await photoWithGps(40, 30))
      .png()
      .toBuffer();
    for (let round = 0; round < 8; round++) {
      const media = (await admin.upload('/api/multimedia', { name: `carrera-${round}.png`, bytes: small }))
        .body.data;
      const [removed, created] = await Promise.all([
        admin.delete(`/api/multimedia/${media.id}`),
        admin.post('/api/categories', { name: `Carrera ${round}`, image: media.id }),
      ]);
      const outcome = [removed.status, created.status];
      expect([
        [204, 422],
        [422, 201],
      ]).toContainEqual(outcome);
      if (created.status === 201) {
        expect((await admin.get(`/api/multimedia/${media.id}`)).body.data.usage_count).toBe(1);
      } else {
        expect(created.body.errors.image).toEqual([`No existe el archivo «${media.id}».`]);
      }
    }
  });

  test('deleting a category frees its image', async () => {
    const media = (
      await admin.upload('/api/multimedia', { name: 'c.jpg', bytes: await photoWithGps(40, 30) })
    ).body.data;
    const category = (await admin.post('/api/categories', { name: 'Efímera', image: media.id })).body.data;
    expect((await admin.delete(`/api/categories/${category.id}`)).status).toBe(204);
    expect((await admin.get(`/api/multimedia/${media.id}`)).body.data.usage_count).toBe(0);
  });

  test('alt and title are edited like any record; search and the type filter find items', async () => {
    const media = (await admin.upload('/api/multimedia', { name: 'mapa-zzq.pdf', bytes: pdf })).body.data;
    const edited = await admin.patch(`/api/multimedia/${media.id}`, {
      alt: 'Plano del recinto ferial',
      title: 'Plano',
      updated_at: media.updated_at,
    });
    expect(edited.body.data).toMatchObject({ alt: 'Plano del recinto ferial', title: 'Plano' });
    const found = await admin.get('/api/multimedia?search=recinto%20ferial');
    expect(found.body.data.map((m: { id: number }) => m.id)).toEqual([media.id]);
    const images = await admin.get('/api/multimedia?filter[type]=image&per_page=100');
    expect(images.body.data.every((m: { kind: string }) => m.kind === 'image')).toBe(true);
    expect((await admin.get('/api/multimedia?filter[type]=svg')).status).toBe(422);
    const history = await admin.get(`/api/multimedia/${media.id}/audit`);
    expect(history.body.data[0].changes).toMatchObject({
      alt: { from: null, to: 'Plano del recinto ferial' },
    });
  });

  test('needs multimedia permissions: readers see, do not upload', async () => {
    const { client: reader } = await server.signIn({ roles: ['lector'] });
    const { client: nobody } = await server.signIn({ roles: [] });
    expect((await nobody.get('/api/multimedia')).status).toBe(403);
    expect((await reader.upload('/api/multimedia', { name: 'x.pdf', bytes: pdf })).status).toBe(403);
  });
});

// docs/accessibility.md#documentos: a PDF or office document is checked once, when it is uploaded or
// replaced; a published body linking to it carries its issues as warnings in the «Accesibilidad» report.
describe.each(testDatabases())('the accessibility of uploaded documents (%s)', (engine) => {
  let server: TestServer;
  let admin: TestClient;

  beforeAll(async () => {
    server = await startTestServer(engine);
    ({ client: admin } = await server.signIn({ roles: ['admin'] }));
  });
  afterAll(() => server?.close());

  const upload = (name: string, bytes: Buffer) => admin.uploadMedia(name, bytes);

  test('each upload records what its document lacks; images and text are not checked', async () => {
    const plain = await upload('bases.pdf', documents.pdf({ created: 'D:20260301100000' }));
    expect(plain.document_check).toEqual({
      created_on: '2026-03-01',
      exempt: false,
      readable: true,
      issues: ['untagged', 'no-title', 'no-language'],
    });
    const tagged = await upload(
      'bases-accesibles.pdf',
      documents.pdf({ title: 'Bases', lang: 'es-ES', tagged: true, compressed: true }),
    );
    expect(tagged.document_check.issues).toEqual([]);
    const old = await upload('memoria-2017.docx', documents.docx({ created: '2017-06-01T08:00:00Z' }));
    expect(old.document_check).toMatchObject({ exempt: true, issues: ['no-title', 'no-language'] });
    const text = await upload('nota.txt', Buffer.from('Una nota'));
    expect(text.document_check).toBeNull();
    // Read again, as the list and the item give it.
    expect((await admin.get(`/api/multimedia/${plain.id}`)).body.data.document_check).toEqual(
      plain.document_check,
    );
    // The editor finds documents by the names of their addresses.
    const found = await admin.get(`/api/multimedia?filter[file]=${plain.file},${old.file}`);
    expect(found.status, found.text).toBe(200);
    expect(found.body.data.map((item: { id: number }) => item.id).sort()).toEqual([plain.id, old.id].sort());
    const refused = await admin.get('/api/multimedia?filter[file]=../etc/passwd');
    expect(refused.status).toBe(422);
    expect(refused.body.errors['filter.file'][0]).toMatch(/nombres de archivo de la biblioteca/);
  });

  test('documents uploaded before the check are read from storage once by media:check-documents', async () => {
    const earlier = await upload('ordenanza.pdf', documents.pdf({ title: 'Ordenanza', lang: 'es-ES' }));
    const gone = await upload('perdido.docx', documents.docx({}));
    // As they were before migration 0042: no check; and one whose file is no longer in storage.
    await server.database.query('UPDATE multimedia SET document_check = NULL WHERE id = ANY($1::int[])', [
      [earlier.id, gone.id],
    ]);
    const storage = createStorage(server.config);
    await storage.delete([`media/${gone.file}`]);
    const scratch = await mkdtemp(path.join(tmpdir(), 'gestor-backfill-'));
    const first = await checkUncheckedDocuments(server.database, storage, scratch);
    expect(first).toEqual({ checked: 1, missing: [`${gone.id} perdido.docx`] });
    expect((await admin.get(`/api/multimedia/${earlier.id}`)).body.data.document_check.issues).toEqual([
      'untagged',
    ]);
    // Nothing left to read but the missing file; the scratch copies are gone.
    expect((await checkUncheckedDocuments(server.database, storage, scratch)).checked).toBe(0);
    expect(await readdir(scratch)).toEqual([]);
    await rm(scratch, { recursive: true, force: true });
  });

  test('a published body linking to a document with issues lists them in the report until it is replaced', async () => {
    const document = await upload('convocatoria.pdf', documents.pdf({ lang: 'es-ES' }));
    const exempt = await upload('acta-2015.odt', documents.odt({ created: '2015-02-02T10:00:00' }));
    const news = await admin.post('/api/news', {
      title: 'Convocatoria de plazas',
      status: 'published',
      body: `<p>Lea las <a href="${document.url}">bases de la convocatoria (PDF)</a> y el <a href="${exempt.url}">acta de 2015</a>.</p>`,
    });
    expect(news.status, news.text).toBe(201);
    const warnings = async () =>
      (
        (await admin.get('/api/accessibility')).body.data.findings_by_clause as Array<{
          clause: string;
          level: string;
          items: Array<{ id: number; findings: Array<{ rule: string; element: string; message: string }> }>;
        }>
      ).flatMap((group) =>
        group.items
          .filter((item) => item.id === news.body.data.id)
          .flatMap((item) =>
            item.findings.map((finding) => ({ clause: group.clause, level: group.level, ...finding })),
          ),
      );
    expect(await warnings()).toEqual([
      {
        clause: '10.1.3.1',
        level: 'warning',
        rule: 'document-untagged',
        element: 'Enlace «bases de la convocatoria (PDF)»',
        message: expect.stringMatching(/^el documento «convocatoria\.pdf» no está etiquetado: /),
      },
      {
        clause: '10.2.4.2',
        level: 'warning',
        rule: 'document-no-title',
        element: 'Enlace «bases de la convocatoria (PDF)»',
        message: expect.stringMatching(/^el documento «convocatoria\.pdf» no tiene título/),
      },
    ]);
    // The accessible version replaces the file: the link's warnings go with the old one.
    const replaced = await admin.upload(
      `/api/multimedia/${document.id}/file`,
      { name: 'convocatoria.pdf', bytes: documents.pdf({ title: 'Bases', lang: 'es-ES', tagged: true }) },
      {},
      'PUT',
    );
    expect(replaced.status, replaced.text).toBe(200);
    expect(replaced.body.data.document_check.issues).toEqual([]);
    // The body links to the old address; an editor pastes the new one, and it is clean.
    const current = (await admin.get(`/api/news/${news.body.data.id}`)).body.data;
    const relinked = await admin.patch(`/api/news/${news.body.data.id}`, {
      body: current.body.replace(document.url, replaced.body.data.url),
      updated_at: current.updated_at,
    });
    expect(relinked.status, relinked.text).toBe(200);
    expect(await warnings()).toEqual([]);
  });
});

describe('multimedia uploads larger than UPLOAD_MAX_MB', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite', { UPLOAD_MAX_MB: '1' });
  });
  afterAll(() => server?.close());

  test('are a Spanish 413 and leave nothing behind', async () => {
    const { client } = await server.signIn({ roles: ['admin'] });
    const big = Buffer.concat([pdf, Buffer.alloc(2 * 1024 * 1024, 32)]);
    const response = await client.upload('/api/multimedia', { name: 'grande.pdf', bytes: big });
    expect(response.status).toBe(413);
    expect(response.body.message).toBe('El archivo supera el tamaño máximo de 1 MB.');
    expect(await storedFiles(server)).toEqual([]);
    // No file is left in the temporary folders (this server's own folder stays until it stops).
    const temporary = await readdir(path.join(server.config.storagePath, 'tmp'), {
      recursive: true,
      withFileTypes: true,
    }).catch(() => []);
    expect(temporary.filter((entry) => entry.isFile())).toEqual([]);
    expect((await client.get('/api/multimedia')).body.meta.total).toBe(0);
    // The SPA learns the limit, to spare sending what would be refused.
    expect((await client.get('/api/multimedia/limits')).body.data).toEqual({ max_bytes: 1024 * 1024 });
  });
});

describe('multimedia on the s3 driver (s3rver)', () => {
  let server: TestServer;
  let s3: { close(): Promise<void> };
  let directory: string;

  beforeAll(async () => {
    directory = await mkdtemp(path.join(tmpdir(), 'gestor-s3rver-'));
    const port = await freePort();
    const S3rver = S3rverModule as unknown as new (
      options: object,
    ) => {
      run(): Promise<unknown>;
      close(): Promise<void>;
    };
    s3 = new S3rver({
      address: '127.0.0.1',
      port,
      silent: true,
      directory,
      configureBuckets: [{ name: 'gestor-media' }],
    });
    await (s3 as unknown as { run(): Promise<unknown> }).run();
    server = await startTestServer('pglite', {
      STORAGE_DRIVER: 's3',
      S3_BUCKET: 'gestor-media',
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    });
  });
  afterAll(async () => {
    await server?.close();
    await s3?.close();
    await rm(directory, { recursive: true, force: true });
  });

  test('uploads, serves, replaces and deletes through the bucket', async () => {
    const { client } = await server.signIn({ roles: ['admin'] });
    const created = await client.upload('/api/multimedia', {
      name: 'foto.jpg',
      bytes: await photoWithGps(640, 480),
    });
    expect(created.status, created.text).toBe(201);
    const media = created.body.data;
    // Without S3_PUBLIC_URL, the API serves the bucket's objects itself.
    expect(media.url).toMatch(new RegExp(`^${server.url}/storage/media/`));
    const served = await fetch(media.url);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).includes(GPS_MARK)).toBe(false);
    expect((await fetch(media.variants.thumbnail.url)).status).toBe(200);
    expect(await storedFiles(server)).toEqual([]);

    const replaced = await client.upload(
      `/api/multimedia/${media.id}/file`,
      { name: 'b.pdf', bytes: pdf },
      {},
      'PUT',
    );
    expect(replaced.status).toBe(200);
    expect((await fetch(media.url)).status).toBe(404);
    expect((await client.delete(`/api/multimedia/${media.id}`)).status).toBe(204);
    expect((await fetch(replaced.body.data.url)).status).toBe(404);
  });
});
