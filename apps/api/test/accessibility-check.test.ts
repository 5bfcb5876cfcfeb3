import type { AccessibilityReport } from '@gestor/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestClient, type TestServer, testDatabases } from './support';

// docs/accessibility.md: a body about to be public is checked on the server, whatever client sends
// it. Errors refuse the write with each finding and its clause, unless a publisher says why it goes
// out as it is; the reason is kept in the history. Drafts are never held back, warnings never block.

const GENERIC_LINK = '<p>Las bases, <a href="/bases.pdf">pinche aquí</a>.</p>';
const FIXED_LINK = '<p>Consulte las <a href="/bases.pdf">bases de la convocatoria</a>.</p>';
const REASON = 'Texto del BOE reproducido literalmente; se corrige en la próxima edición.';

describe.each(testDatabases())('the accessibility check on publishing (%s)', (engine) => {
  let server: TestServer;
  let admin: TestClient;
  let writer: TestClient;

  beforeAll(async () => {
    server = await startTestServer(engine);
    ({ client: admin } = await server.signIn({ roles: ['admin'] }));
    const role = await admin.post('/api/roles', {
      name: 'redaccion',
      label: 'Redacción',
      permissions: ['news.view', 'news.create', 'news.update'],
    });
    expect(role.status, role.text).toBe(201);
    ({ client: writer } = await server.signIn({ roles: ['redaccion'] }));
  });
  afterAll(() => server?.close());

  test('a draft with errors is saved: nothing is checked until it is to be public', async () => {
    const draft = await writer.post('/api/news', { title: 'Borrador', body: GENERIC_LINK });
    expect(draft.status, draft.text).toBe(201);
    const edited = await writer.put(`/api/news/${draft.body.data.id}`, {
      body: `${GENERIC_LINK}<h4>Sin nivel 3</h4>`,
      updated_at: draft.body.data.updated_at,
    });
    expect(edited.status, edited.text).toBe(200);
  });

  test('publishing with an error is a 422 on body listing each error with its clause', async () => {
    const response = await admin.post('/api/news', {
      title: 'Convocatoria',
      status: 'published',
      body: `${GENERIC_LINK}<p><img src="https://fotos.example/plano.jpg" alt="IMG_0042.jpg"></p><p><strong>Plazos</strong></p>`,
    });
    expect(response.status, response.text).toBe(422);
    expect(response.body.errors.body).toEqual([
      'El texto tiene 2 errores de accesibilidad: corríjalos o indique el motivo para publicarlo así.',
      'Enlace «pinche aquí»: «pinche aquí» no dice adónde lleva el enlace: escriba el destino (por ejemplo, «Bases de la convocatoria»). (UNE-EN 301 549, 9.2.4.4)',
      'Imagen «plano.jpg»: el texto alternativo «IMG_0042.jpg» no describe la imagen: diga lo que muestra (por ejemplo, «Plano de acceso al edificio»). (UNE-EN 301 549, 9.1.1.1)',
    ]);
    // Nothing was stored.
    const list = await admin.get('/api/news?search=Convocatoria');
    expect(list.body.data).toEqual([]);
  });

  test('scheduling is checked as publishing is; a warning alone never blocks', async () => {
    const later = new Date(Date.now() + 86_400_000).toISOString();
    const refused = await admin.post('/api/news', {
      title: 'Programada',
      status: 'scheduled',
      published_at: later,
      body: '<table><tbody><tr><td>Día</td></tr></tbody></table>',
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.body[1]).toMatch(
      /^Tabla que empieza por «Día»: .*\(UNE-EN 301 549, 9\.1\.3\.1\)$/,
    );

    const warned = await admin.post('/api/news', {
      title: 'Con aviso',
      status: 'published',
      body: '<p><strong>Plazos</strong></p><p><a href="/a" target="_blank">Bases</a></p>',
    });
    expect(warned.status, warned.text).toBe(201);
  });

  test('a publisher publishes with a reason; the history keeps it, the record never reads it back', async () => {
    const draft = await writer.post('/api/news', { title: 'Con motivo', body: GENERIC_LINK });
    const id = draft.body.data.id;

    const version = { updated_at: draft.body.data.updated_at };
    const short = await admin.put(`/api/news/${id}`, {
      ...version,
      status: 'published',
      accessibility_reason: 'Porque sí',
    });
    expect(short.status).toBe(422);
    expect(short.body.errors.accessibility_reason).toEqual([
      'Explique el motivo en al menos 10 caracteres: constará en la declaración de accesibilidad.',
    ]);

    const published = await admin.put(`/api/news/${id}`, {
      ...version,
      status: 'published',
      accessibility_reason: REASON,
    });
    expect(published.status, published.text).toBe(200);
    expect(published.body.data.status).toBe('published');
    expect(published.body.data).not.toHaveProperty('accessibility_reason');
    const shown = await admin.get(`/api/news/${id}`);
    expect(shown.body.data).not.toHaveProperty('accessibility_reason');

    const history = await admin.get(`/api/news/${id}/audit`);
    expect(history.body.data[0].changes.accessibility_reason).toEqual({ from: null, to: REASON });
    expect(history.body.data[0].changes.status).toEqual({ from: 'draft', to: 'published' });
  });

  test('a reason that was not needed is not kept', async () => {
    const response = await admin.post('/api/news', {
      title: 'Sin errores',
      status: 'published',
      body: FIXED_LINK,
      accessibility_reason: REASON,
    });
    expect(response.status, response.text).toBe(201);
    const history = await admin.get(`/api/news/${response.body.data.id}/audit`);
    expect(history.body.data[0].changes).not.toHaveProperty('accessibility_reason');
  });

  test('an edit of a public item is refused only for the errors it adds', async () => {
    const created = await admin.post('/api/news', {
      title: 'Publicada',
      status: 'published',
      body: GENERIC_LINK,
      accessibility_reason: REASON,
    });
    expect(created.status, created.text).toBe(201);
    const id = created.body.data.id;
    // The body as it is (its error excused when published) goes with a new title: nothing is added.
    const retitled = await admin.put(`/api/news/${id}`, {
      title: 'Publicada, otro título',
      body: GENERIC_LINK,
      updated_at: created.body.data.updated_at,
    });
    expect(retitled.status, retitled.text).toBe(200);

    const worse = await admin.put(`/api/news/${id}`, {
      body: `${GENERIC_LINK}<p>Más: <a href="/b">Leer más</a> y <a href="/c">pinche aquí</a></p>`,
      updated_at: retitled.body.data.updated_at,
    });
    expect(worse.status).toBe(422);
    expect(worse.body.errors.body).toEqual([
      'El cambio añade 2 errores de accesibilidad: corríjalos o indique el motivo para publicarlo así.',
      'Enlace «Leer más»: «Leer más» no dice adónde lleva el enlace: escriba el destino (por ejemplo, «Bases de la convocatoria»). (UNE-EN 301 549, 9.2.4.4)',
      'Enlace «pinche aquí»: «pinche aquí» no dice adónde lleva el enlace: escriba el destino (por ejemplo, «Bases de la convocatoria»). (UNE-EN 301 549, 9.2.4.4)',
    ]);

    const fixed = await admin.put(`/api/news/${id}`, {
      body: FIXED_LINK,
      updated_at: retitled.body.data.updated_at,
    });
    expect(fixed.status, fixed.text).toBe(200);
  });

  test('an image marked decorative in this use needs no alternative; the mark is kept', async () => {
    const body =
      '<p><img src="https://fotos.example/adorno.png" alt="" data-decorative="true"></p><p>Texto.</p>';
    const response = await admin.post('/api/pages', { title: 'Con adorno', status: 'published', body });
    expect(response.status, response.text).toBe(201);
    expect(response.body.data.body).toContain('alt="" data-decorative="true"');

    const pretended = await admin.post('/api/pages', {
      title: 'Adorno con texto',
      status: 'published',
      body: '<p><img src="https://fotos.example/adorno.png" alt="" data-decorative="sí"></p>',
    });
    expect(pretended.status).toBe(422);
    expect(pretended.body.errors.body[1]).toMatch(/^Imagen «adorno.png»: escriba un texto alternativo/);
  });

  test('pages and the agenda are checked the same way', async () => {
    const page = await admin.post('/api/pages', {
      title: 'Sede',
      status: 'published',
      body: '<h3>Horario</h3>',
    });
    expect(page.status, page.text).toBe(422);
    expect(page.body.errors.body[1]).toBe(
      'Título «Horario»: es de nivel 3 tras uno de nivel 1: use el nivel 2, sin saltarse niveles. (UNE-EN 301 549, 9.1.3.1)',
    );

    const starts = new Date(Date.now() + 7 * 86_400_000).toISOString();
    const event = await admin.post('/api/events', {
      title: 'Concierto',
      starts_at: starts,
      ends_at: starts,
      status: 'published',
      body: '<p><a href="https://entradas.example/c">https://entradas.example/c</a></p>',
    });
    expect(event.status, event.text).toBe(422);
    expect(event.body.errors.body[1]).toMatch(/^Enlace «https:\/\/entradas\.example\/c»: .*9\.2\.4\.4\)$/);
  });

  test('without news.publish, a reason opens nothing: publishing stays refused', async () => {
    const response = await writer.post('/api/news', {
      title: 'Intento',
      status: 'published',
      body: GENERIC_LINK,
      accessibility_reason: REASON,
    });
    expect(response.status).toBe(403);
  });

  // docs/accessibility.md#images-the-alternative-belongs-to-the-use: a cover's and a slide's image
  // have their own text alternative, or are decorative there; the library's is only the default.
  describe('images a record refers to', () => {
    const image = async (name: string, alt: string | null) => {
      const bytes = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#557799' } })
        .png()
        .toBuffer();
      const response = await admin.upload('/api/multimedia', { name, bytes }, alt ? { alt } : {});
      expect(response.status, response.text).toBe(201);
      return response.body.data as { id: number };
    };
    const publicNews = async (slug: string) =>
      (await fetch(`${server.url}/api/public/v1/news/${slug}`)).json() as Promise<{
        data: { cover: { alt: string | null } | null };
      }>;

    test('a cover without an alternative anywhere is an error on cover_alt; its own, the library’s or decorative pass', async () => {
      const bare = await image('portada.png', null);
      const refused = await admin.post('/api/news', {
        title: 'Sin alternativa',
        status: 'published',
        cover: bare.id,
      });
      expect(refused.status).toBe(422);
      expect(refused.body.errors.cover_alt).toEqual([
        'La portada tiene un error de accesibilidad: corríjalo o indique el motivo para publicarlo así.',
        'Imagen de portada: escriba un texto alternativo que diga lo que la imagen muestra aquí, o márquela como decorativa si no aporta nada al texto. (UNE-EN 301 549, 9.1.1.1)',
      ]);
      // A draft is never held back.
      const draft = await admin.post('/api/news', { title: 'Borrador con portada', cover: bare.id });
      expect(draft.status, draft.text).toBe(201);

      const own = await admin.post('/api/news', {
        title: 'Con alternativa propia',
        slug: 'con-alternativa-propia',
        status: 'published',
        cover: bare.id,
        cover_alt: 'Vecinos en la plaza durante las fiestas',
      });
      expect(own.status, own.text).toBe(201);
      expect(own.body.data).toMatchObject({
        cover_alt: 'Vecinos en la plaza durante las fiestas',
        cover_decorative: false,
      });
      expect((await publicNews('con-alternativa-propia')).data.cover?.alt).toBe(
        'Vecinos en la plaza durante las fiestas',
      );

      const decorative = await admin.post('/api/news', {
        title: 'Portada decorativa',
        slug: 'portada-decorativa',
        status: 'published',
        cover: (await image('textura.png', 'Textura de papel')).id,
        cover_decorative: true,
      });
      expect(decorative.status, decorative.text).toBe(201);
      // The website reads alt="" for it, whatever the library says.
      expect((await publicNews('portada-decorativa')).data.cover?.alt).toBe('');

      const library = await admin.post('/api/news', {
        title: 'Con la de la biblioteca',
        slug: 'con-la-de-la-biblioteca',
        status: 'published',
        cover: (await image('pleno.png', 'Pleno del ayuntamiento')).id,
      });
      expect(library.status, library.text).toBe(201);
      expect((await publicNews('con-la-de-la-biblioteca')).data.cover?.alt).toBe('Pleno del ayuntamiento');
    });

    test('an alternative that says nothing is refused; a reason publishes it and the history keeps it', async () => {
      const cover = await image('plaza.png', null);
      const meaningless = await admin.post('/api/news', {
        title: 'Alternativa vacía de sentido',
        status: 'published',
        cover: cover.id,
        cover_alt: 'imagen',
        body: GENERIC_LINK,
      });
      expect(meaningless.status).toBe(422);
      expect(meaningless.body.errors.body[0]).toBe(
        'El texto tiene 2 errores de accesibilidad: corríjalos o indique el motivo para publicarlo así.',
      );
      expect(meaningless.body.errors.cover_alt).toEqual([
        'Imagen de portada: el texto alternativo «imagen» no describe la imagen: diga lo que muestra (por ejemplo, «Plano de acceso al edificio»). (UNE-EN 301 549, 9.1.1.1)',
      ]);
      const excused = await admin.post('/api/news', {
        title: 'Alternativa vacía de sentido',
        status: 'published',
        cover: cover.id,
        cover_alt: 'imagen',
        accessibility_reason: REASON,
      });
      expect(excused.status, excused.text).toBe(201);
      const history = await admin.get(`/api/news/${excused.body.data.id}/audit`);
      expect(history.body.data[0].changes.accessibility_reason).toEqual({ from: null, to: REASON });
      // The «Accesibilidad» screen lists it as an open finding, and the override with its error.
      const report = (await admin.get('/api/accessibility')).body.data as AccessibilityReport;
      const listed = report.findings_by_clause
        .filter((group) => group.clause === '9.1.1.1' && group.level === 'error')
        .flatMap((group) => group.items.filter((item) => item.id === excused.body.data.id));
      expect(listed.flatMap((item) => item.findings.map((finding) => finding.element))).toEqual([
        'Imagen de portada',
      ]);
      expect(report.overrides.find((override) => override.id === excused.body.data.id)?.errors).toBe(1);
    });

    test('an edit of a public item is held back only when it adds the fault', async () => {
      // Published before the check (written straight to the table): a cover with no alternative.
      const cover = await image('antigua.png', null);
      const item = await admin.post('/api/news', {
        title: 'Publicada antes',
        status: 'published',
        cover: cover.id,
        cover_decorative: true,
      });
      expect(item.status, item.text).toBe(201);
      await server.database.query('UPDATE news SET cover_decorative = false WHERE id = $1', [
        item.body.data.id,
      ]);
      const current = (await admin.get(`/api/news/${item.body.data.slug}`)).body.data;
      // The whole form sent back with a new title: the cover's fault is not the edit's.
      const retitled = await admin.put(`/api/news/${current.slug}`, {
        ...Object.fromEntries(
          ['title', 'subtitle', 'excerpt', 'body', 'cover_alt', 'cover_decorative', 'featured'].map((key) => [
            key,
            current[key],
          ]),
        ),
        title: 'Publicada antes, con otro título',
        cover: current.cover.id,
        updated_at: current.updated_at,
      });
      expect(retitled.status, retitled.text).toBe(200);
      // Choosing another image without an alternative is.
      const other = await image('otra.png', null);
      const swapped = await admin.patch(`/api/news/${current.slug}`, {
        cover: other.id,
        updated_at: retitled.body.data.updated_at,
      });
      expect(swapped.status).toBe(422);
      expect(swapped.body.errors.cover_alt[0]).toMatch(/^El cambio añade un error de accesibilidad/);
    });

    test('a slide’s image: its own alternative is checked, the library’s faults are named there, decorative passes', async () => {
      const named = await image('IMG_2031.png', 'IMG_2031.png');
      const fixedHere = await admin.post('/api/slides', {
        title: 'Fiestas',
        image: named.id,
        image_alt: 'Fuegos artificiales sobre el río',
      });
      expect(fixedHere.status, fixedHere.text).toBe(201);
      const decorativeHere = await admin.post('/api/slides', {
        title: 'Fondo',
        image: named.id,
        image_decorative: true,
      });
      expect(decorativeHere.status, decorativeHere.text).toBe(201);
      const ownBad = await admin.post('/api/slides', { title: 'Foto', image: named.id, image_alt: 'foto' });
      expect(ownBad.status).toBe(422);
      expect(ownBad.body.errors.image_alt[0]).toMatch(
        /«foto» no describe la imagen.*\(UNE-EN 301 549, 9\.1\.1\.1\)$/,
      );
      // Changing the image of a shown slide alone is checked too.
      const fine = await image('rio.png', 'El río a su paso por el puente');
      const shown = await admin.post('/api/slides', { title: 'Río', image: fine.id });
      expect(shown.status, shown.text).toBe(201);
      const swapped = await admin.patch(`/api/slides/${shown.body.data.id}`, {
        image: named.id,
        updated_at: shown.body.data.updated_at,
      });
      expect(swapped.status).toBe(422);
      expect(swapped.body.errors.image[0]).toMatch(
        /Cámbielo en Multimedia o escriba uno para esta diapositiva\.$/,
      );
    });
  });
});
