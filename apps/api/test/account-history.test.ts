import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openPglite } from '../src/db/client';
import {
  openTestDatabase,
  resetLinkIn,
  startTestServer,
  type TestClient,
  type TestServer,
  testDatabases,
  uniqueEmail,
} from './support';
import { artisan } from './support/artisan';

// A password reset with a link runs as one transaction, and the changes to an account made
// outside the users screens (the reset link, a sign-up, the command-line tasks) are in its history.

const HIDDEN = { from: '[oculto]', to: '[oculto]' };

describe.each(testDatabases())('account history (%s)', (engine) => {
  let server: TestServer;
  let admin: TestClient;

  beforeAll(async () => {
    server = await startTestServer(engine, { REGISTRATION_ENABLED: 'true' });
    ({ client: admin } = await server.signIn({ roles: ['admin'] }));
  });
  afterAll(() => server?.close());

  /** A reset link for the user, as the "send a reset link" button mails it. */
  async function resetToken(user: { id: number; email: string }): Promise<string> {
    const before = server.mails.to(user.email).length;
    expect((await admin.post(`/api/users/${user.id}/password-reset`)).status).toBe(200);
    return resetLinkIn(server.mails.to(user.email)[before]!.text).token;
  }
  async function resetWith(email: string, token: string, password: string) {
    const client = server.client();
    await client.csrf();
    return client.post('/api/reset-password', { email, token, password, password_confirmation: password });
  }

  test('a reset with a link is in the history, made by the person, the password hidden', async () => {
    const user = await server.createUser({ name: 'Olvidadiza' });
    const reset = await resetWith(user.email, await resetToken(user), 'clave-nueva-por-enlace');
    expect(reset.status, reset.text).toBe(200);
    const history = (await admin.get(`/api/users/${user.id}/audit`)).body.data;
    expect(history[0]).toMatchObject({
      action: 'updated',
      user: { id: user.id, name: 'Olvidadiza' },
      changes: { password: HIDDEN },
    });
    expect(JSON.stringify(history)).not.toContain('clave-nueva-por-enlace');
  });

  test('a reset that fails half-way spends nothing: the link still works afterwards', async () => {
    const user = await server.createUser();
    const token = await resetToken(user);
    // The password cannot be written for a moment (as a failing disk or a lost connection would do).
    await server.database.exec(`
      CREATE FUNCTION refuse_password() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'contraseña bloqueada para la prueba'; END $$;
      CREATE TRIGGER refuse_password BEFORE UPDATE OF password ON users FOR EACH ROW EXECUTE FUNCTION refuse_password();
    `);
    try {
      expect((await resetWith(user.email, token, 'clave-que-no-llega')).status).toBe(500);
    } finally {
      await server.database.exec('DROP TRIGGER refuse_password ON users; DROP FUNCTION refuse_password();');
    }
    const retried = await resetWith(user.email, token, 'clave-que-si-llega');
    expect(retried.status, retried.text).toBe(200);
    expect((await server.client().login(user.email, 'clave-que-si-llega')).status).toBe(204);
  });

  test('a sign-up is in the new account’s history, made by the person who signed up', async () => {
    const client = server.client();
    await client.csrf();
    const email = uniqueEmail('registro');
    const password = 'una-contraseña-larga';
    const signedUp = await client.post('/api/register', {
      name: 'Recién Llegada',
      email,
      password,
      password_confirmation: password,
    });
    expect(signedUp.status, signedUp.text).toBe(204);
    const [user] = (await admin.get(`/api/users?search=${encodeURIComponent(email)}`)).body.data;
    const history = (await admin.get(`/api/users/${user.id}/audit`)).body.data;
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({
      action: 'created',
      user: { id: user.id, name: 'Recién Llegada' },
      changes: {
        name: { from: null, to: 'Recién Llegada' },
        email: { from: null, to: email },
        active: { from: null, to: true },
        roles: { from: null, to: ['lector'] },
        password: { from: null, to: '[oculto]' },
      },
    });
  });
});

describe('command-line tasks are audited', () => {
  let storage: string;
  beforeAll(() => {
    storage = mkdtempSync(path.join(tmpdir(), 'gestor-cli-audit-'));
  });
  afterAll(() => rmSync(storage, { recursive: true, force: true }));

  const run = (...args: string[]) => {
    const ran = artisan(storage, ...args);
    expect(ran.status, ran.stderr).toBe(0);
  };

  test('user:create and user:password leave their entries, made by the command line', async () => {
    // The run's migrated, seeded snapshot in STORAGE_PATH/db (migrating through the CLI is tested in
    // embedded-database.test.ts; here it took half of this file's time).
    await (await openTestDatabase('pglite', { seeded: true, dataDir: path.join(storage, 'db') })).drop();
    run('user:create', '--email', 'consola@example.com', '--name', 'De Consola', '--role', 'editor');
    run('user:password', '--email', 'consola@example.com', '--password', 'otra-clave-de-consola');
    const database = openPglite(path.join(storage, 'db'));
    try {
      const rows = await database.query<{
        action: string;
        user_id: number | null;
        user_name: string;
        changes: unknown;
      }>(
        `SELECT a.action, a.user_id, a.user_name, a.changes FROM audits a JOIN users u ON u.id = a.record_id
          WHERE a.resource = 'users' AND u.email = 'consola@example.com' ORDER BY a.id`,
      );
      expect(rows).toEqual([
        {
          action: 'created',
          user_id: null,
          user_name: 'Línea de órdenes',
          changes: {
            name: { from: null, to: 'De Consola' },
            email: { from: null, to: 'consola@example.com' },
            active: { from: null, to: true },
            roles: { from: null, to: ['editor'] },
            password: { from: null, to: '[oculto]' },
          },
        },
        { action: 'updated', user_id: null, user_name: 'Línea de órdenes', changes: { password: HIDDEN } },
      ]);
    } finally {
      await database.close();
    }
  }, 180_000);
});
