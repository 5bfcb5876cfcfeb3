import { PUBLIC_API_PREFIX, PUBLIC_ROUTES } from '@gestor/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestClient, type TestServer, testDatabases } from './support';
import { type RawResponse, rawRequest } from './support/raw-http';

// docs/http-api.md#errors: nothing a client sends produces a 500 or a dropped connection, and every
// error body is JSON with a string `message`. A bounded, reproducible fuzz: a fixed seed (FUZZ_SEED to
// try another, FUZZ_COUNT to send more) drives malformed methods, paths, query strings, headers and
// bodies, written as raw bytes onto the socket, signed out and signed in as an administrator with a
// valid CSRF token (so writes reach the handlers). A failure prints the request that caused it.

const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const COUNT = Number(process.env.FUZZ_COUNT ?? 4000);
const CONCURRENCY = 6;

/** mulberry32: small, fast, and the same sequence for the same seed everywhere. */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(list: readonly T[]): T => list[int(list.length)]!;
  const chance = (p: number) => next() < p;
  return { next, int, pick, chance };
}
type Random = ReturnType<typeof random>;

interface FuzzRequest {
  method: string;
  target: string;
  headers: string[];
  body: Buffer | null;
  /** Sent as is, instead of being built from the fields above (malformed HTTP). */
  raw?: Buffer;
}

const METHODS = [
  ...['GET', 'GET', 'GET', 'GET', 'POST', 'POST', 'PUT', 'PATCH', 'DELETE', 'DELETE', 'HEAD', 'OPTIONS'],
  ...['PROPFIND', 'TRACE', 'SEARCH', 'LOCK', 'MKCOL', 'PURGE', 'QUERY', 'CONNECT', 'FOO', 'get', 'M-SEARCH'],
];

const IDS = [
  ...['1', '2', '3', '0', '-1', '01', '2147483647', '2147483648', '99999999999', '1e3', '0x10', '1.5'],
  ...['abc', '%00', 'a%00', '%zz', '%', '%c0%ae', '%ff', '%e2%82', '%F0%9F%98%80', '%C3%B1', '%ED%A0%80'],
  ...['x'.repeat(300), '9'.repeat(50), '..', '%2e%2e', 'null', '__proto__', 'constructor', '%20', '%0a'],
  ...[';', "'", '%22', '%5C', 'admin', 'editor', '%2F'],
];

const AREAS = ['users', 'roles', 'permissions', 'news', 'no-existe', 'user', 'USERS', 'users%00'];

type BodyKind = 'user' | 'register' | 'role' | 'login' | 'ids' | 'update' | 'reset' | 'forgot' | 'any';

/** The API's own routes, their methods and the body each expects: most requests aim at one of them. */
const ROUTES: Array<[string, string[], BodyKind]> = [
  ['/api/users', ['GET', 'GET', 'POST', 'DELETE'], 'user'],
  ['/api/roles', ['GET', 'GET', 'POST', 'DELETE'], 'role'],
  ['/api/users/{id}', ['GET', 'PUT', 'PATCH', 'DELETE'], 'update'],
  ['/api/roles/{id}', ['GET', 'PUT', 'PATCH', 'DELETE'], 'update'],
  ['/api/users/{id}/audit', ['GET'], 'any'],
  ['/api/roles/{id}/audit', ['GET'], 'any'],
  ['/api/permissions', ['GET'], 'any'],
  ['/api/user', ['GET'], 'any'],
  ['/api/login', ['POST'], 'login'],
  ['/api/register', ['POST'], 'register'],
  ['/api/forgot-password', ['POST'], 'forgot'],
  ['/api/reset-password', ['POST'], 'reset'],
  ['/sanctum/csrf-cookie', ['GET'], 'any'],
];
const GOOD_IDS = ['1', '2', '3', '4', '5', '6', '7', '8', '10', '20'];

function path(r: Random): string {
  const id = () => r.pick(IDS);
  return r.pick([
    () => `/api/${r.pick(AREAS)}`,
    () => `/api/users/${id()}`,
    () => `/api/roles/${id()}`,
    () => `/api/users/${id()}/audit`,
    () => `/api/roles/${id()}/audit`,
    () => `/api/${r.pick(AREAS)}/${id()}/${r.pick(['audit', 'x', '', id()])}`,
    () => r.pick(['/api/user', '/api/login', '/api/logout', '/api/register', '/api/forgot-password']),
    () => r.pick(['/api/reset-password', '/sanctum/csrf-cookie', '/up', '/', '/robots.txt', '/api']),
    () => `/auth/reset/${id()}`,
    () => r.pick(['//api//users', '/api/users/', '/api/../api/users', '/%2e%2e/api/users', '/api/users/./1']),
    () => r.pick(['/api/%zz', '/%', '/api/users%', '/api/%c0%ae%c0%ae', '/api/users/%u0041', '/api/%00']),
    () => `/api/${'a'.repeat(r.pick([100, 1000, 5000]))}`,
    () => `/sanctum/${id()}`,
  ])();
}

