import type { AuditEntry } from '@gestor/shared';
import type { Connection } from '../../db/client';

// One way to write a record's history (docs/areas.md): the machinery's writes and the account changes
// made outside the users area (a reset link, a sign-up, the command line) go through it alike.

/** Who made a change, as the history shows it; no id when nobody signed in did it. */
export interface AuditActor {
  id: number | null;
  name: string;
}

/**
 * One history entry. The machinery's writes also store the record's version (decision 025) and, for a
 * restore, which version came back; account changes made elsewhere store none (the next entry of the
 * record then stores a whole version).
 */
export async function writeAudit(
  conn: Connection,
  entry: { resource: string; recordId: number; action: AuditEntry['action']; actor: AuditActor },
  changes: AuditEntry['changes'],
  extra: { version?: unknown; revertedFrom?: AuditEntry['reverted_from'] } = {},
): Promise<void> {
  await conn.query(
    `INSERT INTO audits (resource, record_id, action, user_id, user_name, changes, version, reverted_from)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      entry.resource,
      entry.recordId,
      entry.action,
      entry.actor.id,
      entry.actor.name,
      JSON.stringify(changes),
      extra.version ? JSON.stringify(extra.version) : null,
      extra.revertedFrom ? JSON.stringify(extra.revertedFrom) : null,
    ],
  );
}
