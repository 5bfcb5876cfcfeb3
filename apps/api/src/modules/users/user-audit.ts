import { type AuditEntry, HIDDEN_VALUE, USERS } from '@gestor/shared';
import type { Connection } from '../../db/client';
import { type AuditActor, writeAudit } from '../resource/audit-log';

// Changes to an account made outside the users area's own writes (a reset link, a sign-up, the
// command line) are audited like the rest (DESIGN.md §4 history): rows in `audits` under the users
// area, with the same snapshot the area records (name, email, active, roles; a password only as
// hidden), so the user's history panel shows them.

/** The actor of `npm run artisan` tasks: whoever holds the server's shell, not a user. */
export const COMMAND_LINE: AuditActor = { id: null, name: 'Línea de órdenes' };

/** The change a new password makes: hidden on both sides, as the users area writes it. */
export const PASSWORD_CHANGED: AuditEntry['changes'] = { password: { from: HIDDEN_VALUE, to: HIDDEN_VALUE } };

export async function auditUser(
  conn: Connection,
  actor: AuditActor,
  userId: number,
  action: AuditEntry['action'],
  changes: AuditEntry['changes'],
): Promise<void> {
  await writeAudit(conn, { resource: USERS.path, recordId: userId, action, actor }, changes);
}

/** Audits a user just created, as the users area's create does: every field from nothing. */
export async function auditUserCreated(conn: Connection, actor: AuditActor, userId: number): Promise<void> {
  const [user] = await conn.query<{
    name: string;
    email: string;
    active: boolean;
    roles: string[];
    password: boolean;
  }>(
    `SELECT u.name, u.email, u.active, u.password IS NOT NULL AS password,
            coalesce((SELECT array_agg(r.name ORDER BY ru.position, r.id) FROM role_user ru
                        JOIN roles r ON r.id = ru.role_id WHERE ru.user_id = u.id), '{}') AS roles
       FROM users u WHERE u.id = $1`,
    [userId],
  );
  if (!user) return;
  const { password, ...snapshot } = user;
  const changes: AuditEntry['changes'] = {};
  for (const [field, value] of Object.entries(snapshot)) changes[field] = { from: null, to: value };
  if (password) changes.password = { from: null, to: HIDDEN_VALUE };
  await auditUser(conn, actor, userId, 'created', changes);
}
