import { connect } from 'node:net';
import { Writable } from 'node:stream';
import { MESSAGES } from '@gestor/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config/config';
import { ValidationError } from '../src/lib/http-errors';
import { validate } from '../src/lib/validate';
import {
  openTestDatabase,
  startTestServer,
  type TestClient,
  type TestDatabase,
  type TestServer,
  testDatabases,
  uniqueEmail,
} from './support';
import { type RawResponse, rawRequest } from './support/raw-http';

// docs/http-api.md#errors: nothing a client sends gives a 500 or a dropped connection; every error
// is Spanish JSON that never echoes the URL; text with U+0000 is a 422 on its field; ids beyond
// PostgreSQL's integer range are a 422 in a body; reset tokens never reach the request log.

const NUL = '\u0000';
const invalidChars = (label: string) => `El campo ${label} contiene caracteres no válidos.`;

describe.each(testDatabases())('robustness (%s)', (engine) => {
  let server: TestServer;
  let admin: TestClient;
  beforeAll(async () => {
    server = await startTestServer(engine);
    ({ client: admin } = await server.signIn({ roles: ['admin'] }));
  });
  afterAll(() => server?.close());

  const newUser = (overrides: Record<string, unknown> = {}) => ({
    name: 'Persona Nueva',
    email: uniqueEmail('nueva'),
    roles: ['lector'],
    password: 'una-contraseña-larga',
    ...overrides,
  });

  describe('U+0000 in text is a 422 on that field', () => {
    test('in list query parameters: search, filter values and sort', async () => {
      const cases: Array<[string, string]> = [
        ['/api/users?search=%00', 'search'],
        ['/api/users?search=ana%00', 'search'],
        ['/api/users?filter[role]=%00', 'filter.role'],
        ['/api/users?filter[role]=admin%00', 'filter.role'],
        ['/api/users?filter[active]=%00', 'filter.active'],
        ['/api/users?sort=name%00', 'sort'],
        ['/api/roles?search=%00', 'search'],
        ['/api/users/1/audit?search=%00', 'search'],
        ['/api/users?search=a&search=%00', 'search'],
      ];
      for (const [url, field] of cases) {
        const response = await admin.get(url);
        expect(response.status, url).toBe(422);
        expect(response.headers.get('content-type'), url).toMatch(/^application\/json/);
        expect(Object.keys(response.body.errors), url).toContain(field);
        expect(response.body.errors[field][0], url).toMatch(/caracteres no válidos/);
      }
    });

    test('in a CSV export it is a 422 before anything is streamed, not a reset connection', async () => {
      const response = await admin.get('/api/users?format=csv&search=%00');
      expect(response.status).toBe(422);
      expect(response.body.errors.search).toEqual([expect.stringMatching(/caracteres no válidos/)]);
    });

    test('in user fields on create and update', async () => {
      for (const [field, value, label] of [
        ['name', `Ana${NUL}`, 'nombre'],
        ['email', `ana${NUL}@example.com`, 'correo electrónico'],
        ['password', `contraseña${NUL}larga`, 'contraseña'],
      ] as const) {
        const response = await admin.post('/api/users', newUser({ [field]: value }));
        expect(response.status, field).toBe(422);
        expect(response.body.errors[field], field).toEqual([invalidChars(label)]);
      }
      const roles = await admin.post('/api/users', newUser({ roles: [`lector${NUL}`] }));
      expect(roles.status).toBe(422);
      expect(roles.body.errors['roles.0']).toEqual([invalidChars('rol')]);

      const created = await admin.post('/api/users', newUser());
      expect(created.status).toBe(201);
      const { id, updated_at } = created.body.data;
      const update = await admin.put(`/api/users/${id}`, { name: `${NUL}`, updated_at });
      expect(update.status).toBe(422);
      expect(update.body.errors.name).toEqual([invalidChars('nombre')]);
    });

    test('in role fields', async () => {
      for (const [field, label] of [
        ['name', 'identificador'],
        ['label', 'nombre'],
      ] as const) {
        const response = await admin.post('/api/roles', {
          name: 'probador',
          label: 'Probador',
          [field]: `pro${NUL}bador`,
        });
        expect(response.status, field).toBe(422);
        expect(response.body.errors[field], field).toEqual([invalidChars(label)]);
      }
    });

    test('in the sign-in, forgot-password and reset-password bodies', async () => {
      const guest = server.client();
      await guest.csrf();
      const login = await guest.post('/api/login', { email: `a${NUL}@example.com`, password: 'x' });
      expect(login.status).toBe(422);
      expect(login.body.errors.email).toEqual([invalidChars('correo electrónico')]);
      const loginPassword = await guest.post('/api/login', { email: 'a@example.com', password: NUL });
      expect(loginPassword.status).toBe(422);
      expect(loginPassword.body.errors.password).toEqual([invalidChars('contraseña')]);

      const forgot = await guest.post('/api/forgot-password', { email: `${NUL}a@example.com` });
      expect(forgot.status).toBe(422);
      expect(forgot.body.errors.email).toEqual([invalidChars('correo electrónico')]);

      const reset = await guest.post('/api/reset-password', {
        token: `abc${NUL}`,
        email: 'a@example.com',
        password: 'una-contraseña-larga',
        password_confirmation: 'una-contraseña-larga',
      });
      expect(reset.status).toBe(422);
      expect(reset.body.errors.token).toEqual([invalidChars('token')]);
    });

    test('in a password confirmation', async () => {
      const guest = server.client();
      await guest.csrf();
      const response = await guest.post('/api/reset-password', {
        token: 'abc',
        email: 'a@example.com',
        password: 'una-contraseña-larga',
        password_confirmation: `una-contraseña-larga${NUL}`,
      });
      expect(response.status).toBe(422);
      expect(response.body.errors.password_confirmation).toEqual([
        invalidChars('confirmación de contraseña'),
      ]);
    });
  });

  test('ids beyond the integer range are a 422 in a bulk delete body and a 404 in a path', async () => {
    for (const ids of [[2147483648], [1, 2 ** 53], [Number.MAX_SAFE_INTEGER]]) {
      const response = await admin.delete('/api/users', { ids });
      expect(response.status, JSON.stringify(ids)).toBe(422);
      expect(response.body.errors['ids.0'] ?? response.body.errors['ids.1']).toBeDefined();
    }
    const zero = await admin.delete('/api/users', { ids: [0] });
    expect(zero.status).toBe(422);
    expect(zero.body.message).toMatch(/^Cada id/);
    for (const path of ['/api/users/99999999999', '/api/users/2147483648', '/api/roles/99999999999/audit']) {
      const response = await admin.get(path);
      expect(response.status, path).toBe(404);
    }
  });

  describe('what the framework answers before our code runs is Spanish JSON without the URL', () => {
    const request = (lines: string[], body = '') =>
      rawRequest(server.port, `${lines.join('\r\n')}\r\n\r\n${body}`);
    const get = (target: string, extra: string[] = []) =>
      request([`GET ${target} HTTP/1.1`, 'Host: 127.0.0.1', 'Connection: close', ...extra]);
    const expectSpanishJson = (response: RawResponse, status: number, echoed?: string) => {
      expect(response.error, response.raw).toBeUndefined();
      expect(response.status, response.raw).toBe(status);
      expect(response.headers['content-type'], response.raw).toMatch(/^application\/json/);
      const body = JSON.parse(response.body);
      expect(typeof body.message, response.raw).toBe('string');
      expect(body.message, response.raw).not.toMatch(
        /Client Error|Bad Request|not a valid url|exceeding|Exceeded|Not Found/,
      );
      if (echoed) expect(response.raw).not.toContain(echoed);
      return body as { message: string };
    };

    test('an invalid percent-escape in the path is a 400', async () => {
      for (const path of ['/api/users/%c0%ae', '/api/users/%', '/api/%zz', '/no-existe/%E0%A4%A']) {
        const body = expectSpanishJson(await get(path), 400, path);
        expect(body.message, path).toBe(MESSAGES.badUrl);
      }
    });

    test('a too-long path segment is a 414', async () => {
      const segment = 'x'.repeat(500);
      const body = expectSpanishJson(await get(`/api/users/${segment}`), 414, segment);
      expect(body.message).toBe(MESSAGES.uriTooLong);
    });

    test('a URL longer than the header limit is a 414 or 431', async () => {
      const segment = 'y'.repeat(20_000);
      const response = await get(`/api/users?search=${segment}`);
      expect([414, 431]).toContain(response.status);
      expectSpanishJson(response, response.status, segment);
      expect(response.headers.connection).toBe('close');
    });

    test('too-large headers are a 431', async () => {
      const body = expectSpanishJson(await get('/api/user', [`X-Relleno: ${'z'.repeat(20_000)}`]), 431);
      expect(body.message).toBe(MESSAGES.headersTooLarge);
    });

    test('malformed HTTP is a 400 with Connection: close', async () => {
      for (const [data, message] of [
        ['GARBAGE\r\n\r\n', MESSAGES.badRequest],
        ['GET /api/user HTTP/9.9\r\nHost: x\r\n\r\n', MESSAGES.badRequest],
        ['GET /api/user HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n', MESSAGES.badRequest],
        ['POST /api/login HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n', MESSAGES.badRequest],
        // A body found malformed after its headers: on a request that waits for something before
        // it could be answered (here a bearer token's look-up). A browser's POST without a CSRF token
        // is refused at its headers, before the body is read: that one 419 is the only answer
        // (decision 038), and the connection then ends.
        [
          'POST /api/news HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer 1|abc\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n',
          MESSAGES.badRequest,
        ],
        ['FOO /api/users HTTP/1.1\r\nHost: x\r\n\r\n', MESSAGES.badRequest],
        ['GET /api/us\u0000ers HTTP/1.1\r\nHost: x\r\n\r\n', MESSAGES.badUrl],
        ['GET /api/us ers HTTP/1.1\r\nHost: x\r\n\r\n', MESSAGES.badRequest],
      ] as const) {
        const response = await rawRequest(server.port, data);
        const body = expectSpanishJson(response, 400);
        expect(body.message, data).toBe(message);
        expect(response.headers.connection, data).toBe('close');
      }
    });

    test('a request refused at its headers whose body then proves malformed gets that one answer', async () => {
      // No CSRF token: refused before the body is read. The parser's error in the body that follows
      // writes nothing more on the socket (decision 038): one status line, then the connection ends.
      const received = await new Promise<string>((resolve) => {
        const socket = connect({ port: server.port, host: '127.0.0.1' });
        const chunks: Buffer[] = [];
        const timer = setTimeout(() => socket.destroy(), 3_000);
        socket.on('data', (chunk) => chunks.push(chunk));
        socket.on('error', () => {});
        socket.on('close', () => {
          clearTimeout(timer);
          resolve(Buffer.concat(chunks).toString('utf8'));
        });
        socket.on('connect', () =>
          socket.write('POST /api/login HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n'),
        );
      });
      expect(received.match(/HTTP\/1\.1 \d{3}/g), received).toEqual(['HTTP/1.1 419']);
      expect(received).toContain(MESSAGES.csrfMismatch);
    });

    test('an unknown method is a JSON 404 or 405 in Spanish', async () => {
      for (const method of ['PROPFIND', 'MKCOL', 'TRACE', 'CONNECT', 'SEARCH', 'LOCK']) {
        const target = method === 'CONNECT' ? '127.0.0.1:80' : '/api/users';
        const response = await request([
          `${method} ${target} HTTP/1.1`,
          'Host: 127.0.0.1',
          'Connection: close',
        ]);
        expect(response.error, method).toBeUndefined();
        expect([400, 404, 405], `${method}: ${response.raw}`).toContain(response.status);
        expect(typeof JSON.parse(response.body).message, method).toBe('string');
      }
      const viaFetch = await admin.request('PROPFIND', '/api/users');
      expect([404, 405]).toContain(viaFetch.status);
      expect(viaFetch.body.message).toMatch(/^(La ruta|El método)/);
    });

    test('a text/plain body is a 415, a too-large body a 413, in Spanish', async () => {
      const text = await admin.post('/api/users', undefined, {
        raw: '{"name":"x"}',
        headers: { 'Content-Type': 'text/plain' },
      });
      expect(text.status).toBe(415);
      expect(text.body).toEqual({ message: MESSAGES.unsupportedMediaType });

      const huge = await admin.post('/api/users', undefined, {
        raw: JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) }),
        headers: { 'Content-Type': 'application/json' },
      });
      expect(huge.status).toBe(413);
      expect(huge.body).toEqual({ message: MESSAGES.bodyTooLarge });
    });

    test('a Content-Length that promises more than the limit is a 413 before any body arrives', async () => {
      const cookies = [...admin.jar].map(([name, value]) => `${name}=${value}`).join('; ');
      const response = await request(
        [
          'POST /api/users HTTP/1.1',
          'Host: 127.0.0.1',
          'Connection: close',
          `Origin: ${server.origin}`,
          `Cookie: ${cookies}`,
          `X-XSRF-TOKEN: ${decodeURIComponent(admin.cookie('XSRF-TOKEN') ?? '')}`,
          'Content-Type: application/json',
          `Content-Length: ${50 * 1024 * 1024}`,
        ],
        '{',
      );
      const body = expectSpanishJson(response, 413);
      expect(body.message).toBe(MESSAGES.bodyTooLarge);
    });
  });

  test("a CSRF mismatch's status line reads 419 Page Expired, Laravel's name for it", async () => {
    const response = await rawRequest(
      server.port,
      'POST /api/news HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}',
    );
    expect(response.raw.split('\r\n')[0]).toBe('HTTP/1.1 419 Page Expired');
    expect(JSON.parse(response.body)).toEqual({ message: MESSAGES.csrfMismatch });
  });

  test('a CONNECT request is answered, not dropped', async () => {
    const response = await rawRequest(
      server.port,
      'CONNECT 127.0.0.1:80 HTTP/1.1\r\nHost: 127.0.0.1:80\r\n\r\n',
    );
    expect(response.error, response.raw).toBeUndefined();
    expect(response.status, response.raw).toBe(405);
    expect(JSON.parse(response.body)).toEqual({ message: MESSAGES.methodNotAllowed });
  });
});

