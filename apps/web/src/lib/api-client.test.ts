import { describe, expect, it, vi } from 'vitest';
import { type ApiClientDependencies, ApiError, createApiClient, RETRY_STATUSES } from './api-client';

interface Call {
  url: string;
  init: RequestInit;
}

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

/** A client whose fetch answers from a script, one response per call, and records every call. */
function scriptedClient(responses: Response[], overrides: Partial<ApiClientDependencies> = {}) {
  const calls: Call[] = [];
  const queue = [...responses];
  const client = createApiClient({
    baseUrl: () => 'https://gestor.test',
    cookies: () => '',
    referrer: () => 'https://gestor.test/role?page=2',
    fetch: async (url, init) => {
      calls.push({ url, init });
      const next = queue.shift();
      if (!next) throw new Error(`unexpected call ${init.method} ${url}`);
      return next;
    },
    ...overrides,
  });
  return { client, calls };
}

function header(call: Call | undefined, name: string): string | undefined {
  return (call?.init.headers as Record<string, string> | undefined)?.[name];
}

describe('retries (docs/architecture.md#the-spa)', () => {
  it.each([
    ...RETRY_STATUSES,
  ])('retries a GET once after %i and returns the second answer', async (status) => {
    const { client, calls } = scriptedClient([
      json(status, { message: 'x' }),
      json(200, { data: { id: 7 } }),
    ]);
    await expect(client.get('/api/user')).resolves.toEqual({ id: 7 });
    expect(calls).toHaveLength(2);
  });

  it('retries only once: two failures in a row reach the caller as an ApiError', async () => {
    const { client, calls } = scriptedClient([
      json(503, { message: 'Primero' }),
      json(503, { message: 'Mantenimiento' }),
    ]);
    const error = await client.get('/api/roles').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 503, message: 'Mantenimiento' });
    expect(calls).toHaveLength(2);
  });

  it.each([400, 401, 403, 404, 419, 422, 501])('does not retry a GET after %i', async (status) => {
    const { client, calls } = scriptedClient([json(status, { message: 'no' })]);
    await expect(client.get('/api/roles')).rejects.toMatchObject({ status });
    expect(calls).toHaveLength(1);
  });

  it.each(['post', 'put', 'patch', 'delete'] as const)('never retries %s, even on 503', async (method) => {
    const { client, calls } = scriptedClient([json(503, { message: 'Mantenimiento' })]);
    await expect(client[method]('/api/roles/1', { label: 'x' })).rejects.toMatchObject({ status: 503 });
    expect(calls).toHaveLength(1);
  });

  it('does not retry when the network fails, and says so in Spanish', async () => {
    let attempts = 0;
    const { client } = scriptedClient([], {
      fetch: async () => {
        attempts++;
        throw new TypeError('Failed to fetch');
      },
    });
    await expect(client.get('/api/user')).rejects.toMatchObject({
      status: 0,
      message: expect.stringContaining('No se ha podido conectar'),
    });
    expect(attempts).toBe(1);
  });
});

describe('unwrapping (docs/http-api.md#what-the-spa-sends)', () => {
  it('returns the data field of the body', async () => {
    const { client } = scriptedClient([json(200, { data: { id: 1, name: 'Ana' }, meta: { total: 1 } })]);
    await expect(client.get('/api/users/1')).resolves.toEqual({ id: 1, name: 'Ana' });
  });

  it('returns the whole body when raw output is asked for', async () => {
    const page = { data: [{ id: 1 }], links: {}, meta: { total: 1 } };
    const { client } = scriptedClient([json(200, page)]);
    await expect(client.get('/api/users', { raw: true })).resolves.toEqual(page);
  });

  it('returns the raw {status} body of the password endpoints', async () => {
    const { client } = scriptedClient([json(200, { status: 'Enviado.' })]);
    await expect(client.post('/api/forgot-password', { email: 'a@b.es' }, { raw: true })).resolves.toEqual({
      status: 'Enviado.',
    });
  });

  it('resolves an empty 204 to undefined', async () => {
    const { client } = scriptedClient([json(204, null)]);
    await expect(client.post('/api/logout')).resolves.toBeUndefined();
  });
});

