import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestClient, type TestServer, testDatabases } from './support';

// In every area with full-text search, a singular finds its plural and the plural its singular, typed with or without accents, in any case (migration
// 0012, decision 015).

const PAIRS: [string, string][] = [
  ['información', 'informaciones'],
  ['canción', 'canciones'],
  ['actividad', 'actividades'],
  ['pez', 'peces'],
  ['autobús', 'autobuses'],
  ['joven', 'jóvenes'],
  ['examen', 'exámenes'],
];

/** What a person types without accents: "Información" → "Informacion". */
const unaccented = (word: string) => word.normalize('NFD').replace(/\p{M}/gu, '').normalize('NFC');

/** Each way a person may type a word: as written, without accents, in capitals, capitalized. */
const typings = (word: string) => [
  word,
  unaccented(word),
  word.toUpperCase(),
  unaccented(word).toUpperCase(),
  word.charAt(0).toUpperCase() + word.slice(1),
];

const AREAS = ['news', 'pages', 'tests'] as const;

describe.each(testDatabases())('Spanish search: singular and plural find each other (%s)', (engine) => {
  let server: TestServer;
  let admin: TestClient;

  beforeAll(async () => {
    server = await startTestServer(engine);
    ({ client: admin } = await server.signIn({ roles: ['admin'] }));
    for (const area of AREAS) {
      for (const [singular, plural] of PAIRS) {
        for (const title of [`Aviso sobre ${singular}`, `Aviso sobre ${plural}`]) {
          const created = await admin.post(`/api/${area}`, { title });
          expect(created.status, created.text).toBe(201);
        }
      }
      const created = await admin.post(`/api/${area}`, { title: 'Informaciones útiles para los vecinos' });
      expect(created.status, created.text).toBe(201);
    }
  });
  afterAll(() => server?.close());

  const titlesFound = async (area: string, search: string) => {
    const response = await admin.get(`/api/${area}?search=${encodeURIComponent(search)}&per_page=100`);
    expect(response.status, response.text).toBe(200);
    return (response.body.data as { title: string }[]).map((row) => row.title);
  };

  describe.each(AREAS)('%s', (area) => {
    test.each(
      PAIRS,
    )('%s and %s, each way, with or without accents and capitals', async (singular, plural) => {
      for (const word of [singular, plural]) {
        for (const typed of typings(word)) {
          const found = await titlesFound(area, typed);
          expect(found, `"${typed}"`).toEqual(
            expect.arrayContaining([`Aviso sobre ${singular}`, `Aviso sobre ${plural}`]),
          );
        }
      }
    });

    test('"información", "informacion" and "informaciones" find "Informaciones útiles para los vecinos"', async () => {
      for (const typed of ['información', 'informacion', 'INFORMACIÓN', 'informaciones']) {
        expect(await titlesFound(area, typed)).toContain('Informaciones útiles para los vecinos');
      }
      // Not everything: a word from no title finds none of them.
      expect(await titlesFound(area, 'canciones')).not.toContain('Informaciones útiles para los vecinos');
    });
  });
});