const TEXTS = [
  '',
  ' ',
  'ana',
  'Álvaro Ñúñez',
  '%',
  '_',
  '\\',
  '%_\\',
  "'; DROP TABLE users; --",
  '"',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '😀',
  '\u202e',
  'x'.repeat(101),
  'y'.repeat(300),
  '<script>alert(1)</script>',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a log4shell probe, as text on purpose
  '${jndi:ldap://x}',
  '../../etc/passwd',
];

/** Percent-encodes the UTF-8 bytes of a text (a lone surrogate becomes U+FFFD, as a browser sends it). */
const encode = (text: string) =>
  [...Buffer.from(text, 'utf8')]
    .map((byte) =>
      /[A-Za-z0-9\-_.~]/.test(String.fromCharCode(byte))
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).padStart(2, '0')}`,
    )
    .join('');

/** A query-string value: encoded text, or raw (possibly invalid) escapes. */
function queryValue(r: Random): string {
  return r.pick([
    () => encode(r.pick(TEXTS)).replace(/%25/g, r.chance(0.5) ? '%' : '%25'),
    () => r.pick(['%00', '%ff', '%ED%A0%80', '%e2%82', '%zz', '%', '%%', '+', '%2B', '%26', '%3D']),
    () => r.pick(['%00', 'a%00', 'admin%00', '%00%00', 'true%00']),
    () =>
      r.pick(['-1', '0', '1', '2', '15', '100', '101', '1e9', '1e400', 'NaN', '99999999999', '1.5', '0x1']),
    () => r.pick(['name', '-name', 'name,-email', ',', '-', '--name', 'x', 'updated_at,id', 'password']),
    () => r.pick(['true', 'false', '1', '0', 'admin', 'editor', 'user.view', 'csv', 'json', 'es', 'en']),
    () => 'z'.repeat(r.pick([200, 2000, 7000])),
  ])();
}

function query(r: Random): string {
  if (r.chance(0.25)) return '';
  const parts: string[] = [];
  for (let i = r.int(5); i >= 0; i--) {
    const common = [
      'page',
      'per_page',
      'sort',
      'search',
      'search',
      'format',
      'filter[role]',
      'filter[active]',
    ];
    const name = r.chance(0.7)
      ? r.pick(common)
      : r.pick([
          ...[
            'page',
            'per_page',
            'sort',
            'search',
            'search',
            'format',
            'lang',
            'filter[role]',
            'filter[active]',
          ],
          ...[
            'filter[permission]',
            'filter[x]',
            'filter[x][y]',
            'filter[]',
            'filter',
            'filter[role][]',
            'token',
          ],
          ...[
            '__proto__',
            '__proto__[x]',
            'constructor[prototype][x]',
            'a[b][c]',
            '%00',
            'filter[%00]',
            '',
            '%zz',
          ],
        ]);
    const value = queryValue(r);
    parts.push(r.chance(0.1) ? name : `${name}=${value}`);
    if (r.chance(0.1)) parts.push(`${name}=${queryValue(r)}`);
  }
  return `?${parts.join(r.chance(0.05) ? '&&' : '&')}`;
}

/** A random JSON value, as text (so it can hold what JSON.stringify would never write). */
function jsonValue(r: Random, depth = 0): string {
  const kind = depth > 3 ? r.int(4) : r.int(7);
  switch (kind) {
    case 0:
      return r.pick([
        '0',
        '-0',
        '1',
        '-1',
        '1.5',
        '2147483648',
        '9007199254740993',
        '1e400',
        '-1e400',
        '1e-400',
      ]);
    case 1:
      return r.pick(['true', 'false', 'null']);
    case 2:
      return JSON.stringify(r.pick(TEXTS));
    case 3:
      return r.pick([
        '"\\u0000"',
        '"\\ud800"',
        '"a\\udc00"',
        '"\\u0000@example.com"',
        `"${'w'.repeat(200_000)}"`,
      ]);
    case 4:
    case 5: {
      const items = Array.from({ length: r.int(4) }, () => jsonValue(r, depth + 1));
      return `[${items.join(',')}]`;
    }
    default: {
      const keys = ['name', 'email', 'password', 'roles', 'ids', 'label', 'permissions', 'updated_at', 'x'];
      const entries = Array.from(
        { length: r.int(4) },
        () => `${JSON.stringify(r.pick(keys))}:${jsonValue(r, depth + 1)}`,
      );
      return `{${entries.join(',')}}`;
    }
  }
}

/** A body shaped like a real one with one or two fields replaced: reaches the handlers past validation. */
function plausibleBody(r: Random, kind: BodyKind): string {
  const ids = () => r.pick(['1', '2', '3', '7', '2147483647', '2147483648', '0', '-1', '1.5', '"1"', 'null']);
  const templates: Record<BodyKind, () => Record<string, string>> = {
    user: () => ({
      name: JSON.stringify(r.pick(['Persona', 'Álvaro', 'Ñu'])),
      email: `"fuzz${r.int(100_000)}@example.com"`,
      roles: r.pick(['["lector"]', '["editor"]', '["admin"]', '["lector","editor"]', '["no-existe"]']),
      password: '"una-contraseña-larga"',
    }),
    register: () => ({
      name: '"Persona"',
      email: `"fuzz${r.int(100_000)}@example.com"`,
      password: '"una-contraseña-larga"',
      password_confirmation: '"una-contraseña-larga"',
    }),
    role: () => ({
      name: `"rol${r.int(100_000)}"`,
      label: '"Probador"',
      permissions: r.pick(['["news.view"]', '["user.view","user.update"]', '[]', '["x.y"]']),
    }),
    login: () => ({ email: '"alguien@example.com"', password: '"una-contraseña"' }),
    ids: () => ({ ids: `[${Array.from({ length: 1 + r.int(3) }, ids).join(',')}]` }),
    update: () => ({
      ...r.pick<Record<string, string>>([
        { name: '"Otro"' },
        { label: '"Otra"' },
        { roles: '["lector"]' },
        { active: 'false' },
        {},
      ]),
      updated_at: r.pick([
        '"__UPDATED_AT__"',
        '"__UPDATED_AT__"',
        '"2020-01-01T00:00:00Z"',
        '"2024-02-31T00:00:00Z"',
        '"0000-01-01T00:00:00Z"',
        '"9999-12-31T23:59:59+14:00"',
        '"x"',
      ]),
    }),
    reset: () => ({
      token: '"abc"',
      email: '"a@example.com"',
      password: '"una-contraseña-larga"',
      password_confirmation: '"una-contraseña-larga"',
    }),
    forgot: () => ({ email: '"alguien@example.com"' }),
    any: () => ({ x: '1' }),
  };
  const base = templates[kind === 'user' || kind === 'role' ? (r.chance(0.3) ? 'ids' : kind) : kind]();
  if (r.chance(0.25))
    return `{${Object.entries(base)
      .map(([key, value]) => `${JSON.stringify(key)}:${value}`)
      .join(',')}}`;
  const keys = Object.keys(base);
  for (let i = 1 + r.int(2); i > 0; i--) {
    const key = r.chance(0.8)
      ? r.pick(keys)
      : r.pick(['roles', 'active', 'send_invitation', 'remember', '__proto__']);
    base[key] = r.chance(0.3)
      ? r.pick(['"\\u0000"', '"a\\u0000b"', '["lector\\u0000"]', '"x@example.com\\u0000"', '"\\ud800"'])
      : jsonValue(r);
  }
  return `{${Object.entries(base)
    .map(([key, value]) => `${JSON.stringify(key)}:${value}`)
    .join(',')}}`;
}

function body(r: Random, kind: BodyKind): Buffer | null {
  if (r.chance(0.5)) return Buffer.from(plausibleBody(r, kind));
  return r.pick<() => Buffer | null>([
    () => null,
    () => Buffer.from(''),
    () => Buffer.from(plausibleBody(r, r.pick(['user', 'role', 'login', 'ids', 'update', 'reset'] as const))),
    () => Buffer.from(jsonValue(r)),
    () =>
      Buffer.from(
        r.pick(['{', '[', '{"a":', 'null', 'undefined', '{"a":1}}', '\u0000', '{"a":"\u0000"}', '""']),
      ),
    () => Buffer.from(`${'['.repeat(50_000)}${']'.repeat(50_000)}`),
    () => Buffer.from(`${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`),
    // Invalid UTF-8: a lone continuation byte, an overlong encoding, a truncated sequence, in a string.
    () =>
      Buffer.concat([
        Buffer.from('{"name":"'),
        Buffer.from(r.pick([[0xff], [0xc0, 0xae], [0xe2, 0x82], [0xed, 0xa0, 0x80]])),
        Buffer.from('","email":"a@b.c"}'),
      ]),
    () => Buffer.from('x'.repeat(r.pick([10, 1024 * 1024 + 10]))),
  ])();
}

const CONTENT_TYPES = [
  ...['application/json', 'application/json', 'application/json', 'application/json; charset=utf-8'],
  ...['application/json; charset=latin1', 'APPLICATION/JSON', 'application/vnd.api+json', 'text/plain'],
  ...['application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/xml', ''],
  ...['application/json, text/plain', 'a/b/c;;;=', 'application/json; charset="utf-8"', null, null],
];

function request(r: Random): FuzzRequest {
  if (r.chance(0.04)) {
    // Malformed HTTP altogether.
    const raw = r.pick([
      'GARBAGE\r\n\r\n',
      `GET /api/users HTTP/1.1\r\nHost: x\r\nX: ${'h'.repeat(20_000)}\r\n\r\n`,
      `GET /api/users?${'q'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
      'GET /api/us ers HTTP/1.1\r\nHost: x\r\n\r\n',
      'GET /api/users HTTP/2.0\r\nHost: x\r\n\r\n',
      'POST /api/login HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\n{}',
      'POST /api/login HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n',
      'POST /api/login HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nContent-Length: 3\r\n\r\n0\r\n\r\n',
      'GET /api/user HTTP/1.1\r\nHost: x\r\n Folded: header\r\n\r\n',
      'GET /api/user HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n',
      'GET /api/user\u0000 HTTP/1.1\r\nHost: x\r\n\r\n',
      'GET http://evil.example/api/user HTTP/1.1\r\nHost: x\r\n\r\n',
      'GET * HTTP/1.1\r\nHost: x\r\n\r\n',
      'GET /api/user HTTP/1.0\r\n\r\n',
    ]);
    return { method: 'RAW', target: '', headers: [], body: null, raw: Buffer.from(raw, 'latin1') };
  }
  let method: string;
  let target: string;
  let kind: BodyKind = 'any';
  if (r.chance(0.7)) {
    const [template, methods, bodyKind] = r.pick(ROUTES);
    method = r.chance(0.9) ? r.pick(methods) : r.pick(METHODS);
    kind = bodyKind;
    target = template.replace('{id}', r.chance(0.85) ? r.pick(GOOD_IDS) : r.pick(IDS));
    if (method === 'GET' && r.chance(0.5)) target += query(r);
  } else {
    method = r.pick(METHODS);
    target = path(r) + query(r);
  }
  const headers: string[] = [];
  const payload = ['GET', 'HEAD'].includes(method) && r.chance(0.9) ? null : body(r, kind);
  const type = r.chance(0.8) ? 'application/json' : r.pick(CONTENT_TYPES);
  if (payload && type !== null) headers.push(`Content-Type: ${type}`);
  if (r.chance(0.15)) {
    headers.push(
      r.pick([
        'Accept: text/html',
        'Accept: */*',
        'Accept-Encoding: gzip, br',
        'Origin: null',
        'Origin: https://evil.example',
        'Referer: not a url',
        'Cookie: gestor_session=%00; XSRF-TOKEN=%ff',
        `Cookie: gestor_session=${'c'.repeat(500)}`,
        'X-XSRF-TOKEN: nope',
        'Content-Encoding: gzip',
        'Expect: 100-continue',
        'Range: bytes=0-1',
        'X-Forwarded-For: 1.2.3.4, nonsense',
        'Upgrade: websocket\r\nConnection: Upgrade',
        'If-None-Match: "x"',
        'Access-Control-Request-Method: DELETE',
      ]),
    );
  }
  return { method, target, headers, body: payload };
}

