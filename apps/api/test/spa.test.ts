import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { MESSAGES } from '@gestor/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp } from '../src/app';
import { startTestServer, type TestServer, testDatabases } from './support';
import { rawGet } from './support/raw-http';

const SCRIPT = `console.log(${JSON.stringify('compresible '.repeat(200))});`;

// docs/architecture.md: one process serves the built SPA beside the API. Every page address answers the
// SPA's index.html (never cached), hashed assets are cached for a year, and /api stays JSON.

describe('the built SPA served by the API server', () => {
  let server: TestServer;
  let dist: string;
  let base: string;
  let close: () => Promise<void>;

  beforeAll(async () => {
    server = await startTestServer('pglite');
    dist = mkdtempSync(path.join(tmpdir(), 'gestor-web-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Gestor</title><div id="root"></div>');
    writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
    // As the build leaves them (apps/web/vite-plugins/precompress.ts): compressed copies beside.
    writeFileSync(path.join(dist, 'assets', 'main-def456.js'), SCRIPT);
    writeFileSync(path.join(dist, 'assets', 'main-def456.js.br'), brotliCompressSync(SCRIPT));
    writeFileSync(path.join(dist, 'assets', 'main-def456.js.gz'), gzipSync(SCRIPT));
    writeFileSync(path.join(dist, 'version.json'), '{"version":"1"}');
    writeFileSync(path.join(dist, '.build-inputs'), 'abc\n');
    const app = await buildApp({ config: server.config, database: server.database, webDist: dist });
    base = await app.listen({ port: 0, host: '127.0.0.1' });
    close = () => app.close();
  });
  afterAll(async () => {
    await close?.();
    await server?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  test('the root and any page address answer index.html, never cached', async () => {
    for (const page of ['/', '/auth/login', '/user/12', '/no-existe']) {
      const response = await fetch(base + page);
      expect(response.status, page).toBe(200);
      expect(response.headers.get('content-type'), page).toMatch(/^text\/html/);
      expect(response.headers.get('cache-control'), page).toBe('no-cache');
      expect(await response.text(), page).toContain('<div id="root">');
    }
    const head = await fetch(`${base}/`, { method: 'HEAD' });
    expect(head.status).toBe(200);
  });

  test('hashed assets are cached for a year; other files are checked on every load', async () => {
    const asset = await fetch(`${base}/assets/index-abc123.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const version = await fetch(`${base}/version.json`);
    expect(version.status).toBe(200);
    expect(version.headers.get('cache-control')).toBe('no-cache');
  });

  test('unknown API addresses stay JSON 404s, not the SPA', async () => {
    for (const address of ['/api/no-existe', '/sanctum/no-existe']) {
      const response = await fetch(base + address, { headers: { accept: 'application/json' } });
      expect(response.status, address).toBe(404);
      expect(await response.json(), address).toEqual({ message: MESSAGES.routeNotFound });
    }
  });

  test('a missing file is a JSON 404 in Spanish, not the SPA; only page addresses get index.html', async () => {
    for (const address of [
      '/assets/missing.js',
      '/assets/missing.css',
      '/assets/nueva-pantalla',
      '/assets/',
      '/favicon.ico',
      '/logo.png',
      '/user/12/avatar.jpg',
      '/themes/lara-light-indigo/no-existe.css',
      '/.build-inputs',
      '/.env',
    ]) {
      const response = await fetch(base + address, { headers: { accept: '*/*' } });
      expect(response.status, address).toBe(404);
      expect(response.headers.get('content-type'), address).toMatch(/^application\/json/);
      expect(await response.json(), address).toEqual({ message: MESSAGES.routeNotFound });
    }
    const head = await fetch(`${base}/assets/missing.js`, { method: 'HEAD' });
    expect(head.status).toBe(404);
    // Page addresses, including ones whose query string holds dots (an e-mail in a reset link).
    const page = await fetch(`${base}/auth/reset/abc123?email=ana@example.org`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
  });

  test('scripts are sent precompressed, as the browser accepts them, with Vary: Accept-Encoding', async () => {
    const url = `${base}/assets/main-def456.js`;
    const br = await rawGet(url, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^(?:text|application)\/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(br.body.length).toBeLessThan(SCRIPT.length / 5);
    expect(brotliDecompressSync(br.body).toString()).toBe(SCRIPT);

    const gzip = await rawGet(url, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(gzip.body).toString()).toBe(SCRIPT);

    for (const acceptEncoding of [undefined, 'identity', 'deflate']) {
      const plain = await rawGet(url, acceptEncoding ? { 'accept-encoding': acceptEncoding } : {});
      expect(plain.status, acceptEncoding).toBe(200);
      expect(plain.headers['content-encoding'], acceptEncoding).toBeUndefined();
      expect(plain.headers.vary, acceptEncoding).toMatch(/accept-encoding/i);
      expect(plain.body.toString(), acceptEncoding).toBe(SCRIPT);
    }
    // A file without compressed copies is sent as it is.
    const small = await rawGet(`${base}/assets/index-abc123.js`, { 'accept-encoding': 'br, gzip' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body.toString()).toBe('console.log(1)');
  });

  test('robots.txt keeps search engines out of the back office', async () => {
    const response = await fetch(`${base}/robots.txt`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await response.text()).toBe('User-agent: *\nDisallow: /\n');
  });
});

describe.each(testDatabases())('API answers are never cached (%s)', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(() => server?.close());

  test('signed in or not, every /api and /sanctum answer carries Cache-Control: no-store', async () => {
    const { client } = await server.signIn({ roles: ['admin'] });
    const user = await client.get('/api/user');
    expect(user.status).toBe(200);
    expect(user.headers.get('cache-control')).toBe('no-store');
    const list = await client.get('/api/users');
    expect(list.status).toBe(200);
    expect(list.headers.get('cache-control')).toBe('no-store');

    const anonymous = server.client();
    const unauthenticated = await anonymous.get('/api/user');
    expect(unauthenticated.status).toBe(401);
    expect(unauthenticated.headers.get('cache-control')).toBe('no-store');
    const csrf = await anonymous.get('/sanctum/csrf-cookie');
    expect(csrf.status).toBe(204);
    expect(csrf.headers.get('cache-control')).toBe('no-store');
    for (const response of [await anonymous.get('/api/no-existe'), await anonymous.post('/api/login', {})]) {
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.headers.get('cache-control')).toBe('no-store');
    }
    const health = await anonymous.get('/up');
    expect(health.status).toBe(200);
  });
});