describe('every call (docs/http-api.md#what-the-spa-sends)', () => {
  it('adds lang=es to the URL, after the caller’s parameters', async () => {
    const { client, calls } = scriptedClient([json(200, { data: [] })]);
    await client.get('/api/news', {
      params: { page: 2, search: 'año nuevo', 'filter[status]': ['a', 'b'], x: null },
    });
    const url = new URL(calls[0]!.url);
    expect(url.origin + url.pathname).toBe('https://gestor.test/api/news');
    expect(url.searchParams.get('lang')).toBe('es');
    expect(url.searchParams.get('page')).toBe('2');
    expect(url.searchParams.get('search')).toBe('año nuevo');
    expect(url.searchParams.getAll('filter[status]')).toEqual(['a', 'b']);
    expect(url.searchParams.has('x')).toBe(false);
  });

  it('keeps a path in the base address', async () => {
    const { client, calls } = scriptedClient([json(200, { data: null })], {
      baseUrl: () => 'https://example.org/gestor',
    });
    await client.get('/api/user');
    expect(calls[0]!.url).toBe('https://example.org/gestor/api/user?lang=es');
  });

  it('sends credentials, asks for JSON and sends the page as referrer', async () => {
    const { client, calls } = scriptedClient([json(200, { data: null })]);
    await client.get('/api/user');
    expect(calls[0]!.init.credentials).toBe('include');
    expect(calls[0]!.init.referrer).toBe('https://gestor.test/role?page=2');
    expect(header(calls[0], 'Accept')).toBe('application/json');
  });

  it('sends X-XSRF-TOKEN, URL-decoded, only when the XSRF-TOKEN cookie exists', async () => {
    const withCookie = scriptedClient([json(204, null)], {
      cookies: () => 'gestor_session=abc; XSRF-TOKEN=eyJpdiI6%3D%3D; other=1',
    });
    await withCookie.client.post('/api/logout');
    expect(header(withCookie.calls[0], 'X-XSRF-TOKEN')).toBe('eyJpdiI6==');

    const withoutCookie = scriptedClient([json(204, null)], { cookies: () => 'gestor_session=abc' });
    await withoutCookie.client.post('/api/logout');
    expect(header(withoutCookie.calls[0], 'X-XSRF-TOKEN')).toBeUndefined();
  });

  it('declares a JSON body only when there is one', async () => {
    const { client, calls } = scriptedClient([json(204, null), json(204, null)]);
    await client.post('/api/login', { email: 'a@b.es', password: 'secreto123' });
    await client.post('/api/logout');
    expect(header(calls[0], 'Content-Type')).toBe('application/json');
    expect(calls[0]!.init.body).toBe('{"email":"a@b.es","password":"secreto123"}');
    expect(header(calls[1], 'Content-Type')).toBeUndefined();
    expect(calls[1]!.init.body).toBeUndefined();
  });
});

describe('errors', () => {
  it('throws an ApiError with the server’s message and field errors', async () => {
    const { client } = scriptedClient([
      json(422, {
        message: 'Estas credenciales no coinciden.',
        errors: { email: ['Estas credenciales no coinciden.'] },
      }),
    ]);
    const error = (await client.post('/api/login', {}).catch((caught: unknown) => caught)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(422);
    expect(error.message).toBe('Estas credenciales no coinciden.');
    expect(error.fieldError('email')).toBe('Estas credenciales no coinciden.');
  });

  it('falls back to a Spanish message when the body has none', async () => {
    const { client } = scriptedClient([new Response('<html>Bad gateway</html>', { status: 502 })]);
    await expect(client.post('/api/login', {})).rejects.toMatchObject({
      status: 502,
      message: expect.stringContaining('error en el servidor'),
    });
  });

  it.each([401, 403])('hands a %i to the auth handler, with the caller’s redirect choice', async (status) => {
    const { client } = scriptedClient([json(status, { message: 'no' }), json(status, { message: 'no' })]);
    const handler = vi.fn();
    client.setAuthErrorHandler(handler);

    await expect(client.get('/api/roles')).rejects.toMatchObject({ status });
    expect(handler).toHaveBeenLastCalledWith(expect.objectContaining({ status }), { redirect: true });

    await expect(client.get('/api/user', { authRedirect: false })).rejects.toMatchObject({ status });
    expect(handler).toHaveBeenLastCalledWith(expect.objectContaining({ status }), { redirect: false });
    expect(handler).toHaveBeenCalledTimes(2);
  });

  it('marks the 403 of a role that requires two-factor sign-in, so the handler sends to its set-up', async () => {
    const { client } = scriptedClient([
      json(403, { message: 'Su rol exige la verificación en dos pasos.', two_factor_required: true }),
      json(403, { message: 'no' }),
    ]);
    const handler = vi.fn();
    client.setAuthErrorHandler(handler);
    await expect(client.post('/api/news', {})).rejects.toMatchObject({
      status: 403,
      twoFactorRequired: true,
    });
    await expect(client.post('/api/news', {})).rejects.toMatchObject({
      status: 403,
      twoFactorRequired: false,
    });
    expect(handler).toHaveBeenCalledTimes(2);
  });

  it('does not call the auth handler for other failures', async () => {
    const { client } = scriptedClient([json(422, { message: 'x' }), json(419, { message: 'x' })]);
    const handler = vi.fn();
    client.setAuthErrorHandler(handler);
    await expect(client.post('/api/login', {})).rejects.toBeInstanceOf(ApiError);
    await expect(client.post('/api/logout')).rejects.toBeInstanceOf(ApiError);
    expect(handler).not.toHaveBeenCalled();
  });
});