function describeRequest(request: FuzzRequest): string {
  if (request.raw) return JSON.stringify(request.raw.toString('latin1').slice(0, 300));
  const body = request.body ? request.body.toString('latin1') : '';
  return `${request.method} ${request.target.slice(0, 300)}${request.target.length > 300 ? '…' : ''}\n  ${request.headers.join('\n  ')}\n  body (${request.body?.length ?? 'none'}): ${JSON.stringify(body.slice(0, 300))}`;
}

/** Why the answer breaks docs/http-api.md, or null. */
function problem(request: FuzzRequest, response: RawResponse): string | null {
  if (response.error) return `connection: ${response.error}`;
  if (response.status === 0) return 'no status line';
  if (response.status >= 500) return `status ${response.status}`;
  if (response.status < 400 || request.method === 'HEAD') return null;
  let body: unknown;
  try {
    body = JSON.parse(response.body);
  } catch {
    return `status ${response.status} with a body that is not JSON`;
  }
  if (typeof (body as { message?: unknown })?.message !== 'string')
    return `status ${response.status} without a message`;
  if (!/^application\/json/.test(response.headers['content-type'] ?? ''))
    return 'error without a JSON content type';
  return null;
}

/** A fuzz request as bytes on the wire: its own raw bytes, or its parts with the client's headers (its own Cookie wins). */
function wire(fuzz: FuzzRequest, port: number, auth: string[]): Buffer {
  if (fuzz.raw) return fuzz.raw;
  const own = fuzz.headers.some((h) => h.startsWith('Cookie:'));
  const head = [
    `${fuzz.method} ${fuzz.target} HTTP/1.1`,
    `Host: 127.0.0.1:${port}`,
    'Connection: close',
    ...(own ? auth.filter((h) => !h.startsWith('Cookie:')) : auth),
    ...fuzz.headers,
    ...(fuzz.body ? [`Content-Length: ${fuzz.body.length}`] : []),
    '',
    '',
  ].join('\r\n');
  return Buffer.concat([Buffer.from(head, 'latin1'), fuzz.body ?? Buffer.alloc(0)]);
}

