import { type AuditEntry, HIDDEN_VALUE, USERS } from '@gestor/shared';
import type { Connection } from '../../db/client';
import { deriveDefinition, targetRegistry } from '../resource/area-declaration';
import { type AuditActor, writeAudit } from '../resource/audit-log';
import { rolesResource } from '../roles/roles-resource';
import { usersArea } from './users-resource';

// Changes to an account made outside the users area's own writes (a reset link, a sign-up, the
// command line) are audited like the rest (docs/areas.md history): rows in `audits` under the users
// area, with the same snapshot the area records (its audited fields; a password only as hidden), so
// the user's history panel shows them.

/** The users area as the machinery reads and audits it; its roles read through the roles area. */
const users = deriveDefinition(usersArea, targetRegistry([rolesResource]));

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

/** Audits a user just created, as the users area's create does: every audited field from nothing. */
export async function auditUserCreated(conn: Connection, actor: AuditActor, userId: number): Promise<void> {
  const secrets = (users.secretFields ?? []).map((field) => `t.${field} IS NOT NULL AS ${field}`);
  const [row] = await conn.query(
    `SELECT ${[users.columns, ...secrets].join(', ')} FROM ${users.table} t WHERE t.id = $1`,
    [userId],
  );
  if (!row) return;
  const changes: AuditEntry['changes'] = {};
  for (const [field, value] of Object.entries(users.auditSnapshot!(users.toRecord(row)))) {
    changes[field] = { from: null, to: value };
  }
  for (const field of users.secretFields ?? []) {
    if (row[field]) changes[field] = { from: null, to: HIDDEN_VALUE };
  }
  await auditUser(conn, actor, userId, 'created', changes);
}
