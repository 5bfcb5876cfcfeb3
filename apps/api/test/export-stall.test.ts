import { readdir } from 'node:fs/promises';
import { connect, type Socket } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestClient, type TestServer, testDatabases } from './support';

// Decision 012: a CSV export is read whole into a temporary file and the connection released before
// it is sent, so downloads that never read hold no pooled connection; one that stalls is cut off.

const ROWS = 15_000;
const IDLE_MS = 1_500;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(testDatabases())('CSV exports never stall the server (%s)', (engine) => {
  let server: TestServer;
  let admin: TestClient;
  let cookie: string;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    // The server's own pool size (db/client.ts), not the smaller one tests usually share.
    server = await startTestServer(engine, {}, { poolMax: 10, exportIdleTimeoutMs: IDLE_MS });
    ({ client: admin } = await server.signIn({ roles: ['admin'] }));
    cookie = [...admin.jar].map(([name, value]) => `${name}=${value}`).join('; ');
    // About 8 MB of CSV: far more than the sockets' buffers hold for a client that reads nothing.
    await server.database.query(
      `INSERT INTO pages (title, slug)
       SELECT 'Página de exportación ' || n || ' ' || repeat('relleno ', 28), 'exportacion-' || n || '-' || repeat('x', 220)
         FROM generate_series(1, ${ROWS}) AS n`,
    );
  }, 60_000);
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await server?.close();
  });

  /**
   * A download that takes its answer's first bytes and then reads nothing more. (On PGlite, one
   * connection, exports are read one after another at database speed: the first bytes may take a while.)
   */
  function stalledDownload(): Promise<Socket> {
    return new Promise((resolve) => {
      const socket = connect({ port: server.port, host: '127.0.0.1' });
      sockets.push(socket);
      socket.on('error', () => {});
      const timer = setTimeout(() => resolve(socket), 40_000);
      socket.once('data', () => {
        socket.pause();
        clearTimeout(timer);
        resolve(socket);
      });
      socket.write(
        `GET /api/pages?format=csv HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\n` +
          `Origin: ${admin.origin}\r\nCookie: ${cookie}\r\nAccept: text/csv\r\n\r\n`,
      );
    });
  }

  const spooled = async () =>
    (await readdir(path.join(server.config.storagePath, 'tmp')).catch(() => [] as string[])).filter((name) =>
      name.startsWith('export-'),
    );

  test('a plain list answers while twelve downloads read nothing', async () => {
    const downloads = await Promise.all(Array.from({ length: 12 }, stalledDownload));
    expect(downloads.every((socket) => socket.isPaused())).toBe(true);
    await sleep(200);
    // Were the downloads holding the pool's connections, it would wait until they finished: it answers
    // (a behaviour, not a timing: a loaded runner may take over a second to answer anything).
    const list = await Promise.race([admin.get('/api/pages?per_page=5'), sleep(5_000).then(() => null)]);
    expect(list?.status).toBe(200);
    expect(list?.body.meta.total).toBeGreaterThanOrEqual(ROWS);
    expect(downloads.every((socket) => !socket.destroyed)).toBe(true);
    for (const socket of downloads) socket.destroy();
  }, 90_000);

  test('downloads abandoned before their answer stop reading the database at their next batch', async () => {
    const gone = Array.from({ length: 12 }, () => {
      const socket = connect({ port: server.port, host: '127.0.0.1' });
      socket.on('error', () => {});
      socket.write(
        `GET /api/pages?format=csv HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\n` +
          `Origin: ${admin.origin}\r\nCookie: ${cookie}\r\nAccept: text/csv\r\n\r\n`,
      );
      return socket;
    });
    await sleep(300);
    for (const socket of gone) socket.destroy();
    // On PGlite's one connection, twelve whole exports would keep a list waiting for seconds.
    await sleep(300);
    const started = performance.now();
    expect((await admin.get('/api/pages?per_page=5')).status).toBe(200);
    expect(performance.now() - started).toBeLessThan(1_500);
    await expect.poll(spooled, { timeout: 3_000, interval: 100 }).toEqual([]);
  }, 60_000);

  test('a stalled download is cut off after the bound, and its file removed', async () => {
    // Watched from the server's side: whether the answer was ever handed over whole. (Read from the
    // client, an 8 MB answer may fit in the kernel's buffers once its window has grown.)
    const answers: import('node:http').ServerResponse[] = [];
    const watch = (
      request: import('node:http').IncomingMessage,
      response: import('node:http').ServerResponse,
    ) => {
      if (request.url?.includes('format=csv')) answers.push(response);
    };
    server.app.server.on('request', watch);
    try {
      // A client that reads nothing at all: its receive window never grows past its first size.
      const socket = connect({ port: server.port, host: '127.0.0.1' });
      sockets.push(socket);
      socket.on('error', () => {});
      socket.pause();
      socket.write(
        `GET /api/pages?format=csv HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\n` +
          `Origin: ${admin.origin}\r\nCookie: ${cookie}\r\nAccept: text/csv\r\n\r\n`,
      );
      await expect.poll(() => answers[0]?.headersSent ?? false, { timeout: 40_000, interval: 50 }).toBe(true);
      const answer = answers[0]!;
      await expect.poll(() => answer.destroyed, { timeout: IDLE_MS + 5_000, interval: 100 }).toBe(true);
      // Cut off: the server never handed over the whole answer.
      expect(answer.writableFinished).toBe(false);
      await sleep(200);
      expect(await spooled()).toEqual([]);
    } finally {
      server.app.server.off('request', watch);
    }
  }, 60_000);

  test('a download read at once is whole, in the same format, and leaves no file behind', async () => {
    const csv = await admin.get('/api/pages?format=csv&sort=-created_at');
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.text.charCodeAt(0)).toBe(0xfeff);
    const lines = csv.text.slice(1).split('\r\n');
    expect(lines[0]).toBe('ID;Título;Dirección web (slug);Estado;Publicación;Modificada');
    expect(lines.at(-1)).toBe('');
    expect(lines.length - 2).toBeGreaterThanOrEqual(ROWS);
    expect(lines[1]).toMatch(new RegExp(`^\\d+;Página de exportación ${ROWS} relleno`));
    expect(await spooled()).toEqual([]);
  }, 60_000);
});