describe('validate() refuses U+0000 anywhere in a body, whatever the schema', () => {
  const schema = z.strictObject({
    note: z.string(),
    tags: z.array(z.string()),
    nested: z.object({ a: z.string() }),
  });

  test('names each field holding it by its path', () => {
    const input = { note: `a${NUL}`, tags: ['ok', `${NUL}`], nested: { a: NUL } };
    let caught: unknown;
    try {
      validate(schema, input);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ValidationError);
    expect((caught as ValidationError).statusCode).toBe(422);
    expect((caught as ValidationError).errors).toEqual({
      note: [invalidChars('note')],
      'tags.1': [invalidChars('tags.1')],
      'nested.a': [invalidChars('nested.a')],
    });
  });

  test('keeps the schema’s own errors and adds the NUL ones, even in arrays nested deep', () => {
    const deep: unknown[] = [];
    let level = deep;
    for (let i = 0; i < 200_000; i++) {
      const next: unknown[] = [];
      level.push(next);
      level = next;
    }
    level.push(NUL);
    expect(() => validate(schema, { note: 1, tags: [], nested: { a: 'x' }, extra: deep })).toThrow(
      ValidationError,
    );
    try {
      validate(schema, { note: 1, tags: [], nested: { a: 'x' }, extra: deep });
    } catch (error) {
      const errors = (error as ValidationError).errors;
      expect(errors.note).toBeDefined();
      expect(errors.extra).toBeDefined();
      expect(Object.keys(errors).some((key) => key.startsWith('extra.0.0.0'))).toBe(true);
    }
  });

  test('passes clean input through', () => {
    expect(validate(schema, { note: 'á', tags: ['b'], nested: { a: '' } })).toEqual({
      note: 'á',
      tags: ['b'],
      nested: { a: '' },
    });
  });
});

