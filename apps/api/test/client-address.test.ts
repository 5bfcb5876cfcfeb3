import { MESSAGES, PUBLIC_API_PREFIX } from '@gestor/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestClient, type TestServer, testDatabases, uniqueEmail } from './support';

// Decision 039: the client's address behind proxies. X-Forwarded-For is read from the right, past the
// proxies TRUST_PROXY names, so what a client writes at its left changes nothing: not the public rate
// limit, not the sign-in throttle, not the address the security log keeps. The test server listens on
// 127.0.0.1, so the socket's peer (the "proxy") is the loopback address.

const RATE_LIMIT = '5';

/** A public API request as a client behind the proxy; `forwarded` is the X-Forwarded-For it arrives with. */
const publicRequest = (server: TestServer, forwarded?: string) =>
  fetch(`${server.url}${PUBLIC_API_PREFIX}/news`, {
    headers: forwarded === undefined ? {} : { 'X-Forwarded-For': forwarded },
  });

/** A sign-in as arriving through the proxy with `forwarded` (a fresh browser unless one is given). */
const signIn = async (
  server: TestServer,
  email: string,
  password: string,
  forwarded?: string,
  client: TestClient = server.client(),
) => {
  if (!client.jar.has('XSRF-TOKEN')) await client.csrf();
  return client.post(
    '/api/login',
    { email, password },
    { headers: forwarded === undefined ? {} : { 'X-Forwarded-For': forwarded } },
  );
};

const lastEventIp = async (server: TestServer, email: string) => {
  const [event] = await server.database.query<{ ip: string | null }>(
    'SELECT ip FROM security_events WHERE email = $1 ORDER BY id DESC LIMIT 1',
    [email],
  );
  return event?.ip;
};

let spoofed = 0;
/** A different made-up left-most address each time, as a client rotating it would send. */
const spoof = () => {
  spoofed++;
  return `198.18.${Math.floor(spoofed / 250) % 250}.${(spoofed % 250) + 1}`;
};

describe.each(testDatabases())('TRUST_PROXY=1: one proxy in front (%s)', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine, { TRUST_PROXY: '1', PUBLIC_API_RATE_LIMIT: RATE_LIMIT });
  });
  afterAll(() => server?.close());

  test('rotating the left-most X-Forwarded-For does not escape the public rate limit', async () => {
    for (let i = 0; i < 5; i++)
      expect((await publicRequest(server, `${spoof()}, 203.0.113.7`)).status).toBe(200);
    const limited = await publicRequest(server, `${spoof()}, 203.0.113.7`);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    // The proxy's entry is the client: another one has its own count.
    expect((await publicRequest(server, `${spoof()}, 203.0.113.8`)).status).toBe(200);
  });

  test('three spellings of one address are one count', async () => {
    for (const spelling of ['10.9.9.9', '010.9.9.9', '::ffff:a09:909', '10.9.9.9', '::ffff:10.9.9.9'])
      expect((await publicRequest(server, spelling)).status, spelling).toBe(200);
    expect((await publicRequest(server, '010.009.009.009')).status).toBe(429);

    const user = await server.createUser();
    for (const spelling of ['10.9.9.9', '010.9.9.9', '::ffff:a09:909', '::ffff:10.9.9.9', '10.009.9.9'])
      expect((await signIn(server, user.email, 'incorrecta', spelling)).status, spelling).toBe(422);
    expect((await signIn(server, user.email, user.password, '::FFFF:0a09:0909')).status).toBe(429);
    expect((await signIn(server, user.email, user.password, '10.9.9.10')).status).toBe(204);
  });

  test('rotating the left-most X-Forwarded-For does not escape the sign-in throttle', async () => {
    const user = await server.createUser();
    for (let i = 0; i < 5; i++)
      expect((await signIn(server, user.email, 'incorrecta', `${spoof()}, 203.0.113.20`)).status).toBe(422);
    const blocked = await signIn(server, user.email, user.password, `${spoof()}, 203.0.113.20`);
    expect(blocked.status).toBe(429);
    const wait = Number(blocked.headers.get('retry-after'));
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(60);
    expect(blocked.body).toEqual({
      message: MESSAGES.throttled(wait),
      errors: { email: [MESSAGES.throttled(wait)] },
    });
  });

  test('the sign-in throttle counts an IPv6 client by its /64', async () => {
    const user = await server.createUser();
    for (let i = 1; i <= 5; i++)
      expect((await signIn(server, user.email, 'incorrecta', `2001:db8:7:1::${i}`)).status).toBe(422);
    expect((await signIn(server, user.email, user.password, '2001:db8:7:1:ffff::9')).status).toBe(429);
    expect((await signIn(server, user.email, user.password, '2001:db8:7:2::1')).status).toBe(204);
  });

  test('the security log and the session keep the address the proxy saw, in its one spelling', async () => {
    const user = await server.createUser();
    expect((await signIn(server, user.email, 'incorrecta', '6.6.6.6, 2001:DB8:0:0::0042')).status).toBe(422);
    expect(await lastEventIp(server, user.email)).toBe('2001:db8::42');
    const client = server.client();
    expect((await signIn(server, user.email, user.password, '6.6.6.6, 203.0.113.30', client)).status).toBe(
      204,
    );
    expect(await lastEventIp(server, user.email)).toBe('203.0.113.30');
    const [session] = await server.database.query<{ ip_address: string }>(
      'SELECT ip_address FROM sessions WHERE user_id = $1',
      [user.id],
    );
    expect(session?.ip_address).toBe('203.0.113.30');
  });

  test('failures spread over many addresses stop at the account limit; its own browser still signs in', async () => {
    const user = await server.createUser();
    // The owner signed in from this browser before: the account knows it.
    const owner = server.client();
    expect((await signIn(server, user.email, user.password, '198.51.100.10', owner)).status).toBe(204);
    expect((await owner.post('/api/logout')).status).toBe(204);

    // A slow, distributed guess: one try per address, never near the per-address limit.
    for (let i = 1; i <= 20; i++)
      expect((await signIn(server, user.email, `intento-${i}`, `203.0.114.${i}`)).status, `try ${i}`).toBe(
        422,
      );
    const blocked = await signIn(server, user.email, user.password, '203.0.114.99');
    expect(blocked.status).toBe(429);
    const wait = Number(blocked.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(60);
    expect(wait).toBeLessThanOrEqual(15 * 60);
    expect(blocked.body).toEqual({
      message: MESSAGES.throttled(wait),
      errors: { email: [MESSAGES.throttled(wait)] },
    });
    // Another spelling of the email is the same account.
    expect((await signIn(server, user.email.toUpperCase(), user.password, '203.0.114.98')).status).toBe(429);

    // The browser the account has signed in from is not locked out by someone else's guesses.
    expect((await signIn(server, user.email, user.password, '198.51.100.10', owner)).status).toBe(204);
    // Another account is not affected.
    const other = await server.createUser();
    expect((await signIn(server, other.email, other.password, '203.0.114.99')).status).toBe(204);

    // When the window ends, any browser signs in again.
    await server.database.query(
      "UPDATE login_throttles SET expires_at = now() - interval '1 second' WHERE key = $1",
      [`account|${user.email.toLowerCase()}`],
    );
    expect((await signIn(server, user.email, user.password, '203.0.114.99')).status).toBe(204);
  });

  test('the account limit counts failures only: a person signing in from many new browsers is never refused', async () => {
    const user = await server.createUser();
    for (let i = 1; i <= 22; i++)
      expect((await signIn(server, user.email, user.password, `203.0.115.${i}`)).status, `sign-in ${i}`).toBe(
        204,
      );
  });

  test('an unknown email is counted the same way, so the answer does not tell whether it exists', async () => {
    const email = uniqueEmail('nadie');
    for (let i = 1; i <= 20; i++)
      expect((await signIn(server, email, 'incorrecta', `203.0.116.${i}`)).status).toBe(422);
    expect((await signIn(server, email, 'incorrecta', '203.0.116.99')).status).toBe(429);
  });
});