describe.each(testDatabases())('fuzz (%s)', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine, process.env.FUZZ_LOG ? { LOG_LEVEL: 'error' } : {});
  });
  afterAll(async () => {
    const t = Date.now();
    await server?.close();
    if (process.env.FUZZ_LOG) console.info(`closed in ${Date.now() - t} ms`);
  });

  async function run(label: string, signIn: boolean) {
    const r = random(SEED + (signIn ? 1 : 0));
    const requests = Array.from({ length: COUNT }, () => request(r));
    let admin: TestClient | null = null;
    const authHeaders = async (): Promise<string[]> => {
      if (!signIn) {
        // A guest with its CSRF token, as the SPA is before signing in: writes reach the handlers.
        if (!admin || (await admin.get('/api/user')).status !== 401) admin = server.client();
        if (!admin.cookie('XSRF-TOKEN')) await admin.csrf();
      }
      // The fuzz may sign the admin out, change its roles or disable it: a fresh one when needed.
      else if (!admin || (await admin.get('/api/user')).status !== 200)
        ({ client: admin } = await server.signIn({ roles: ['admin'] }));
      const cookies = [...admin.jar].map(([name, value]) => `${name}=${value}`).join('; ');
      return [
        `Origin: ${server.origin}`,
        `Referer: ${server.origin}/`,
        `Cookie: ${cookies}`,
        `X-XSRF-TOKEN: ${decodeURIComponent(admin.cookie('XSRF-TOKEN') ?? '')}`,
      ];
    };

    const failures: string[] = [];
    const statuses = new Map<number, number>();
    const started = Date.now();
    for (let at = 0; at < requests.length; at += CONCURRENCY * 10) {
      const auth = await authHeaders();
      const batch = requests.slice(at, at + CONCURRENCY * 10);
      let next = 0;
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          while (next < batch.length) {
            const index = at + next;
            let fuzz = batch[next++]!;
            if (fuzz.body?.includes('__UPDATED_AT__')) {
              // The updated_at the record has now, so that some updates get past the 409.
              const where = fuzz.target.split('?')[0]!;
              const current = signIn && admin && /^\/api\/\w/.test(where) ? await admin.get(where) : null;
              const stamp = current?.status === 200 ? current.body.data.updated_at : '2020-01-01T00:00:00Z';
              fuzz = {
                ...fuzz,
                body: Buffer.from(fuzz.body.toString('latin1').replace('__UPDATED_AT__', stamp), 'latin1'),
              };
            }
            const data = wire(fuzz, server.port, auth);
            const sent = Date.now();
            const response = await rawRequest(server.port, data, { timeoutMs: 10_000 });
            if (process.env.FUZZ_LOG && Date.now() - sent > Number(process.env.FUZZ_SLOW ?? 1000)) {
              console.info(`slow #${index}: ${Date.now() - sent} ms\n  ${describeRequest(fuzz)}`);
            }
            statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
            const why = problem(fuzz, response);
            if (why) {
              if (process.env.FUZZ_LOG) console.info(`failure #${index}: ${why}\n  ${describeRequest(fuzz)}`);
              failures.push(
                `#${index} (seed ${SEED}, ${label}): ${why}\n  ${describeRequest(fuzz)}\n  → ${JSON.stringify(response.raw.slice(0, 300))}`,
              );
            }
          }
        }),
      );
    }
    const seconds = (Date.now() - started) / 1000;
    const byStatus = [...statuses].sort(([a], [b]) => a - b).map(([status, n]) => `${status}×${n}`);
    console.info(
      `fuzz (${engine}, ${label}): ${requests.length} requests in ${seconds.toFixed(1)} s (${byStatus.join(' ')})`,
    );
    expect(failures, failures.slice(0, 10).join('\n\n')).toEqual([]);
  }

  test(
    'signed out: no 5xx, no dropped connection, every error JSON with a message',
    () => run('signed out', false),
    120_000,
  );

  test('signed in as an administrator with a valid CSRF token: the same', () => run('admin', true), 120_000);
});