describe.each(testDatabases())('secrets in request logs (%s)', (engine) => {
  let db: TestDatabase;
  let app: FastifyInstance;
  const lines: string[] = [];
  beforeAll(async () => {
    db = await openTestDatabase(engine, { seeded: true });
    const config = loadConfig({
      APP_ENV: 'test',
      APP_KEY: `base64:${Buffer.alloc(32, 7).toString('base64')}`,
      APP_URL: 'http://127.0.0.1',
      LOG_LEVEL: 'info',
    });
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
        done();
      },
    });
    app = await buildApp({ config, database: db.database, webDist: null, logStream });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  test('reset tokens in paths and token or password query parameters are redacted', async () => {
    const token = 'a1b2c3d4e5f6secretotoken0123456789abcdef';
    const urls = [
      `/auth/reset/${token}?email=ana%40example.com`,
      `/auth/reset/${token}`,
      `/auth/reset/${token}/`,
      `/AUTH/RESET/${token}`,
      `/api/reset-password?token=${token}`,
      `/api/users?password=${token}&x=1`,
      `/api/users?x=1&password_confirmation=${token}`,
      `/api/users?reset_token=${token}`,
      `/api/users?%74oken=${token}`,
      `/api/public/v1/preview/${token}`,
      `/api/public/v1/preview/${token}?x=1`,
    ];
    for (const url of urls) await app.inject({ method: 'GET', url });
    const text = lines.join('\n');
    expect(text).toContain('/auth/reset/[oculto]');
    expect(text).toContain('/api/public/v1/preview/[oculto]');
    expect(text).toContain('token=[oculto]');
    expect(text).not.toContain(token);
    // The rest of the request line is kept: logs stay useful.
    expect(text).toContain('email=ana%40example.com');
    expect(text).toContain('x=1');
  });

  test('a server fault logs the error with the redacted request', async () => {
    const before = lines.length;
    const response = await app.inject({ method: 'GET', url: '/api/users/%c0%ae?token=zzsecretzz' });
    expect(response.statusCode).toBe(400);
    expect(lines.slice(before).join('\n')).not.toContain('zzsecretzz');
  });
});