describe.each(testDatabases())('TRUST_PROXY as a list of proxies (%s)', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine, {
      TRUST_PROXY: 'loopback, 10.0.0.0/8',
      PUBLIC_API_RATE_LIMIT: RATE_LIMIT,
    });
  });
  afterAll(() => server?.close());

  test('every proxy of ours is walked past; what the client wrote before them changes nothing', async () => {
    for (let i = 0; i < 5; i++)
      expect((await publicRequest(server, `${spoof()}, 203.0.113.40, 10.1.2.3`)).status).toBe(200);
    expect((await publicRequest(server, `${spoof()}, 203.0.113.40, 10.4.5.6`)).status).toBe(429);

    const user = await server.createUser();
    for (let i = 0; i < 5; i++)
      expect(
        (await signIn(server, user.email, 'incorrecta', `${spoof()}, 203.0.113.41, 10.1.2.3`)).status,
      ).toBe(422);
    expect(await lastEventIp(server, user.email)).toBe('203.0.113.41');
    expect(
      (await signIn(server, user.email, user.password, `${spoof()}, 203.0.113.41, 10.9.9.9`)).status,
    ).toBe(429);
  });

  test('junk where the client should be counts as the proxy that passed it on', async () => {
    const user = await server.createUser();
    expect((await signIn(server, user.email, 'incorrecta', 'no-es-una-ip, 10.7.7.7')).status).toBe(422);
    expect(await lastEventIp(server, user.email)).toBe('10.7.7.7');
  });
});

describe.each(testDatabases())('TRUST_PROXY=false: X-Forwarded-For is ignored (%s)', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine, { TRUST_PROXY: 'false', PUBLIC_API_RATE_LIMIT: RATE_LIMIT });
  });
  afterAll(() => server?.close());

  test('the socket is the client: any header is one count, and the log keeps the socket', async () => {
    for (let i = 0; i < 5; i++) expect((await publicRequest(server, spoof())).status).toBe(200);
    expect((await publicRequest(server, spoof())).status).toBe(429);
    expect((await publicRequest(server)).status).toBe(429);

    const user = await server.createUser();
    expect((await signIn(server, user.email, 'incorrecta', '203.0.113.50')).status).toBe(422);
    expect(await lastEventIp(server, user.email)).toBe('127.0.0.1');
  });
});
