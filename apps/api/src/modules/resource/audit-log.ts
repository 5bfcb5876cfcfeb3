import type { AuditEntry } from '@gestor/shared';
import type { Connection } from '../../db/client';

// One way to write a record's history (DESIGN.md §4): the machinery's writes and the account changes
// made outside the users area (a reset link, a sign-up, the command line) go through it alike.

/** Who made a change, as the history shows it; no id when nobody signed in did it. */
export interface AuditActor {
  id: number | null;
  name: string;
}

export async function writeAudit(
  conn: Connection,
  entry: { resource: string; recordId: number; action: AuditEntry['action']; actor: AuditActor },
  changes: AuditEntry['changes'],
): Promise<void> {
  await conn.query(
    'INSERT INTO audits (resource, record_id, action, user_id, user_name, changes) VALUES ($1, $2, $3, $4, $5, $6)',
    [entry.resource, entry.recordId, entry.action, entry.actor.id, entry.actor.name, JSON.stringify(changes)],
  );
}