// Decision 038: every route, targeted with a fragment, in absolute form and with escaped unreserved
// characters in its prefix. A fragment is a 400 before anything reads the target; the other two
// spellings get what the plain path gets, checks included (session, CSRF, no-store, the public API's
// CORS and cache), since every prefix check sees the path the router routes.
describe.each(testDatabases())('fuzz of the request target: # and absolute form (%s)', (engine) => {
  let server: TestServer;
  let admin: TestClient;
  beforeAll(async () => {
    server = await startTestServer(engine);
    ({ client: admin } = await server.signIn({ roles: ['admin'] }));
  });
  afterAll(() => server?.close());

  const PUBLIC_PATHS = PUBLIC_ROUTES.map(
    ({ path }) => `${PUBLIC_API_PREFIX}${path.replace(/\{\w+\}/, 'no-existe')}`,
  );
  const targets = [
    ...ROUTES.flatMap(([template, methods]) =>
      [...new Set(methods)].map((method) => [method, template.replace('{id}', '1')] as const),
    ),
    ...PUBLIC_PATHS.flatMap((path) =>
      (['GET', 'HEAD', 'OPTIONS', 'POST'] as const).map((m) => [m, path] as const),
    ),
    ...(['GET', 'POST'] as const).map((method) => [method, '/no-existe'] as const),
  ];

  const send = (method: string, target: string, headers: string[]) =>
    rawRequest(
      server.port,
      [
        `${method} ${target} HTTP/1.1`,
        `Host: 127.0.0.1:${server.port}`,
        'Connection: close',
        ...headers,
        '',
        '',
      ].join('\r\n'),
      { timeoutMs: 10_000 },
    );
  /** What must not differ between two spellings of one target. */
  const seen = (response: RawResponse) => ({
    status: response.status,
    cacheControl: response.headers['cache-control'],
    cors: response.headers['access-control-allow-origin'],
    allow: response.headers.allow,
  });

  test('every route: # is a 400; absolute form and escaped prefixes answer as the plain path', async () => {
    // Signed in, but without the XSRF header: a write is refused (419) whatever the spelling, so the
    // fuzz changes nothing; a read gets its data.
    const cookies = `Cookie: ${[...admin.jar].map(([name, value]) => `${name}=${value}`).join('; ')}`;
    const browser = [cookies, `Origin: ${server.origin}`];
    const failures: string[] = [];
    for (const [method, path] of targets) {
      const plain = seen(await send(method, path, browser));
      const spellings = [
        `http://127.0.0.1:${server.port}${path}`,
        `HTTPS://other.example${path}`,
        path.replace(
          /^\/(api|sanctum)\//,
          (_match, prefix: string) => `/%${prefix.charCodeAt(0).toString(16)}${prefix.slice(1)}/`,
        ),
      ];
      for (const target of spellings) {
        const other = seen(await send(method, target, browser));
        if (JSON.stringify(other) !== JSON.stringify(plain)) {
          failures.push(`${method} ${target}: ${JSON.stringify(other)} ≠ ${JSON.stringify(plain)}`);
        }
      }
      for (const target of [
        `${path}#x`,
        `${path}?page=1#x`,
        `http://127.0.0.1${path}#`,
        `${path}#?search=a`,
      ]) {
        const refused = await send(method, target, browser);
        const why =
          refused.status !== 400
            ? `status ${refused.status}`
            : problem({ method, target, headers: [], body: null }, refused);
        if (why) failures.push(`${method} ${target}: ${why}`);
      }
    }
    expect(failures, failures.slice(0, 10).join('\n')).toEqual([]);
  }, 120_000);
});

