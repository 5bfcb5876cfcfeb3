import { ROLES } from '@gestor/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Database } from '../src/db/client';
import { createSessionStore } from '../src/modules/auth/session-store';
import { deriveDefinition, targetRegistry } from '../src/modules/resource/area-declaration';
import { checkDefinition } from '../src/modules/resource/resource-service';
import { rolesResource } from '../src/modules/roles/roles-resource';
import {
  openTestDatabase,
  startTestServer,
  type TestClient,
  type TestServer,
  testDatabases,
} from './support';

// Performance and operation: Spanish order on both engines, a session cache that forgets
// only what changed, and declarations checked at start.

describe.each(testDatabases())('Spanish order (%s)', (engine) => {
  let server: TestServer;
  let admin: TestClient;

  beforeAll(async () => {
    server = await startTestServer(engine);
    admin = (await server.signIn({ name: 'Administradora', roles: ['admin'] })).client;
  });
  afterAll(() => server?.close());

  test('accented capitals sort with their letter, ñ after n, ties by id', async () => {
    const names = ['Zoe', 'Óscar', 'Íñigo', 'Álvaro', 'Ángel', 'Nube', 'Ñandú', 'Oso', 'Ana', 'ana'];
    for (const name of names) await server.createUser({ name: `${name} Sortea` });
    const response = await admin.get('/api/users?search=sortea&sort=name&per_page=50');
    expect(response.body.data.map((u: { name: string }) => u.name.replace(' Sortea', ''))).toEqual([
      'Álvaro',
      'Ana',
      'ana',
      'Ángel',
      'Íñigo',
      'Nube',
      'Ñandú',
      'Óscar',
      'Oso',
      'Zoe',
    ]);
    const descending = await admin.get('/api/users?search=sortea&sort=-name&per_page=50');
    expect(descending.body.data[0].name).toBe('Zoe Sortea');
  });
});

describe.each(testDatabases())('session cache (%s)', (engine) => {
  let database: Database;
  let drop: () => Promise<void>;
  let loads = 0;

  beforeAll(async () => {
    const test = await openTestDatabase(engine, { seeded: true });
    drop = test.drop;
    // The same database, counting how often a session is read from it.
    database = {
      ...test.database,
      query: (text, params, name) => {
        if (name === 'gestor_load_session') loads++;
        return test.database.query(text, params, name);
      },
    } as Database;
  });
  afterAll(() => drop?.());

  async function signedInSession(store: ReturnType<typeof createSessionStore>, email: string) {
    const [user] = await database.query<{ id: number }>(
      "INSERT INTO users (name, email) VALUES ('Cacheada', $1) RETURNING id",
      [email],
    );
    const created = await store.create(user!.id, 120, { ip: '127.0.0.1', userAgent: 'prueba' });
    return { userId: user!.id, ...created };
  }

  const settle = () => new Promise((resolve) => setTimeout(resolve, 150));

  /** On PostgreSQL the listening connection starts on first use: nothing is cached until it listens. */
  async function listening() {
    for (let i = 0; i < 100 && !database.hearsAuthChanges(); i++) await settle();
  }

  test("guests' new sessions, touches and other people's sign-outs keep a signed-in session cached", async () => {
    const store = createSessionStore(database, Buffer.alloc(32, 1));
    const me = await signedInSession(store, 'cache-uno@example.test');
    const other = await signedInSession(store, 'cache-dos@example.test');
    await listening();
    await store.find(me.id);
    await settle();
    loads = 0;
    await store.find(me.id);
    expect(loads).toBe(0);

    // Anonymous traffic (csrf-cookie), last-activity touches, someone else signing out.
    for (let i = 0; i < 5; i++) await store.create(null, 120, { ip: '127.0.0.1', userAgent: 'anónimo' });
    await store.touch(me.key);
    await store.destroy(other.key);
    await database.query('UPDATE users SET last_login_at = now() WHERE id = $1', [me.userId]);
    await settle();
    expect((await store.find(me.id))?.userId).toBe(me.userId);
    expect(loads).toBe(0);
  });

  test('its own user, roles or ending are forgotten at once', async () => {
    const store = createSessionStore(database, Buffer.alloc(32, 2));
    const me = await signedInSession(store, 'cache-tres@example.test');
    await listening();
    await store.find(me.id);
    await settle();

    await database.query("UPDATE users SET name = 'Renombrada' WHERE id = $1", [me.userId]);
    expect((await store.find(me.id))?.user?.name).toBe('Renombrada');

    await database.query(
      "INSERT INTO role_user (user_id, role_id) SELECT $1, id FROM roles WHERE name = 'lector'",
      [me.userId],
    );
    expect((await store.find(me.id))?.user?.permissions).toContain('news.view');

    await database.query(
      "DELETE FROM role_permissions WHERE permission = 'news.view' AND role_id = (SELECT id FROM roles WHERE name = 'lector')",
    );
    expect((await store.find(me.id))?.user?.permissions).not.toContain('news.view');

    await database.query('DELETE FROM sessions WHERE id = $1', [me.key]);
    expect(await store.find(me.id)).toBeNull();
  });
});

describe('resource declarations', () => {
  test('a contract key without its implementation stops the server at start, naming it', () => {
    const roles = deriveDefinition(rolesResource, targetRegistry([rolesResource]));
    expect(() => checkDefinition(roles as never)).not.toThrow();
    const broken = {
      ...roles,
      contract: {
        ...ROLES,
        sortable: [...ROLES.sortable, 'users_count'],
        filters: { ...ROLES.filters, x: ROLES.filters.permission },
      },
    };
    expect(() => checkDefinition(broken as never)).toThrow(
      'El área «roles» declara claves sin implementar: sort users_count, filter x.',
    );
  });
});
