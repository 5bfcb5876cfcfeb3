import { randomBytes } from 'node:crypto';
import { SEEDED_ROLES } from '@gestor/shared';
import { hashPassword } from '../lib/passwords';
import type { Connection, Database } from './client';

/** Creates the seeded roles that are missing; the administrator role always holds every permission. */
export async function seedRoles(database: Database): Promise<void> {
  for (const role of SEEDED_ROLES) {
    const [row] = await database.query<{ id: number; created: boolean }>(
      `INSERT INTO roles (name, label) VALUES ($1, $2)
       ON CONFLICT (name) DO UPDATE SET name = excluded.name
       RETURNING id, (xmax = 0) AS created`,
      [role.name, role.label],
    );
    if (!row) continue;
    // Other roles keep whatever an administrator made of them; only a new role gets its defaults.
    if (row.created || role.name === 'admin') {
      await database.query(
        'INSERT INTO role_permissions (role_id, permission) SELECT $1, unnest($2::text[]) ON CONFLICT DO NOTHING',
        [row.id, role.permissions],
      );
    }
  }
}

const FIRST_ADMIN_LOCK = 7_310_044;

export async function createUser(
  database: Connection,
  input: { name: string; email: string; password: string | null; roles: string[]; active?: boolean },
): Promise<number> {
  const hash = input.password ? await hashPassword(input.password) : null;
  const [row] = await database.query<{ id: number }>(
    'INSERT INTO users (name, email, password, active, email_verified_at) VALUES ($1, $2, $3, $4, now()) RETURNING id',
    [input.name, input.email.toLowerCase(), hash, input.active ?? true],
  );
  const id = row!.id;
  await database.query(
    `INSERT INTO role_user (user_id, role_id, position)
     SELECT $1, r.id, array_position($2::text[], r.name) FROM roles r WHERE r.name = ANY($2::text[])`,
    [id, input.roles],
  );
  return id;
}

/**
 * The first administrator, only when there is no user at all (ADMIN_EMAIL / ADMIN_PASSWORD).
 * Returns the generated password when none was configured, so the caller prints it once.
 */
export async function seedFirstAdmin(
  database: Database,
  admin: { email: string; password: string | undefined },
): Promise<{ email: string; generatedPassword: string | null } | null> {
  // Two processes starting at once on one empty PostgreSQL database would each see no user and
  // create one: the check and the insert run under one lock.
  return database.exclusive(FIRST_ADMIN_LOCK, async (connection) => {
    const [{ count } = { count: 0 }] = await connection.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM users',
    );
    if (count > 0) return null;
    const generatedPassword = admin.password ? null : randomBytes(12).toString('base64url');
    await createUser(connection, {
      name: 'Administrador',
      email: admin.email,
      password: admin.password ?? generatedPassword,
      roles: ['admin'],
    });
    return { email: admin.email, generatedPassword };
  });
}
