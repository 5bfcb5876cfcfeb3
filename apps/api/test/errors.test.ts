import { MESSAGES } from '@gestor/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestClient, type TestServer, testDatabases } from './support';

// docs/http-api.md: every error body is JSON with a Spanish `message`; bad input is never a 500; a server
// fault shows no internals. Plus the health route and the security headers on every response.

describe.each(testDatabases())('errors, health and headers (%s)', (engine) => {
  let server: TestServer;
  let client: TestClient;
  beforeAll(async () => {
    server = await startTestServer(engine);
    client = server.client();
    await client.csrf();
  });
  afterAll(() => server?.close());

  const expectJsonError = (response: { headers: Headers; body: unknown }, message: string) => {
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.body).toMatchObject({ message });
  };

  test('GET /up answers 200 when the server and database are ready', async () => {
    const response = await server.client({ origin: null, lang: null }).get('/up');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ok' });
  });

  test('an unknown route is a JSON 404', async () => {
    for (const path of ['/api/no-existe', '/sanctum/no-existe', '/no-existe']) {
      const response = await client.get(path);
      expect(response.status, path).toBe(404);
      expectJsonError(response, MESSAGES.routeNotFound);
    }
  });

  test('an unknown API route is a 404 for every method, even without a CSRF token', async () => {
    const guest = server.client();
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      const response = await guest.request(method, '/api/no-existe', { json: {} });
      expect(response.status, method).toBe(404);
      expectJsonError(response, MESSAGES.routeNotFound);
    }
  });

  test('a malformed JSON body is a JSON 400', async () => {
    for (const raw of ['{"email": "a@b.c",', '{email: 1}', 'undefined']) {
      const response = await client.post('/api/login', undefined, {
        raw,
        headers: { 'Content-Type': 'application/json' },
      });
      expect(response.status, raw).toBe(400);
      expect(response.body).toEqual({ message: MESSAGES.invalidJson });
    }
  });

  test('wrong types are a Spanish 422 naming each field', async () => {
    const response = await client.post('/api/login', { email: 42, password: true, remember: 'sí' });
    expect(response.status).toBe(422);
    expect(response.body).toEqual({
      message: 'El campo correo electrónico debe ser un texto.',
      errors: {
        email: ['El campo correo electrónico debe ser un texto.'],
        password: [expect.stringMatching(/^El campo contraseña/)],
        remember: ['El campo recordarme debe ser verdadero o falso.'],
      },
    });
  });

  test('a body that is not a JSON object is a Spanish 422', async () => {
    for (const json of [[], 'texto', 42, [{ email: 'a@b.c' }]]) {
      const response = await client.post('/api/login', json);
      expect(response.status, JSON.stringify(json)).toBe(422);
      expectJsonError(response, MESSAGES.validationFailed);
    }
  });

  test('a body in a content type the API does not read is a JSON 415', async () => {
    // text/plain too: the API reads JSON only (Fastify would otherwise hand the handler a string).
    for (const type of [
      'application/x-www-form-urlencoded',
      'text/plain',
      'text/plain; charset=utf-8',
      'multipart/form-data; boundary=x',
      'application/xml',
    ]) {
      const response = await client.post('/api/login', undefined, {
        raw: 'email=a%40b.c&password=x',
        headers: { 'Content-Type': type },
      });
      expect(response.status, type).toBe(415);
      expect(response.body, type).toEqual({ message: MESSAGES.unsupportedMediaType });
    }
    const untyped = await client.post('/api/login', undefined, { raw: '{"email":"a@b.c"}' });
    expect([415, 422]).toContain(untyped.status);
    expect(typeof untyped.body.message).toBe('string');
  });

  test('an empty body is a 422 listing the required fields, not a 400', async () => {
    const response = await client.post('/api/login', undefined, {
      raw: '',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({
      email: ['El campo correo electrónico es obligatorio.'],
      password: ['El campo contraseña es obligatorio.'],
    });
  });

  test('unknown fields are a 422 naming the field', async () => {
    const response = await client.post('/api/login', {
      email: 'alguien@example.com',
      password: 'una-contraseña',
      is_admin: true,
    });
    expect(response.status).toBe(422);
    expect(response.body).toEqual({
      message: 'El campo is_admin no está permitido.',
      errors: { is_admin: ['El campo is_admin no está permitido.'] },
    });
  });

  test('field names that are Object.prototype members are unknown fields like any other, not a 500', async () => {
    for (const field of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
      const response = await client.post('/api/login', undefined, {
        raw: `{"email":"alguien@example.com","password":"una-contraseña","${field}":{"is_admin":true}}`,
        headers: { 'Content-Type': 'application/json' },
      });
      expect(response.status, field).toBe(422);
      expect(response.body.message).toBe(`El campo ${field} no está permitido.`);
      expect(response.text).toContain(`"${field}":["El campo ${field} no está permitido."]`);
    }
  });

  test('a filter named after an Object.prototype member is an unknown filter, not a 500', async () => {
    const { client: admin } = await server.signIn({ roles: ['admin'] });
    for (const field of ['constructor', 'toString', '__proto__']) {
      const response = await admin.get(`/api/users?filter[${field}]=1`);
      expect(response.status, field).toBe(422);
      expect(response.body.errors[`filter.${field}`]).toEqual([expect.stringContaining(`«${field}»`)]);
    }
  });

  test('a body over 1 MiB is a JSON 413; one just under is read', async () => {
    const huge = JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(1024 * 1024) });
    const tooLarge = await client.post('/api/login', undefined, {
      raw: huge,
      headers: { 'Content-Type': 'application/json' },
    });
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body).toEqual({ message: MESSAGES.bodyTooLarge });

    const big = JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(1000 * 1000) });
    const underLimit = await client.post('/api/login', undefined, {
      raw: big,
      headers: { 'Content-Type': 'application/json' },
    });
    expect(underLimit.status).toBe(422);
    expect(underLimit.body.errors.password).toEqual(['El campo contraseña es demasiado largo.']);
  });

  test('403 and 404 on records answer the Spanish messages', async () => {
    const { client: reader } = await server.signIn({ roles: ['lector'] });
    const forbidden = await reader.get('/api/users');
    expect(forbidden.status).toBe(403);
    expect(forbidden.body).toEqual({ message: MESSAGES.forbidden });

    const { client: admin } = await server.signIn({ roles: ['admin'] });
    const missing = await admin.get('/api/users/987654');
    expect(missing.status).toBe(404);
    expectJsonError(missing, MESSAGES.notFound);
  });

  test('a server fault is a generic 500 with no internals', async () => {
    const user = await server.createUser();
    await server.database.query('ALTER TABLE login_throttles RENAME TO login_throttles_hidden');
    try {
      const response = await server.client().login(user.email, user.password);
      expect(response.status).toBe(500);
      expect(response.body).toEqual({ message: MESSAGES.serverError });
      expect(response.text).not.toMatch(/login_throttles|relation|stack|at /);
    } finally {
      await server.database.query('ALTER TABLE login_throttles_hidden RENAME TO login_throttles');
    }
    expect((await server.client().login(user.email, user.password)).status).toBe(204);
  });

  describe('security headers', () => {
    const directives = (csp: string | null) =>
      Object.fromEntries(
        (csp ?? '')
          .split(';')
          .map((d) => d.trim().split(/\s+/))
          .filter((parts) => parts[0])
          .map(([name, ...values]) => [name!, values]),
      );

    test('are on every kind of response', async () => {
      const { client: signedIn } = await server.signIn();
      const responses = {
        json: await signedIn.get('/api/user'),
        noContent: await server.client().csrf(),
        notFound: await client.get('/api/no-existe'),
        unauthenticated: await server.client().get('/api/user'),
        csrf: await server.client().post('/api/logout'),
        badJson: await client.post('/api/login', undefined, {
          raw: '{',
          headers: { 'Content-Type': 'application/json' },
        }),
        tooLarge: await client.post('/api/login', undefined, {
          raw: 'x'.repeat(1024 * 1024 + 1),
          headers: { 'Content-Type': 'application/json' },
        }),
        health: await client.get('/up'),
      };
      for (const [kind, response] of Object.entries(responses)) {
        const csp = directives(response.headers.get('content-security-policy'));
        expect(csp['script-src'], kind).toBeDefined();
        expect(csp['script-src'], kind).not.toContain("'unsafe-inline'");
        expect(csp['script-src'], kind).not.toContain("'unsafe-eval'");
        expect(csp['default-src'], kind).toEqual(["'self'"]);
        expect(csp['frame-ancestors'], kind).toEqual(["'none'"]);
        expect(csp['object-src'], kind).toEqual(["'none'"]);
        expect(response.headers.get('x-content-type-options'), kind).toBe('nosniff');
        expect(response.headers.get('referrer-policy'), kind).toBe('strict-origin-when-cross-origin');
        expect(response.headers.get('x-frame-options'), kind).toBe('DENY');
        expect(response.headers.get('x-powered-by'), kind).toBeNull();
        // Plain-http APP_URL: no HSTS (it would pin a host that has no https).
        expect(response.headers.get('strict-transport-security'), kind).toBeNull();
      }
    });
  });
});