// Spoofed X-Forwarded-For (decision 039), kept in a block of its own: whatever a client writes there —
// other spellings, ports, IPv6 zones, junk, thousands of entries, several headers — is no 5xx, and
// the security log and the sessions only ever keep a real address in its one spelling (with
// TRUST_PROXY=false, the socket's). Signed out, as a guest with its CSRF token, so sign-ins (with a
// wrong password, and refused) reach the throttles and the log; aimed at the public API too, whose
// rate limit answers before Fastify.
const FORWARDED_COUNT = Number(process.env.FUZZ_FORWARDED_COUNT ?? 400);

function forwardedFor(r: Random): string {
  const one = () =>
    r.pick([
      () => `${r.int(256)}.${r.int(256)}.${r.int(256)}.${r.int(256)}`,
      () => `0${r.int(10)}${r.int(10)}.9.9.9`,
      () => r.pick(['::ffff:a09:909', '::FFFF:10.9.9.9', '::ffff:010.9.9.9', '10.9.9.9', '010.009.009.009']),
      () => `2001:db8:${r.int(65536).toString(16)}::${r.int(65536).toString(16)}`,
      () => r.pick(['fe80::1%eth0', '[2001:db8::1]:443', '203.0.113.7:8080', '::', '::1', '0.0.0.0']),
      () => r.pick(['10.0.0.1', '10.255.255.255', '127.0.0.1', '192.168.1.1/24', '10.0.0.0/8']),
      () => r.pick(['unknown', '', ' ', '_hidden', 'localhost', '256.1.1.1', '1.2.3', '0x7f.0.0.1', '1e3']),
      () => r.pick(['for=192.0.2.60;proto=http', '"[2001:db8::1]"', '2001:db8::1::2', ':::', '::ffff:']),
      () => 'z'.repeat(r.pick([50, 500, 5000])),
    ])();
  if (r.chance(0.05)) return Array.from({ length: r.pick([100, 1000]) }, one).join(', ');
  return Array.from({ length: 1 + r.int(4) }, one).join(r.pick([', ', ',', ' , ', ',,']));
}

