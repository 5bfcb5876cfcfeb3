import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestClient, type TestServer, testDatabases } from './support';

// docs/areas.md entities and spaces: NIF/NIE/CIF checked by their control character (the shared
// check), normalized and unique; contact fields; an entity with spaces is not deleted, not even by a
// delete racing a new space; a space's entity and its ordered gallery; media usages from logos and
// galleries.

describe.each(testDatabases())('entities and spaces (%s)', (engine) => {
  let server: TestServer;
  let admin: TestClient;
  let counter = 0;

  beforeAll(async () => {
    server = await startTestServer(engine);
    ({ client: admin } = await server.signIn({ roles: ['admin'] }));
  });
  afterAll(() => server?.close());

  const createEntity = async (body: Record<string, unknown>) => {
    const response = await admin.post('/api/entities', { type: 'asociacion', ...body });
    expect(response.status, response.text).toBe(201);
    return response.body.data;
  };
  const createSpace = async (body: Record<string, unknown>) => {
    const response = await admin.post('/api/spaces', body);
    expect(response.status, response.text).toBe(201);
    return response.body.data;
  };
  const upload = async (name: string, background: string) => {
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background } })
      .png()
      .toBuffer();
    const response = await admin.upload('/api/multimedia', { name, bytes: png });
    expect(response.status, response.text).toBe(201);
    return response.body.data as { id: number; original_name: string };
  };
  /** A name no other test of this file uses. */
  const unique = (name: string) => `${name} ${++counter}`;

  test('an entity: slug from the name, the NIF normalized, contact details tidied, logo, spaces_count', async () => {
    const logo = await upload('escudo.png', '#c00');
    const entity = await createEntity({
      name: 'Ayuntamiento de Ávila',
      type: 'ayuntamiento',
      tax_id: ' p-0501900-e ',
      email: ' Registro@Avila.ES ',
      phone: '920  35 40 00',
      website: 'www.avila.es',
      address: 'Plaza del Mercado Chico, 1',
      logo: logo.id,
      description: 'Casa consistorial.',
    });
    expect(entity).toMatchObject({
      name: 'Ayuntamiento de Ávila',
      slug: 'ayuntamiento-de-avila',
      type: 'ayuntamiento',
      tax_id: 'P0501900E',
      email: 'registro@avila.es',
      phone: '920 35 40 00',
      website: 'https://www.avila.es',
      address: 'Plaza del Mercado Chico, 1',
      description: 'Casa consistorial.',
      active: true,
      spaces_count: 0,
      logo: { id: logo.id, name: 'escudo.png' },
    });
    const shown = await admin.get(`/api/entities/${entity.id}`);
    expect(shown.body.data.tax_id).toBe('P0501900E');
    // Addressed by id: the slug is no address.
    expect((await admin.get('/api/entities/ayuntamiento-de-avila')).status).toBe(404);

    // Optional fields may be left out or emptied.
    const bare = await createEntity({ name: unique('Sin datos'), tax_id: '', email: null, website: '' });
    expect(bare).toMatchObject({ tax_id: null, email: null, phone: null, website: null, logo: null });
  });

  test('NIF, NIE and CIF: each kind valid, and each wrong one says what is wrong', async () => {
    const valid: Array<[string, string]> = [
      ['12345678Z', '12345678Z'],
      ['12.345.678-z', '12345678Z'],
      ['x1234567l', 'X1234567L'],
      ['Y-1234567-X', 'Y1234567X'],
      ['Z 1234567 R', 'Z1234567R'],
      ['K1234567L', 'K1234567L'],
      ['L7654321J', 'L7654321J'],
      ['M1234567L', 'M1234567L'],
      ['a28015865', 'A28015865'],
      ['Q-2826000-H', 'Q2826000H'],
      ['G12345674', 'G12345674'],
      ['G1234567D', 'G1234567D'],
      ['N0012345E', 'N0012345E'],
    ];
    for (const [written, stored] of valid) {
      const response = await admin.post('/api/entities', {
        name: unique('Válida'),
        type: 'otra',
        tax_id: written,
      });
      expect(response.status, `${written}: ${response.text}`).toBe(201);
      expect(response.body.data.tax_id).toBe(stored);
      // Gone again, so the tests below may use these numbers: for good, since a trashed entity keeps
      // its NIF reserved (decision 026).
      expect((await admin.delete(`/api/entities/${response.body.data.id}`)).status).toBe(204);
      expect((await admin.delete(`/api/entities/${response.body.data.id}?force=1`)).status).toBe(204);
    }

    const invalid: Array<[string, string]> = [
      ['12345678A', 'La letra de control del NIF no es correcta.'],
      ['1234567Z', 'El NIF debe tener 8 cifras y una letra de control (por ejemplo, 12345678Z).'],
      ['X1234567A', 'La letra de control del NIE no es correcta.'],
      [
        'X12345678',
        'El NIE debe tener la letra X, Y o Z, 7 cifras y una letra de control (por ejemplo, X1234567L).',
      ],
      ['K1234567A', 'La letra de control del NIF no es correcta.'],
      ['B12345675', 'El dígito de control del CIF no es correcto.'],
      ['B1234567D', 'El CIF que empieza por B termina en un dígito de control, no en una letra.'],
      ['P2807900C', 'La letra de control del CIF no es correcta.'],
      ['P28079002', 'El CIF que empieza por P termina en una letra de control, no en una cifra.'],
      ['G12345670', 'El dígito de control del CIF no es correcto.'],
      ['12345678Ñ', 'El NIF, NIE o CIF solo puede contener letras sin acentos y números.'],
    ];
    for (const [written, message] of invalid) {
      const response = await admin.post('/api/entities', {
        name: unique('Inválida'),
        type: 'otra',
        tax_id: written,
      });
      expect(response.status, written).toBe(422);
      expect(response.body.errors.tax_id, written).toEqual([message]);
      expect(response.body.message).toBe(message);
    }
    const t = await admin.post('/api/entities', {
      name: unique('Inválida'),
      type: 'otra',
      tax_id: 'T1234567L',
    });
    expect(t.body.errors.tax_id[0]).toMatch(
      /^El NIF, NIE o CIF no puede empezar por «T»: .*el NIE debe empezar por X, Y o Z/,
    );
  });

  test('a NIF/CIF belongs to one entity (422), also when two are written at once', async () => {
    const owner = await createEntity({ name: 'Asociación Vecinal Norte', tax_id: 'G-12345674' });
    const taken = await admin.post('/api/entities', {
      name: unique('Copia'),
      type: 'otra',
      tax_id: 'g12345674',
    });
    expect(taken.status).toBe(422);
    expect(taken.body.errors.tax_id).toEqual(['El NIF/CIF G12345674 ya es de «Asociación Vecinal Norte».']);

    const other = await createEntity({ name: unique('Otra asociación') });
    const moved = await admin.patch(`/api/entities/${other.id}`, {
      tax_id: 'G12345674',
      updated_at: other.updated_at,
    });
    expect(moved.status).toBe(422);
    expect(moved.body.errors.tax_id).toEqual(['El NIF/CIF G12345674 ya es de «Asociación Vecinal Norte».']);
    // Its own NIF again is no conflict.
    const same = await admin.patch(`/api/entities/${owner.id}`, {
      tax_id: 'G12345674',
      updated_at: owner.updated_at,
    });
    expect(same.status).toBe(200);

    const racing = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        admin.post('/api/entities', { name: `Simultánea ${i}`, type: 'empresa', tax_id: 'A28015865' }),
      ),
    );
    expect(racing.map((r) => r.status).sort()).toEqual([201, 422, 422, 422, 422]);
    for (const refused of racing.filter((r) => r.status === 422)) {
      expect(refused.body.errors.tax_id[0]).toMatch(
        /^(El NIF\/CIF A28015865 ya es de «Simultánea \d»\.|Ya hay otra entidad con este NIF\/CIF\.)$/,
      );
    }
  });

  test('type, email, phone and website are checked, with Spanish messages', async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [
        { type: 'club' },
        'type',
        'El tipo debe ser uno de estos: Ayuntamiento, Administración pública, Asociación, Fundación, Empresa, Otra.',
      ],
      [{ type: undefined }, 'type', 'El campo tipo es obligatorio.'],
      [
        { email: 'sin-arroba' },
        'email',
        'El campo correo electrónico debe ser una dirección de correo válida (por ejemplo, info@ejemplo.es).',
      ],
      [
        { phone: '12 34' },
        'phone',
        'El campo teléfono debe ser un número de teléfono de 9 a 15 cifras (por ejemplo, 920 123 456 o +34 920 123 456).',
      ],
      [
        { phone: '920 abc 456' },
        'phone',
        'El campo teléfono debe ser un número de teléfono de 9 a 15 cifras (por ejemplo, 920 123 456 o +34 920 123 456).',
      ],
      [{ website: 'javascript:alert(1)' }, 'website', 'El campo web debe empezar por http:// o https://.'],
      [{ website: 'ftp://ejemplo.es' }, 'website', 'El campo web debe empezar por http:// o https://.'],
      [
        { website: 'localhost' },
        'website',
        'El campo web debe ser una dirección web válida (por ejemplo, https://www.ejemplo.es).',
      ],
      [
        { website: 'https://usuario:clave@ejemplo.es' },
        'website',
        'El campo web debe ser una dirección web válida (por ejemplo, https://www.ejemplo.es).',
      ],
      [{ name: '' }, 'name', 'El campo nombre es obligatorio.'],
      [{ logo: 999999 }, 'logo', 'No existe el archivo «999999».'],
    ];
    for (const [fields, field, message] of cases) {
      const response = await admin.post('/api/entities', {
        name: unique('Comprobada'),
        type: 'otra',
        ...fields,
      });
      expect(response.status, JSON.stringify(fields)).toBe(422);
      expect(response.body.errors[field], JSON.stringify(fields)).toEqual([message]);
    }
    const good = await createEntity({
      name: unique('Contacto'),
      phone: '+34 (920) 12-34-56',
      website: 'http://ejemplo.es:8080/contacto',
    });
    expect(good).toMatchObject({ phone: '+34 (920) 12-34-56', website: 'http://ejemplo.es:8080/contacto' });
  });

  test('the list filters by type and active, searches the NIF, and sorts by name in Spanish', async () => {
    const tag = `filtro${Date.now().toString(36)}`;
    await createEntity({ name: `Ñandú ${tag}`, type: 'empresa', active: true });
    await createEntity({ name: `Álamo ${tag}`, type: 'empresa', active: false });
    await createEntity({ name: `Nube ${tag}`, type: 'fundacion', tax_id: 'Y1234567X' });
    const list = async (query: string) =>
      (await admin.get(`/api/entities?search=${tag}&${query}`)).body.data.map(
        (e: { name: string }) => e.name,
      );
    expect(await list('')).toEqual([`Álamo ${tag}`, `Nube ${tag}`, `Ñandú ${tag}`]);
    expect(await list('filter[type]=empresa')).toEqual([`Álamo ${tag}`, `Ñandú ${tag}`]);
    expect(await list('filter[type]=empresa&filter[active]=true')).toEqual([`Ñandú ${tag}`]);
    expect(await list('filter[active]=false')).toEqual([`Álamo ${tag}`]);
    const byNif = await admin.get('/api/entities?search=y1234567x');
    expect(byNif.body.data.map((e: { name: string }) => e.name)).toEqual([`Nube ${tag}`]);
    const badType = await admin.get('/api/entities?filter[type]=club');
    expect(badType.status).toBe(422);
    const csv = await admin.get(`/api/entities?search=${tag}&format=csv`);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.text).toContain('Fundación');
    expect(csv.text).toContain('Y1234567X');
  });

  test('a space: its entity by id read as {id, name}, capacity, the gallery in order and reordered', async () => {
    const entity = await createEntity({ name: 'Diputación de Segovia', type: 'administracion' });
    const [a, b, c] = [
      await upload('a.png', '#f00'),
      await upload('b.png', '#0f0'),
      await upload('c.png', '#00f'),
    ];
    const space = await createSpace({
      name: 'Salón de actos',
      entity: entity.id,
      capacity: 120,
      address: 'Calle San Agustín, 23',
      images: [c!.id, a!.id, b!.id],
    });
    expect(space).toMatchObject({
      slug: 'salon-de-actos',
      capacity: 120,
      active: true,
      entity: { id: entity.id, name: 'Diputación de Segovia' },
    });
    expect(space.entity).toEqual({ id: entity.id, name: 'Diputación de Segovia' });
    expect(space.images.map((image: { name: string }) => image.name)).toEqual(['c.png', 'a.png', 'b.png']);
    expect(space.images[0]).toMatchObject({ id: c!.id, alt: null, width: 40, height: 30 });
    expect(space.images[0].url).toMatch(/\/storage\/media\//);
    expect(space.images[0].thumbnail_url).toMatch(/\/storage\/media\//);

    const reordered = await admin.patch(`/api/spaces/${space.id}`, {
      images: [b!.id, c!.id, a!.id],
      updated_at: space.updated_at,
    });
    expect(reordered.status, reordered.text).toBe(200);
    const again = (await admin.get(`/api/spaces/${space.id}`)).body.data;
    expect(again.images.map((image: { id: number }) => image.id)).toEqual([b!.id, c!.id, a!.id]);
    // Other fields left out of an update stay as they were.
    expect(again).toMatchObject({ capacity: 120, entity: { id: entity.id } });
    const history = await admin.get(`/api/spaces/${space.id}/audit`);
    expect(history.body.data[0].changes).toEqual({
      images: { from: ['c.png', 'a.png', 'b.png'], to: ['b.png', 'c.png', 'a.png'] },
    });

    expect((await admin.get(`/api/entities/${entity.id}`)).body.data.spaces_count).toBe(1);

    // No entity, no capacity, an empty gallery are fine.
    const plain = await createSpace({ name: unique('Plaza'), entity: null, capacity: null });
    expect(plain).toMatchObject({ entity: null, capacity: null, images: [] });
    const zero = await createSpace({ name: unique('Almacén'), capacity: 0 });
    expect(zero.capacity).toBe(0);
  });

  test('a space: what is wrong is refused on its field', async () => {
    const image = await upload('repetida.png', '#999');
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ capacity: -1 }, 'capacity', 'El campo aforo no puede ser negativo.'],
      [{ capacity: 2.5 }, 'capacity', 'El campo aforo debe ser un número entero de personas.'],
      [{ capacity: '100' }, 'capacity', 'El campo aforo debe ser un número entero de personas.'],
      [{ entity: 999999 }, 'entity', 'No existe la entidad «999999».'],
      [{ entity: 'uno' }, 'entity', 'El campo entidad debe ser el número (id) de un elemento.'],
      [{ images: [999998, 999999] }, 'images', 'No existen los archivos «999998», «999999».'],
      [{ images: 'a.png' }, 'images', 'El campo imágenes debe ser una lista de ids de la biblioteca.'],
    ];
    for (const [fields, field, message] of cases) {
      const response = await admin.post('/api/spaces', { name: unique('Mal'), ...fields });
      expect(response.status, JSON.stringify(fields)).toBe(422);
      expect(response.body.errors[field], JSON.stringify(fields)).toEqual([message]);
    }
    // The same image twice: refused (not silently merged), naming which one repeats which.
    const twice = await admin.post('/api/spaces', {
      name: unique('Doble'),
      images: [image.id, 999, image.id],
    });
    expect(twice.status).toBe(422);
    expect(twice.body.errors).toEqual({
      'images.2': ['La imagen 3 de la galería está repetida: es la misma que la 1.'],
    });
  });

  test('the spaces list filters by entity and active', async () => {
    const one = await createEntity({ name: unique('Dueña uno') });
    const two = await createEntity({ name: unique('Dueña dos') });
    const tag = `esp${Date.now().toString(36)}`;
    await createSpace({ name: `Pista ${tag}`, entity: one.id, capacity: 300 });
    await createSpace({ name: `Aula ${tag}`, entity: one.id, capacity: 25, active: false });
    await createSpace({ name: `Patio ${tag}`, entity: two.id, capacity: 80 });
    await createSpace({ name: `Solar ${tag}` });
    const list = async (query: string) =>
      (await admin.get(`/api/spaces?search=${tag}&${query}`)).body.data.map((s: { name: string }) => s.name);
    expect(await list(`filter[entity]=${one.id}`)).toEqual([`Aula ${tag}`, `Pista ${tag}`]);
    expect(await list(`filter[entity]=${one.id}&filter[active]=true`)).toEqual([`Pista ${tag}`]);
    expect(await list(`filter[entity]=${two.id}`)).toEqual([`Patio ${tag}`]);
    // By capacity, smallest first; a space whose capacity is not given comes after the rest.
    expect(await list('sort=capacity&filter[active]=true')).toEqual([
      `Patio ${tag}`,
      `Pista ${tag}`,
      `Solar ${tag}`,
    ]);
    expect((await admin.get('/api/spaces?filter[entity]=uno')).status).toBe(422);
    const entity = (await admin.get(`/api/entities/${one.id}`)).body.data;
    expect(entity.spaces_count).toBe(2);
  });

  test('an entity with spaces is not deleted (422 with the count), alone or in bulk', async () => {
    const owner = await createEntity({ name: 'Club Deportivo Ribera' });
    const other = await createEntity({ name: 'Peña Los Amigos' });
    const empty = await createEntity({ name: unique('Sin espacios') });
    const first = await createSpace({ name: unique('Campo'), entity: owner.id });
    await createSpace({ name: unique('Vestuario'), entity: owner.id });
    await createSpace({ name: unique('Sede'), entity: other.id });

    const refused = await admin.delete(`/api/entities/${owner.id}`);
    expect(refused.status).toBe(422);
    expect(refused.body.errors.ids).toEqual([
      'No se puede eliminar «Club Deportivo Ribera»: tiene 2 espacios. Elimínelos o cámbielos de entidad antes.',
    ]);
    const bulk = await admin.delete('/api/entities', { ids: [empty.id, owner.id, other.id] });
    expect(bulk.status).toBe(422);
    expect(bulk.body.errors.ids).toEqual([
      'No se pueden eliminar: «Club Deportivo Ribera» tiene 2 espacios; «Peña Los Amigos» tiene 1 espacio.',
    ]);
    // All or nothing: the empty one is still there.
    expect((await admin.get(`/api/entities/${empty.id}`)).status).toBe(200);

    // Once its spaces go elsewhere, it may go; its former spaces stay.
    const spaces = (await admin.get(`/api/spaces?filter[entity]=${owner.id}`)).body.data;
    for (const space of spaces) {
      const moved = await admin.patch(`/api/spaces/${space.id}`, {
        entity: null,
        updated_at: space.updated_at,
      });
      expect(moved.status).toBe(200);
    }
    expect((await admin.delete(`/api/entities/${owner.id}`)).status).toBe(204);
    expect((await admin.get(`/api/spaces/${first.id}`)).body.data.entity).toBeNull();
  });

  test('a delete racing a new space for that entity: never a 500, never an orphan', async () => {
    const pairs = await Promise.all(
      Array.from({ length: 8 }, async (_, i) => {
        const entity = await createEntity({ name: unique(`Carrera ${i}`) });
        const [space, removal] = await Promise.all([
          admin.post('/api/spaces', { name: unique('Nuevo'), entity: entity.id }),
          admin.delete(`/api/entities/${entity.id}`),
        ]);
        return { entity, space, removal };
      }),
    );
    for (const { entity, space, removal } of pairs) {
      // Either the space came first (the delete is refused naming it) or the delete did (the space
      // is refused: its entity no longer exists).
      if (space.status === 201) {
        expect(removal.status, removal.text).toBe(422);
        expect(removal.body.errors.ids[0]).toMatch(/tiene 1 espacio|tiene espacios/);
        expect(space.body.data.entity).toEqual({ id: entity.id, name: entity.name });
      } else {
        expect(space.status, space.text).toBe(422);
        expect(space.body.errors.entity).toEqual([`No existe la entidad «${entity.id}».`]);
        expect(removal.status).toBe(204);
      }
    }
    const orphans = await server.database.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM spaces s WHERE s.entity_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM entities e WHERE e.id = s.entity_id)',
    );
    expect(orphans[0]!.count).toBe(0);
  });

  test.skipIf(engine !== 'pgsql')(
    'a delete that waited for a space being created for its entity counts that space',
    async () => {
      const entity = await createEntity({ name: 'Entidad en espera' });
      const other = server.anotherDatabase();
      let removal: Promise<Awaited<ReturnType<TestClient['delete']>>> | undefined;
      let answered = false;
      await other.transaction(async (tx) => {
        // Another process creates a space for the entity: its foreign key locks the entity FOR KEY SHARE.
        await tx.query(
          "INSERT INTO spaces (name, slug, entity_id) VALUES ('Llegó antes', 'llego-antes', $1)",
          [entity.id],
        );
        removal = admin.delete(`/api/entities/${entity.id}`);
        void removal.then(() => {
          answered = true;
        });
        // The delete waits for this transaction (it locks the entity FOR UPDATE).
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(answered).toBe(false);
      });
      const response = await removal!;
      expect(response.status, response.text).toBe(422);
      expect(response.body.errors.ids).toEqual([
        'No se puede eliminar «Entidad en espera»: tiene 1 espacio. Elimínelos o cámbielos de entidad antes.',
      ]);
    },
  );

  test('logos and gallery images are media usages; a used image cannot be deleted', async () => {
    const logo = await upload('logo-club.png', '#123456');
    const photo = await upload('foto-sala.png', '#654321');
    const entity = await createEntity({ name: 'Club de Lectura', logo: logo.id });
    const space = await createSpace({
      name: 'Sala de lectura',
      entity: entity.id,
      images: [photo.id, logo.id],
    });

    expect((await admin.get(`/api/multimedia/${logo.id}/usage`)).body.data).toEqual([
      { area: 'entities', id: entity.id, title: 'Club de Lectura' },
      { area: 'spaces', id: space.id, title: 'Sala de lectura' },
    ]);
    const refused = await admin.delete(`/api/multimedia/${photo.id}`);
    expect(refused.status).toBe(422);
    expect(refused.body.errors.ids).toEqual([
      'No se puede eliminar «foto-sala.png»: se usa en Espacios «Sala de lectura».',
    ]);
    const logoRefused = await admin.delete(`/api/multimedia/${logo.id}`);
    expect(logoRefused.body.errors.ids).toEqual([
      'No se puede eliminar «logo-club.png»: se usa en Entidades «Club de Lectura»; Espacios «Sala de lectura».',
    ]);

    // Out of the gallery, the photo is free again; the space's delete frees the logo's second usage.
    const edited = await admin.patch(`/api/spaces/${space.id}`, {
      images: [logo.id],
      updated_at: space.updated_at,
    });
    expect(edited.status).toBe(200);
    expect((await admin.get(`/api/multimedia/${photo.id}/usage`)).body.data).toEqual([]);
    expect((await admin.delete(`/api/multimedia/${photo.id}`)).status).toBe(204);
    expect((await admin.delete(`/api/spaces/${space.id}`)).status).toBe(204);
    expect((await admin.get(`/api/multimedia/${logo.id}/usage`)).body.data).toEqual([
      { area: 'entities', id: entity.id, title: 'Club de Lectura' },
    ]);
    const noLogo = await admin.patch(`/api/entities/${entity.id}`, {
      logo: null,
      updated_at: entity.updated_at,
    });
    expect(noLogo.status).toBe(200);
    expect((await admin.delete(`/api/multimedia/${logo.id}`)).status).toBe(204);
  });

  test('editors and readers view entities and spaces but do not change them', async () => {
    const entity = await createEntity({ name: unique('Solo lectura') });
    for (const role of ['editor', 'lector']) {
      const { client } = await server.signIn({ roles: [role] });
      expect((await client.get('/api/entities')).status).toBe(200);
      expect((await client.get('/api/spaces')).status).toBe(200);
      expect((await client.post('/api/entities', { name: 'No', type: 'otra' })).status).toBe(403);
      expect((await client.post('/api/spaces', { name: 'No' })).status).toBe(403);
      expect((await client.delete(`/api/entities/${entity.id}`)).status).toBe(403);
    }
  });
});
