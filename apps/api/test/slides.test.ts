import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { slideStateSql } from '../src/modules/slides/slides-resource';
import { startTestServer, type TestClient, type TestServer, testDatabases } from './support';

// docs/areas.md slides: a required image from the library, links that are http(s) or a path of
// the site, a window whose start precedes its end, the state computed now (boundaries included), the
// order set as a whole by PUT /api/slides/order (every slide once), and the image counted as a usage.

interface Slide {
  id: number;
  title: string;
  position: number;
  state: string;
  updated_at: string;
  starts_at: string | null;
  ends_at: string | null;
  image: { id: number; thumbnail_url: string | null };
}

const inSeconds = (seconds: number) => new Date(Date.now() + seconds * 1000).toISOString();

describe.each(testDatabases())('slides (%s)', (engine) => {
  let server: TestServer;
  let admin: TestClient;
  let image: { id: number; original_name: string };

  beforeAll(async () => {
    server = await startTestServer(engine);
    ({ client: admin } = await server.signIn({ roles: ['admin'] }));
    image = await upload('portada.png');
  });
  afterAll(() => server?.close());

  async function upload(name: string, alt?: string) {
    const png = await sharp({ create: { width: 64, height: 32, channels: 3, background: '#0a5' } })
      .png()
      .toBuffer();
    const response = await admin.upload('/api/multimedia', { name, bytes: png }, alt ? { alt } : {});
    expect(response.status, response.text).toBe(201);
    return response.body.data;
  }

  const create = async (body: Record<string, unknown>, client = admin): Promise<Slide> => {
    const response = await client.post('/api/slides', { image: image.id, ...body });
    expect(response.status, response.text).toBe(201);
    return response.body.data;
  };

  /** Every slide, in the list's default order (by position). */
  const all = async (): Promise<Slide[]> => {
    const response = await admin.get('/api/slides?per_page=100');
    expect(response.status, response.text).toBe(200);
    return response.body.data;
  };

  /** Leaves no slide behind, so each test sees only its own. */
  const clear = async () => {
    const ids = (await all()).map((slide) => slide.id);
    if (ids.length) expect((await admin.delete('/api/slides', { ids })).status).toBe(204);
  };

  const order = (ids: unknown) => admin.put('/api/slides/order', { ids });

  test('creates a slide with its image, last in the order, active by default', async () => {
    await clear();
    const first = await create({
      title: 'Bienvenida',
      subtitle: 'Conozca el ayuntamiento',
      link_url: '/agenda',
      link_label: 'Ver agenda',
    });
    expect(first).toMatchObject({
      title: 'Bienvenida',
      subtitle: 'Conozca el ayuntamiento',
      link_url: '/agenda',
      link_label: 'Ver agenda',
      position: 1,
      active: true,
      starts_at: null,
      ends_at: null,
      state: 'active',
      image: { id: image.id, name: 'portada.png', width: 64, height: 32 },
    });
    expect(first.image.thumbnail_url).toMatch(/\/storage\/media\/.+-thumbnail\.webp$/);
    const second = await create({
      title: 'Segunda',
      link_url: 'https://example.org/a?b=1',
      link_label: 'Ir a la agenda',
    });
    expect(second.position).toBe(2);
    const plain = await create({ title: 'Sin botón', subtitle: '', link_url: '', link_label: '' });
    expect(plain).toMatchObject({ position: 3, subtitle: null, link_url: null, link_label: null });
    expect((await admin.get(`/api/slides/${plain.id}`)).body.data.title).toBe('Sin botón');
  });

  test('refuses a slide without an image, with a missing item or with a file that is not an image', async () => {
    const none = await admin.post('/api/slides', { title: 'Sin imagen' });
    expect(none.status).toBe(422);
    expect(none.body.errors.image).toEqual(['Elija una imagen para la diapositiva.']);
    const nulled = await admin.post('/api/slides', { title: 'Sin imagen', image: null });
    expect(nulled.body.errors.image).toEqual(['Elija una imagen para la diapositiva.']);
    const missing = await admin.post('/api/slides', { title: 'Perdida', image: 2_000_000 });
    expect(missing.status).toBe(422);
    expect(missing.body.errors.image).toEqual(['No existe el archivo «2000000».']);
    const text = await admin.upload('/api/multimedia', {
      name: 'notas.txt',
      bytes: new TextEncoder().encode('Notas de la reunión'),
    });
    expect(text.status, text.text).toBe(201);
    const document = await admin.post('/api/slides', { title: 'Texto', image: text.body.data.id });
    expect(document.status).toBe(422);
    expect(document.body.errors.image).toEqual(['«notas.txt» no es una imagen: elija una imagen.']);
    const title = await admin.post('/api/slides', { title: '   ', image: image.id });
    expect(title.body.errors.title).toEqual(['El campo título es obligatorio.']);
    const position = await admin.post('/api/slides', { title: 'Primera', image: image.id, position: 1 });
    expect(position.body.errors.position).toEqual(['El campo position no está permitido.']);
  });

  test('a link is an http(s) address or a path of the site, and a button has both address and text', async () => {
    for (const link_url of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'ftp://example.org/a',
      'mailto:a@example.org',
      '//evil.example/a',
      '/\\evil.example',
      'agenda',
      'https://',
      '/con espacio',
      'data:text/html,hola',
    ]) {
      const response = await admin.post('/api/slides', {
        title: 'Enlace',
        image: image.id,
        link_url,
        link_label: 'Ir a la agenda',
      });
      expect(response.status, link_url).toBe(422);
      expect(response.body.errors.link_url, link_url).toEqual([
        'El enlace debe ser una dirección que empiece por https:// o http://, o una ruta del sitio que empiece por «/» (por ejemplo, /agenda).',
      ]);
    }
    const noLabel = await admin.post('/api/slides', {
      title: 'Enlace',
      image: image.id,
      link_url: '/agenda',
    });
    expect(noLabel.body.errors.link_label).toEqual([
      'Indique el texto del botón: adónde lleva (por ejemplo, «Programa de las fiestas»).',
    ]);
    const noLink = await admin.post('/api/slides', {
      title: 'Enlace',
      image: image.id,
      link_label: 'Ir a la agenda',
    });
    expect(noLink.body.errors.link_url).toEqual([
      'Indique la dirección del enlace, o deje vacío el texto del botón.',
    ]);

    // docs/accessibility.md: a shown slide's button says where it leads (UNE-EN 301 549, 9.2.4.4);
    // one that is not shown is not checked until it is.
    const generic = await admin.post('/api/slides', {
      title: 'Fiestas',
      image: image.id,
      link_url: '/fiestas',
      link_label: 'Leer más',
    });
    expect(generic.status).toBe(422);
    expect(generic.body.errors.link_label[0]).toMatch(/^Botón «Leer más»: .*\(UNE-EN 301 549, 9\.2\.4\.4\)$/);
    const hidden = await create({
      title: 'Fiestas',
      link_url: '/fiestas',
      link_label: 'Leer más',
      active: false,
    });
    const shown = await admin.patch(`/api/slides/${hidden.id}`, {
      active: true,
      updated_at: hidden.updated_at,
    });
    expect(shown.status).toBe(422);
    expect(shown.body.errors.link_label).toHaveLength(1);
    // An image whose library alternative says nothing (its file name) is named too.
    const named = await upload('IMG_2031.png', 'IMG_2031.png');
    const badImage = await admin.post('/api/slides', { title: 'Foto', image: named.id });
    expect(badImage.status).toBe(422);
    expect(badImage.body.errors.image[0]).toMatch(
      /9\.1\.1\.1\)\. Cámbielo en Multimedia o escriba uno para esta diapositiva\.$/,
    );

    // An edit of one half is checked against the stored other.
    const slide = await create({
      title: 'Con botón',
      link_url: 'http://example.org',
      link_label: 'Ir a la agenda',
    });
    const dropLabel = await admin.patch(`/api/slides/${slide.id}`, {
      link_label: null,
      updated_at: slide.updated_at,
    });
    expect(dropLabel.status).toBe(422);
    expect(dropLabel.body.errors.link_label).toEqual([
      'Indique el texto del botón: adónde lleva (por ejemplo, «Programa de las fiestas»).',
    ]);
    const both = await admin.patch(`/api/slides/${slide.id}`, {
      link_url: null,
      link_label: null,
      updated_at: slide.updated_at,
    });
    expect(both.status, both.text).toBe(200);
    expect(both.body.data).toMatchObject({ link_url: null, link_label: null });
  });

  test('the window starts before it ends, also when an edit changes one end', async () => {
    const refused = await admin.post('/api/slides', {
      title: 'Ventana',
      image: image.id,
      starts_at: '2030-05-01T10:00:00Z',
      ends_at: '2030-05-01T10:00:00Z',
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.ends_at).toEqual(['La fecha de fin debe ser posterior a la de inicio.']);
    const badDate = await admin.post('/api/slides', { title: 'Fecha', image: image.id, starts_at: 'mañana' });
    expect(badDate.body.errors.starts_at).toEqual(['El campo inicio debe ser una fecha y hora ISO 8601.']);
    // Dates PostgreSQL cannot store (year 0) or that read back oddly (year 10000) are a 422, not a 500.
    for (const [field, value] of [
      ['starts_at', '0000-01-01T00:00:00Z'],
      ['ends_at', '9999-12-31T23:59:59-14:00'],
    ] as const) {
      const response = await admin.post('/api/slides', { title: 'Fecha', image: image.id, [field]: value });
      expect(response.status, value).toBe(422);
      expect(response.body.errors[field][0]).toMatch(/entre los años 1970 y 9999/);
    }

    const slide = await create({
      title: 'Ventana',
      starts_at: '2030-05-01T10:00:00Z',
      ends_at: '2030-05-31T10:00:00Z',
    });
    expect(slide).toMatchObject({
      starts_at: '2030-05-01T10:00:00.000Z',
      ends_at: '2030-05-31T10:00:00.000Z',
      state: 'scheduled',
    });
    const late = await admin.patch(`/api/slides/${slide.id}`, {
      starts_at: '2030-06-01T00:00:00Z',
      updated_at: slide.updated_at,
    });
    expect(late.status).toBe(422);
    expect(late.body.errors.starts_at).toEqual(['La fecha de inicio debe ser anterior a la de fin.']);
    const early = await admin.patch(`/api/slides/${slide.id}`, {
      ends_at: '2030-04-01T00:00:00Z',
      updated_at: slide.updated_at,
    });
    expect(early.body.errors.ends_at).toEqual(['La fecha de fin debe ser posterior a la de inicio.']);
    const open = await admin.patch(`/api/slides/${slide.id}`, {
      ends_at: null,
      updated_at: slide.updated_at,
    });
    expect(open.status, open.text).toBe(200);
    expect(open.body.data.ends_at).toBeNull();
  });

  test('the state is computed now: active, scheduled, expired, inactive; and filters the list', async () => {
    await clear();
    const active = await create({ title: 'Activa', starts_at: inSeconds(-60), ends_at: inSeconds(3600) });
    const scheduled = await create({ title: 'Programada', starts_at: inSeconds(3600) });
    const expired = await create({ title: 'Caducada', ends_at: inSeconds(-1) });
    const inactive = await create({ title: 'Inactiva', active: false });
    // Not active wins over the window, whichever it is.
    const inactiveScheduled = await create({ title: 'Apagada', active: false, starts_at: inSeconds(3600) });
    expect([active, scheduled, expired, inactive, inactiveScheduled].map((slide) => slide.state)).toEqual([
      'active',
      'scheduled',
      'expired',
      'inactive',
      'inactive',
    ]);
    for (const [state, titles] of [
      ['active', ['Activa']],
      ['scheduled', ['Programada']],
      ['expired', ['Caducada']],
      ['inactive', ['Inactiva', 'Apagada']],
    ] as const) {
      const listed = await admin.get(`/api/slides?filter[state]=${state}`);
      expect(listed.status).toBe(200);
      expect(listed.body.data.map((slide: Slide) => slide.title)).toEqual(titles);
    }
    const unknown = await admin.get('/api/slides?filter[state]=publicada');
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors['filter.state']).toEqual([
      'Estado desconocido: active, scheduled, expired o inactive.',
    ]);

    // A scheduled slide reads active once its time has come, with nothing run in between.
    await server.database.query("UPDATE slides SET starts_at = now() - interval '1 second' WHERE id = $1", [
      scheduled.id,
    ]);
    expect((await admin.get(`/api/slides/${scheduled.id}`)).body.data.state).toBe('active');
    const switchedOff = await admin.patch(`/api/slides/${active.id}`, {
      active: false,
      updated_at: active.updated_at,
    });
    expect(switchedOff.body.data.state).toBe('inactive');
  });

  test('at the boundaries: starting exactly now is active, ending exactly now is expired', async () => {
    await clear();
    const starts = await create({ title: 'Empieza ahora' });
    const ends = await create({ title: 'Termina ahora' });
    const both = await create({ title: 'Empezó y termina ahora' });
    // now() is the transaction's instant: inside one transaction the window's ends are exactly it.
    const states = await server.database.transaction(async (tx) => {
      await tx.query('UPDATE slides SET starts_at = now(), ends_at = NULL WHERE id = $1', [starts.id]);
      await tx.query('UPDATE slides SET starts_at = NULL, ends_at = now() WHERE id = $1', [ends.id]);
      await tx.query(
        "UPDATE slides SET starts_at = now() - interval '1 hour', ends_at = now() WHERE id = $1",
        [both.id],
      );
      const rows = await tx.query<{ id: number; state: string; exact: boolean }>(
        `SELECT t.id, ${slideStateSql()} AS state, (coalesce(t.starts_at, t.ends_at) = now()) AS exact
           FROM slides t WHERE t.deleted_at IS NULL ORDER BY t.position`,
      );
      const filtered = await tx.query<{ id: number }>(
        // The live slides (clear() sends earlier ones to the trash, decision 026).
        `SELECT t.id FROM slides t WHERE t.deleted_at IS NULL AND ${slideStateSql()} = $1 ORDER BY t.position`,
        ['expired'],
      );
      return { rows, filtered: filtered.map((row) => row.id) };
    });
    expect(states.rows).toEqual([
      { id: starts.id, state: 'active', exact: true },
      { id: ends.id, state: 'expired', exact: true },
      { id: both.id, state: 'expired', exact: false },
    ]);
    expect(states.filtered).toEqual([ends.id, both.id]);
    // Read later, by the API, they are the same.
    expect((await all()).map((slide) => slide.state)).toEqual(['active', 'expired', 'expired']);
  });

  test('the list is in position order by default; it also sorts by title and searches', async () => {
    await clear();
    await create({ title: 'Zoológico' });
    await create({ title: 'Árbol' });
    await create({ title: 'Museo', subtitle: 'Exposición de otoño' });
    expect((await all()).map((slide) => slide.title)).toEqual(['Zoológico', 'Árbol', 'Museo']);
    const byTitle = await admin.get('/api/slides?sort=title');
    expect(byTitle.body.data.map((slide: Slide) => slide.title)).toEqual(['Árbol', 'Museo', 'Zoológico']);
    const search = await admin.get('/api/slides?search=exposicion');
    expect(search.body.data.map((slide: Slide) => slide.title)).toEqual(['Museo']);
    const badSort = await admin.get('/api/slides?sort=image');
    expect(badSort.status).toBe(422);
    const csv = await admin.get('/api/slides?format=csv');
    expect(csv.text.split('\r\n')[0]).toContain('Posición');
    expect(csv.text).toContain('Activa');
  });

  test('PUT /api/slides/order sets positions 1…n from a list of every slide once', async () => {
    await clear();
    const [a, b, c, d] = [
      await create({ title: 'A' }),
      await create({ title: 'B' }),
      await create({ title: 'C' }),
      await create({ title: 'D' }),
    ] as [Slide, Slide, Slide, Slide];
    const moved = await order([c.id, a.id, d.id, b.id]);
    expect(moved.status, moved.text).toBe(204);
    const now = await all();
    expect(now.map((slide) => [slide.title, slide.position])).toEqual([
      ['C', 1],
      ['A', 2],
      ['D', 3],
      ['B', 4],
    ]);
    // The order is not an edit of the slide's content: updated_at stays, so nobody's edit gets a 409.
    expect(now.find((slide) => slide.id === a.id)?.updated_at).toBe(a.updated_at);
    // The history says where each one moved; one that stayed has no entry.
    const history = await admin.get(`/api/slides/${c.id}/audit`);
    expect(history.body.data[0]).toMatchObject({
      action: 'updated',
      changes: { position: { from: 3, to: 1 } },
    });
    await order([d.id, a.id, c.id, b.id]);
    expect((await admin.get(`/api/slides/${b.id}/audit`)).body.data.length).toBe(2);

    const missing = await order([a.id, b.id, c.id]);
    expect(missing.status).toBe(422);
    expect(missing.body.errors.ids).toEqual([
      'Falta la diapositiva «D»: el orden debe incluir todas las diapositivas, una vez cada una.',
    ]);
    const repeated = await order([a.id, b.id, c.id, d.id, a.id]);
    expect(repeated.status).toBe(422);
    expect(repeated.body.errors.ids).toEqual([
      `La diapositiva con id ${a.id} aparece más de una vez: cada una debe figurar una sola vez.`,
    ]);
    const swapped = await order([a.id, b.id, c.id, c.id]);
    expect(swapped.status).toBe(422);
    const unknown = await order([a.id, b.id, c.id, d.id, 2_000_000]);
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors.ids).toEqual(['No existe la diapositiva con id 2000000.']);
    const replaced = await order([a.id, b.id, c.id, 2_000_000]);
    expect(replaced.body.errors.ids).toEqual(['No existe la diapositiva con id 2000000.']);
    const empty = await order([]);
    expect(empty.status).toBe(422);
    expect(empty.body.errors.ids[0]).toMatch(/^Faltan las diapositivas «D», «A», «C», «B»/);
    for (const body of [{}, { ids: 'todas' }, { ids: [a.id, 'b'] }, { ids: [a.id], extra: 1 }, [a.id]]) {
      const response = await admin.put('/api/slides/order', body);
      expect(response.status, JSON.stringify(body)).toBe(422);
    }
    const outOfRange = await order([a.id, b.id, c.id, 2 ** 31]);
    expect(outOfRange.status).toBe(422);
    // Nothing refused changed anything.
    expect((await all()).map((slide) => slide.title)).toEqual(['D', 'A', 'C', 'B']);
  });

  test('deleting slides closes ranks; a new slide goes last', async () => {
    await clear();
    const slides = [];
    for (const title of ['Uno', 'Dos', 'Tres', 'Cuatro']) slides.push(await create({ title }));
    expect((await admin.delete(`/api/slides/${slides[1]!.id}`)).status).toBe(204);
    expect((await admin.delete('/api/slides', { ids: [slides[0]!.id] })).status).toBe(204);
    expect((await all()).map((slide) => [slide.title, slide.position])).toEqual([
      ['Tres', 1],
      ['Cuatro', 2],
    ]);
    expect((await create({ title: 'Cinco' })).position).toBe(3);
  });

  test('creates and reorders at once never break the order', async () => {
    await clear();
    const seed = [];
    for (const title of ['P1', 'P2', 'P3']) seed.push(await create({ title }));
    const ids = seed.map((slide) => slide.id);
    const results = await Promise.all([
      ...Array.from({ length: 6 }, (_, i) =>
        admin.post('/api/slides', { title: `Nueva ${i}`, image: image.id }),
      ),
      order([...ids].reverse()),
      order([ids[1], ids[2], ids[0]]),
      order([ids[2], ids[0], ids[1]]),
    ]);
    for (const response of results.slice(0, 6)) expect(response.status, response.text).toBe(201);
    // A reorder that ran after a create left that slide out: refused, never half applied.
    for (const response of results.slice(6)) expect([204, 422]).toContain(response.status);
    const now = await all();
    expect(now).toHaveLength(9);
    expect(now.map((slide) => slide.position)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    const created = results.slice(0, 6).map((response) => response.body.data.position as number);
    expect(new Set(created).size).toBe(6);
  });

  test('the image counts as a media usage: it cannot be deleted while a slide shows it', async () => {
    await clear();
    const picture = await upload('fachada.png');
    const slide = await create({ title: 'Fachada del teatro', image: picture.id });
    const usage = await admin.get(`/api/multimedia/${picture.id}/usage`);
    expect(usage.status).toBe(200);
    expect(usage.body.data).toEqual([{ area: 'slides', id: slide.id, title: 'Fachada del teatro' }]);
    expect((await admin.get(`/api/multimedia/${picture.id}`)).body.data.usage_count).toBe(1);

    const refused = await admin.delete(`/api/multimedia/${picture.id}`);
    expect(refused.status).toBe(422);
    expect(refused.body.errors.ids).toEqual([
      'No se puede eliminar «fachada.png»: se usa en Diapositivas «Fachada del teatro».',
    ]);
    const bulk = await admin.delete('/api/multimedia', { ids: [image.id, picture.id] });
    expect(bulk.status).toBe(422);

    // Another image: the usage moves with it.
    const other = await upload('otra.png');
    const changed = await admin.patch(`/api/slides/${slide.id}`, {
      image: other.id,
      updated_at: slide.updated_at,
    });
    expect(changed.status, changed.text).toBe(200);
    expect((await admin.get(`/api/multimedia/${picture.id}/usage`)).body.data).toEqual([]);
    expect((await admin.get(`/api/multimedia/${other.id}/usage`)).body.data).toEqual([
      { area: 'slides', id: slide.id, title: 'Fachada del teatro' },
    ]);
    const history = await admin.get(`/api/slides/${slide.id}/audit`);
    expect(history.body.data[0].changes).toEqual({ image: { from: 'fachada.png', to: 'otra.png' } });
    expect((await admin.delete(`/api/multimedia/${picture.id}`)).status).toBe(204);
    const removeImage = await admin.patch(`/api/slides/${slide.id}`, {
      image: null,
      updated_at: changed.body.data.updated_at,
    });
    expect(removeImage.status).toBe(422);
    expect((await admin.delete(`/api/slides/${slide.id}`)).status).toBe(204);
    expect((await admin.get(`/api/multimedia/${other.id}/usage`)).body.data).toEqual([]);
    expect((await admin.delete(`/api/multimedia/${other.id}`)).status).toBe(204);
  });

  test('permissions: readers look, editors write and reorder; ordering needs slide.update', async () => {
    await clear();
    const slide = await create({ title: 'Permisos' });
    const { client: reader } = await server.signIn({ roles: ['lector'] });
    expect((await reader.get('/api/slides')).status).toBe(200);
    expect((await reader.post('/api/slides', { title: 'No', image: image.id })).status).toBe(403);
    expect((await reader.put('/api/slides/order', { ids: [slide.id] })).status).toBe(403);
    const role = await admin.post('/api/roles', {
      name: 'crea-diapositivas',
      label: 'Crea diapositivas',
      permissions: ['slide.view', 'slide.create'],
    });
    expect(role.status, role.text).toBe(201);
    const { client: creator } = await server.signIn({ roles: ['crea-diapositivas'] });
    expect((await creator.put('/api/slides/order', { ids: [slide.id] })).status).toBe(403);
    const { client: editor } = await server.signIn({ roles: ['editor'] });
    const second = await create({ title: 'Del editor' }, editor);
    expect((await editor.put('/api/slides/order', { ids: [second.id, slide.id] })).status).toBe(204);
    expect((await all()).map((one) => one.title)).toEqual(['Del editor', 'Permisos']);
    const anonymous = server.client();
    await anonymous.csrf();
    expect((await anonymous.put('/api/slides/order', { ids: [slide.id] })).status).toBe(401);
  });
});
