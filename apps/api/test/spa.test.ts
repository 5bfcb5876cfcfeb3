import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MESSAGES } from '@gestor/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp } from '../src/app';
import { startTestServer, type TestServer } from './support';

// DESIGN.md §1: one process serves the built SPA beside the API. Every page address answers the
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
    writeFileSync(path.join(dist, 'version.json'), '{"version":"1"}');
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
});
