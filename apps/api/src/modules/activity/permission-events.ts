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

/**
 * A role's permissions (it concerns no one account, so the role is named in the details) or a
 * user's roles (the account concerned), from `before` to `after`.
 */
export async function recordPermissionsChanged(
  tx: Connection,
  actor: AuditActor,
  changed:
    | { role: { id: number; name: string; label: string } }
    | { user: { id: number; name: string; email: string } },
  before: readonly string[],
  after: readonly string[],
): Promise<void> {
  const change = difference(before, after);
  if (!change) return;
  await recordSecurityEvent(tx, {
    kind: 'permissions_changed',
    actor,
    origin: currentOrigin(),
    ...('user' in changed
      ? { user: changed.user, details: { roles: change } }
      : {
          details: {
            role: { id: changed.role.id, name: changed.role.name, label: changed.role.label },
            permissions: change,
          },
        }),
  });
}