function forwardedRequest(r: Random): FuzzRequest {
  const base = r.chance(0.3)
    ? {
        method: r.pick(['GET', 'GET', 'HEAD', 'OPTIONS', 'POST']),
        target: `/api/public/v1/${r.pick(['news', 'pages', 'news/x', 'feed.xml', 'no-existe', ''])}`,
        headers: [],
        body: null,
      }
    : r.chance(0.5)
      ? {
          method: 'POST',
          target: '/api/login',
          headers: ['Content-Type: application/json'],
          body: Buffer.from(plausibleBody(r, 'login')),
        }
      : request(r);
  if (base.raw) return base;
  const headers = [...base.headers, `X-Forwarded-For: ${forwardedFor(r)}`];
  if (r.chance(0.2)) headers.push(`X-Forwarded-For: ${forwardedFor(r)}`);
  if (r.chance(0.1)) headers.push(`X-Real-IP: ${forwardedFor(r)}`);
  return { ...base, headers };
}

describe.each(
  testDatabases().flatMap((engine) =>
    ['false', 'true', 'loopback, 10.0.0.0/8'].map((trust) => [engine, trust]),
  ),
)('fuzz with spoofed X-Forwarded-For (%s, TRUST_PROXY=%s)', (engine, trust) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine as 'pglite' | 'pgsql', { TRUST_PROXY: trust! });
  });
  afterAll(() => server?.close());

  test('no 5xx, every error JSON with a message, and only real addresses in one spelling are kept', async () => {
    // Imported here so that this block stays apart from the rest of the file.
    const { canonicalAddress } = await import('../src/lib/client-address');
    const r = random(SEED + 7);
    const requests = Array.from({ length: FORWARDED_COUNT }, () => forwardedRequest(r));
    const guest = server.client();
    await guest.csrf();
    const auth = [
      `Origin: ${server.origin}`,
      `Cookie: ${[...guest.jar].map(([name, value]) => `${name}=${value}`).join('; ')}`,
      `X-XSRF-TOKEN: ${decodeURIComponent(guest.cookie('XSRF-TOKEN') ?? '')}`,
    ];
    const failures: string[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < requests.length) {
          const index = next++;
          const fuzz = requests[index]!;
          const data = wire(fuzz, server.port, auth);
          const response = await rawRequest(server.port, data, { timeoutMs: 10_000 });
          const why = problem(fuzz, response);
          if (why)
            failures.push(
              `#${index} (seed ${SEED}, TRUST_PROXY=${trust}): ${why}\n  ${describeRequest(fuzz)}\n  → ${JSON.stringify(response.raw.slice(0, 300))}`,
            );
        }
      }),
    );
    expect(failures, failures.slice(0, 10).join('\n\n')).toEqual([]);

    const kept = await server.database.query<{ ip: string | null }>(
      `SELECT DISTINCT ip FROM security_events UNION SELECT DISTINCT ip_address FROM sessions`,
    );
    const addresses = kept.map((row) => row.ip).filter((ip) => ip !== null);
    expect(addresses.length).toBeGreaterThan(0);
    for (const address of addresses) expect(canonicalAddress(address), address).toBe(address);
    if (trust === 'false') expect(addresses).toEqual(['127.0.0.1']);
  }, 180_000);
});

/** Every route the app registered, from Fastify's route tree: [method, path with `:params`]. */
function registeredRoutes(app: TestServer['app']): Array<[string, string]> {
  const routes: Array<[string, string]> = [];
  const prefixes: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const at = line.search(/[├└]── /);
    if (at < 0) continue;
    const depth = at / 4;
    const [, segment = '', methods] = /^(\S+)(?: \(([^)]*)\))?/.exec(line.slice(at + 4)) ?? [];
    const path = (prefixes[depth - 1] ?? '') + segment;
    prefixes[depth] = path;
    for (const method of methods?.split(', ') ?? []) if (method !== 'HEAD') routes.push([method, path]);
  }
  return routes;
}

