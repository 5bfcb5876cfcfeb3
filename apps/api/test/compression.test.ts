import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { INLINE_COMPRESSION_MAX_BYTES, negotiateEncoding } from '../src/plugins/compression';
import { startTestServer, type TestClient, type TestServer, testDatabases, uniqueEmail } from './support';
import { rawGet } from './support/raw-http';

// JSON answers of 1 kB or more travel compressed when the client accepts brotli or
// gzip, and decode to the very same JSON; smaller answers, clients that accept neither, the CSV
// export and the SPA's precompressed files (spa.test.ts) are sent as they are. /api stays no-store.

describe('negotiateEncoding', () => {
  test.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['br', 'br'],
    ['x-gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0.5, gzip;q=0.8', 'gzip'],
    ['gzip;q=0.8, BR;q=0.8', 'br'],
    ['*', 'br'],
    ['*;q=0, gzip', 'gzip'],
    ['identity', null],
    ['deflate', null],
    ['br;q=0, gzip;q=0', null],
    ['', null],
    [undefined, null],
    ['br;q=nonsense, gzip;q=0', 'br'],
  ] as const)('%j → %s', (header, expected) => {
    expect(negotiateEncoding(header)).toBe(expected);
  });
});

describe.each(testDatabases())('JSON answers compressed as the client accepts (%s)', (engine) => {
  let server: TestServer;
  let admin: TestClient;
  const listPath = '/api/users?per_page=50&lang=es';

  beforeAll(async () => {
    server = await startTestServer(engine);
    ({ client: admin } = await server.signIn({ roles: ['admin'] }));
    for (let index = 0; index < 8; index++) {
      const created = await admin.post('/api/users', {
        name: `Persona Número ${index} de la Lista Larga`,
        email: uniqueEmail('comprimida'),
        roles: ['lector'],
        password: 'una-contraseña-larga',
      });
      expect(created.status).toBe(201);
    }
  });
  afterAll(() => server?.close());

  /** The headers the SPA's requests carry, with the admin's cookies, plus the given ones. */
  const asAdmin = (extra: Record<string, string> = {}) => ({
    accept: 'application/json',
    origin: admin.origin ?? server.url,
    referer: `${admin.origin ?? server.url}/`,
    cookie: [...admin.jar].map(([name, value]) => `${name}=${value}`).join('; '),
    ...extra,
  });

  test('without Accept-Encoding a list is plain JSON of more than 1 kB', async () => {
    const plain = await rawGet(`${server.url}${listPath}`, asAdmin());
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    expect(JSON.parse(plain.body.toString('utf8')).data.length).toBeGreaterThanOrEqual(9);
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
  });

  test.each([
    ['br', 'gzip, deflate, br, zstd', brotliDecompressSync],
    ['gzip', 'gzip, deflate', gunzipSync],
  ] as const)('a list comes as %s, smaller, and decodes to the same JSON', async (encoding, accept, decode) => {
    const plain = await rawGet(`${server.url}${listPath}`, asAdmin());
    const compressed = await rawGet(`${server.url}${listPath}`, asAdmin({ 'accept-encoding': accept }));
    expect(compressed.status).toBe(200);
    expect(compressed.headers['content-encoding']).toBe(encoding);
    expect(compressed.headers['content-type']).toMatch(/^application\/json/);
    expect(compressed.headers['cache-control']).toBe('no-store');
    expect(compressed.headers.vary).toMatch(/accept-encoding/i);
    expect(compressed.body.length).toBeLessThan(plain.body.length / 2);
    expect(Number(compressed.headers['content-length'] ?? compressed.body.length)).toBe(
      compressed.body.length,
    );
    expect(JSON.parse(decode(compressed.body).toString('utf8'))).toEqual(
      JSON.parse(plain.body.toString('utf8')),
    );
  });

  test.each([
    ['br', 'gzip, deflate, br, zstd', brotliDecompressSync],
    ['gzip', 'gzip, deflate', gunzipSync],
  ] as const)("an answer too large to compress on the request's thread comes as %s all the same", async (encoding, accept, decode) => {
    const paragraphs = Array.from(
      { length: 900 },
      (_, index) =>
        `<p>Párrafo ${index} del acta del pleno: se aprueba el punto ${index * 7} del orden del día.</p>`,
    );
    const created = await admin.post('/api/news', {
      title: 'Acta larga del pleno',
      body: paragraphs.join(''),
    });
    expect(created.status, created.text).toBe(201);
    const path = `/api/news/${created.body.data.id}?lang=es`;
    const plain = await rawGet(`${server.url}${path}`, asAdmin());
    expect(plain.body.length).toBeGreaterThan(INLINE_COMPRESSION_MAX_BYTES);
    const compressed = await rawGet(`${server.url}${path}`, asAdmin({ 'accept-encoding': accept }));
    expect(compressed.status).toBe(200);
    expect(compressed.headers['content-encoding']).toBe(encoding);
    expect(compressed.headers.vary).toMatch(/accept-encoding/i);
    expect(compressed.body.length).toBeLessThan(plain.body.length / 4);
    expect(JSON.parse(decode(compressed.body).toString('utf8'))).toEqual(
      JSON.parse(plain.body.toString('utf8')),
    );
  });

  test('an answer under 1 kB is not compressed', async () => {
    const { client } = await server.signIn({ roles: ['lector'] });
    const small = await rawGet(`${server.url}/api/user?lang=es`, {
      ...asAdmin({ 'accept-encoding': 'br, gzip' }),
      cookie: [...client.jar].map(([name, value]) => `${name}=${value}`).join('; '),
    });
    expect(small.status).toBe(200);
    expect(small.body.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.body.toString('utf8')).data.id).toEqual(expect.any(Number));
    const unauthenticated = await rawGet(`${server.url}/api/user`, { 'accept-encoding': 'br' });
    expect(unauthenticated.status).toBe(401);
    expect(unauthenticated.headers['content-encoding']).toBeUndefined();
    expect(unauthenticated.headers['cache-control']).toBe('no-store');
  });

  test('a client that refuses both codings gets plain JSON', async () => {
    const plain = await rawGet(
      `${server.url}${listPath}`,
      asAdmin({ 'accept-encoding': 'br;q=0, gzip;q=0, identity' }),
    );
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(plain.body.toString('utf8')).data.length).toBeGreaterThanOrEqual(9);
  });

  test('the CSV export streams as it is, never compressed by the server', async () => {
    const csv = await rawGet(
      `${server.url}/api/users?format=csv&lang=es`,
      asAdmin({ 'accept-encoding': 'gzip, deflate, br' }),
    );
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-encoding']).toBeUndefined();
    expect(csv.body.toString('utf8')).toMatch(/^\uFEFF/);
    expect(csv.body.toString('utf8')).toContain('Persona Número 7 de la Lista Larga');
  });
});
