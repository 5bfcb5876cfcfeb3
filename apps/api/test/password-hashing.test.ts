import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { startTestServer, type TestClient, type TestServer, testDatabases, uniqueEmail } from './support';

// argon2 is slow by design. A user's password is hashed before the write's transaction opens: inside
// it, the users area's write lock (and PGlite's single connection) would be held for the whole hash.
// Here the hash is made slower still, so waiting on it cannot go unnoticed.

const slow = vi.hoisted(() => ({ ms: 0 }));
vi.mock('../src/lib/passwords', async (importOriginal) => {
  const real = await importOriginal<typeof import('../src/lib/passwords')>();
  return {
    ...real,
    hashPassword: async (password: string) => {
      await new Promise((resolve) => setTimeout(resolve, slow.ms));
      return real.hashPassword(password);
    },
  };
});

const HASH_MS = 1_500;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(testDatabases())('password hashing outside the transaction (%s)', (engine) => {
  let server: TestServer;
  let admin: TestClient;

  beforeAll(async () => {
    server = await startTestServer(engine);
    ({ client: admin } = await server.signIn({ roles: ['admin'] }));
  });
  afterAll(() => {
    slow.ms = 0;
    return server?.close();
  });

  const timed = async <T>(work: Promise<T>) => {
    const started = performance.now();
    const result = await work;
    return { result, ms: performance.now() - started };
  };

  test.each([
    'create',
    'update',
  ] as const)('while a password hashes (%s), other requests and user writes go on', async (kind) => {
    const other = await server.createUser({ name: 'Otra persona' });
    const target = await server.createUser({ name: 'Con contraseña nueva' });
    const shown = (await admin.get(`/api/users/${other.id}`)).body.data;
    slow.ms = HASH_MS;
    try {
      const hashing =
        kind === 'create'
          ? admin.post('/api/users', {
              name: 'Persona nueva',
              email: uniqueEmail('hash'),
              password: 'una-contraseña-larga',
              roles: ['lector'],
              active: true,
            })
          : admin.get(`/api/users/${target.id}`).then((current) =>
              admin.patch(`/api/users/${target.id}`, {
                password: 'una-contraseña-larga',
                updated_at: current.body.data.updated_at,
              }),
            );
      await sleep(300);
      const read = await timed(admin.get(`/api/users/${other.id}`));
      const edit = await timed(
        admin.patch(`/api/users/${other.id}`, { name: 'Otra persona editada', updated_at: shown.updated_at }),
      );
      const written = await hashing;
      expect(written.status, written.text).toBe(kind === 'create' ? 201 : 200);
      expect(read.result.status).toBe(200);
      expect(edit.result.status, edit.result.text).toBe(200);
      // Neither waited for the hash (still about a second away when they were sent).
      expect(read.ms).toBeLessThan(700);
      expect(edit.ms).toBeLessThan(700);
    } finally {
      slow.ms = 0;
    }
    // The stored hash is the new password's: it signs in.
    if (kind === 'update') {
      const login = await server.client().login(target.email, 'una-contraseña-larga');
      expect(login.status).toBe(204);
    }
  });
});