// docs/http-api.md#errors, issue 29: U+0000 in any text input is refused (plugins/text-input.ts for
// query strings and path parameters, lib/validate.ts for bodies), never a 500 from the database.
describe.each(testDatabases())('fuzz: U+0000 in every route (%s)', (engine) => {
  let server: TestServer;
  let admin: TestClient;
  let routes: Array<[string, string]>;
  beforeAll(async () => {
    server = await startTestServer(engine);
    ({ client: admin } = await server.signIn({ roles: ['admin'] }));
    routes = registeredRoutes(server.app);
  });
  afterAll(() => server?.close());

  // The live channel streams until closed; signing out would end the rest of the walk early.
  const walked = () =>
    routes.filter(([method, path]) => path !== '/api/live' && !(method === 'POST' && path === '/api/logout'));
  const withParams = (path: string, value: (name: string) => string) =>
    path.replace(/:(\w+)|\*/g, (whole, name: string | undefined) => value(name ?? whole));
  // The answering page (/t/…) is for people, not programs: its refusals are Spanish HTML pages with
  // the status, never a 500.
  const isPage = (path: string) => path === '/t' || path.startsWith('/t/');
  const pageRefused = (answer: { status: number; headers: Headers; text: string }, status: number) =>
    answer.status === status &&
    String(answer.headers.get('content-type')).startsWith('text/html') &&
    answer.text.includes('lang="es"');

  test('the global search, as reported: a 422 on q', async () => {
    const answer = await admin.get('/api/search?q=%00ab');
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual({
      message: 'El parámetro q contiene caracteres no válidos.',
      errors: { q: ['El parámetro q contiene caracteres no válidos.'] },
    });
  });

  test('in a query parameter of every route: a 422 naming it', async () => {
    expect(routes.length).toBeGreaterThan(100);
    const failures: string[] = [];
    for (const [method, path] of walked()) {
      for (const query of ['search=a%00b', 'filter[role]=%00', 'x=1&page=%00']) {
        const url = `${withParams(path, () => '1')}?${query}`;
        const answer = await admin.request(method, url);
        const field = query.startsWith('search')
          ? 'search'
          : query.startsWith('filter')
            ? 'filter.role'
            : 'page';
        if (isPage(path) ? !pageRefused(answer, 422) : answer.status !== 422 || !answer.body?.errors?.[field])
          failures.push(`${method} ${url} → ${answer.status} ${answer.text.slice(0, 200)}`);
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);

  test('in a path parameter of every route: a 422 naming it', async () => {
    const failures: string[] = [];
    for (const [method, path] of walked()) {
      const names = [...path.matchAll(/:(\w+)|\*/g)].map((match) => match[1] ?? '*');
      for (const target of names) {
        const url = withParams(path, (name) => (name === target ? 'a%00' : '1'));
        const answer = await admin.request(method, url);
        const field = target === '*' ? 'ruta' : target;
        if (isPage(path) ? !pageRefused(answer, 422) : answer.status !== 422 || !answer.body?.errors?.[field])
          failures.push(`${method} ${url} → ${answer.status} ${answer.text.slice(0, 200)}`);
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);

  test('in the body fields of every route that takes one: a 4xx, never a 500', async () => {
    const fields = [
      ...['name', 'email', 'password', 'password_confirmation', 'current_password', 'title', 'slug'],
      ...['label', 'body', 'content', 'description', 'code', 'token', 'url', 'alt', 'updated_at', 'query'],
    ];
    const failures: string[] = [];
    // A 503 is a route this configuration switches off (passkeys need a domain name), not a failure.
    const broken = (status: number) => status >= 500 && status !== 503;
    for (const [method, path] of walked()) {
      if (method === 'GET') continue;
      const url = withParams(path, () => '1');
      for (const body of [
        Object.fromEntries(fields.map((field) => [field, 'a\u0000b'])),
        { ids: [1], roles: ['a\u0000'], permissions: ['x\u0000'], nested: { 'k\u0000': 'v' } },
      ]) {
        const answer = await admin.request(method, url, { json: body });
        const unexplained = isPage(path)
          ? answer.status >= 400 && !pageRefused(answer, answer.status)
          : answer.status >= 400 && typeof answer.body?.message !== 'string';
        if (broken(answer.status) || unexplained)
          failures.push(
            `${method} ${url} ${JSON.stringify(body).slice(0, 60)} → ${answer.status} ${answer.text}`,
          );
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);
});
