import type { Connection } from '../../db/client';
import type { AuditActor } from '../resource/audit-log';
import { currentOrigin } from './request-origin';
import { recordSecurityEvent } from './security-events';

// Who may do what changed (decision 031): a role's permissions or a user's roles. Recorded in the
// write's own transaction, so the event exists exactly when the change commits; a write that changes
// neither records nothing.

/** What was given and what was taken away, each sorted; null when nothing changed. */
function difference(before: readonly string[], after: readonly string[]) {
  const added = after.filter((name) => !before.includes(name)).sort();
  const removed = before.filter((name) => !after.includes(name)).sort();
  return added.length || removed.length ? { added, removed } : null;
}

/** A role's permissions changed: it concerns no one account, so the role is named in the details. */
export async function recordRolePermissions(
  tx: Connection,
  actor: AuditActor,
  role: { id: number; name: string; label: string },
  before: readonly string[],
  after: readonly string[],
): Promise<void> {
  const changed = difference(before, after);
  if (!changed) return;
  await recordSecurityEvent(tx, {
    kind: 'permissions_changed',
    actor,
    origin: currentOrigin(),
    details: { role: { id: role.id, name: role.name, label: role.label }, permissions: changed },
  });
}

/** A user's roles changed. */
export async function recordUserRoles(
  tx: Connection,
  actor: AuditActor,
  user: { id: number; name: string; email: string },
  before: readonly string[],
  after: readonly string[],
): Promise<void> {
  const changed = difference(before, after);
  if (!changed) return;
  await recordSecurityEvent(tx, {
    kind: 'permissions_changed',
    user,
    actor,
    origin: currentOrigin(),
    details: { roles: changed },
  });
}