/** Bytes onto a new socket, then everything the server writes until it closes (or `waitMs` passes). */
function exchange(
  port: number,
  parts: Array<string | number>,
  waitMs: number,
): Promise<{ received: string; closedAfterMs: number | null }> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1' });
    const chunks: Buffer[] = [];
    const started = Date.now();
    let closedAfterMs: number | null = null;
    const done = () => {
      clearTimeout(timer);
      socket.destroy();
      resolve({ received: Buffer.concat(chunks).toString('utf8'), closedAfterMs });
    };
    const timer = setTimeout(done, waitMs);
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', () => {});
    socket.on('close', () => {
      closedAfterMs = Date.now() - started;
      done();
    });
    // Strings are written, numbers are pauses (ms) between them.
    socket.on('connect', async () => {
      for (const part of parts) {
        if (typeof part === 'number') await new Promise((wait) => setTimeout(wait, part));
        else if (!socket.destroyed) socket.write(part);
      }
    });
  });
}

// Decision 038: a client that owes bytes and sends none is cut off; one that keeps sending is not;
// each address holds a bounded number of connections. The engine plays no part: PGlite only.
describe('connections at the entrance', () => {
  const IDLE_MS = 1_500;
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(
      'pglite',
      { MAX_CONNECTIONS_PER_IP: '4' },
      { requestIdleTimeoutMs: IDLE_MS },
    );
  });
  afterAll(() => server?.close());

  /** A guest session's cookie and CSRF header, so that a sign-in's body is read (not refused with a 419). */
  const guest = async (): Promise<string> => {
    const answer = await exchange(
      server.port,
      ['GET /sanctum/csrf-cookie HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n'],
      IDLE_MS * 2,
    );
    const cookies = [...answer.received.matchAll(/^set-cookie: ([^=]+)=([^;]*)/gim)].map((m) => [
      m[1]!,
      m[2]!,
    ]);
    const xsrf = decodeURIComponent(cookies.find(([name]) => name === 'XSRF-TOKEN')?.[1] ?? '');
    return [
      `Cookie: ${cookies.map(([name, value]) => `${name}=${value}`).join('; ')}`,
      `X-XSRF-TOKEN: ${xsrf}`,
      `Origin: ${server.origin}`,
      '',
    ].join('\r\n');
  };

  const statuses = (received: string) =>
    [...received.matchAll(/HTTP\/1\.1 (\d{3})/g)].map((m) => Number(m[1]));

  test('a body that stops arriving is closed with a 408 once it has sent nothing for the idle time', async () => {
    const stalled = await exchange(
      server.port,
      [
        `POST /api/login HTTP/1.1\r\nHost: 127.0.0.1\r\n${await guest()}Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"email":`,
      ],
      IDLE_MS * 4,
    );
    expect(stalled.closedAfterMs, stalled.received).not.toBeNull();
    expect(stalled.closedAfterMs!).toBeGreaterThanOrEqual(IDLE_MS - 100);
    expect(statuses(stalled.received)).toEqual([408]);
    expect(stalled.received).toContain(MESSAGES.requestTimeout);
  });

  test('headers that stop arriving are closed too; a connection that sends nothing as well', async () => {
    const [halfHeaders, silent] = await Promise.all([
      exchange(server.port, ['GET /api/user HTTP/1.1\r\nHost: 127.'], IDLE_MS * 4),
      exchange(server.port, [], IDLE_MS * 4),
    ]);
    for (const answer of [halfHeaders, silent]) {
      expect(answer.closedAfterMs, answer.received).not.toBeNull();
      expect(statuses(answer.received)).toEqual([408]);
    }
  });

  test('an upload that keeps sending, however slowly, is not cut off', async () => {
    const body = '{"email":"alguien@example.com","password":"x"}';
    const parts: Array<string | number> = [
      `POST /api/login HTTP/1.1\r\nHost: 127.0.0.1\r\n${await guest()}Content-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`,
    ];
    // Well past the idle time in all, never idle that long between two bytes.
    for (let at = 0; at < body.length; at += 8) parts.push(IDLE_MS / 3, body.slice(at, at + 8));
    const slow = await exchange(server.port, parts, IDLE_MS * 8);
    // The sign-in's own answer (no such account): the body reached the application whole.
    expect(statuses(slow.received), slow.received).toEqual([422]);
  });

  test('each address holds at most MAX_CONNECTIONS_PER_IP connections; the next is refused with a 429', async () => {
    const held = Array.from({ length: 4 }, () =>
      exchange(server.port, ['GET /api/user HTTP/1.1\r\nHost: 127.0.0.1\r\n'], IDLE_MS / 2),
    );
    await new Promise((wait) => setTimeout(wait, 100));
    const refused = await exchange(server.port, ['GET /up HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n'], IDLE_MS / 2);
    expect(statuses(refused.received), refused.received).toEqual([429]);
    expect(refused.closedAfterMs).not.toBeNull();
    await Promise.all(held);
    // Those closed, the address may connect again.
    await new Promise((wait) => setTimeout(wait, 100));
    const again = await exchange(
      server.port,
      ['GET /up HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n'],
      IDLE_MS,
    );
    expect(statuses(again.received), again.received).toEqual([200]);
  });
});
