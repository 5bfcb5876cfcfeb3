import type { SecurityEventKind } from '@gestor/shared';
import type { FastifyRequest } from 'fastify';
import type { Connection } from '../../db/client';
import type { AuditActor } from '../resource/audit-log';

// One way to write the security log (decision 031). Callers pass the connection of the change they
// record, so an event is written exactly when its change commits.

/** Where a request came from, as the log keeps it. */
export interface RequestOrigin {
  ip: string | null;
  userAgent: string | null;
}

const USER_AGENT_MAX = 400;

/** The address (behind TRUST_PROXY, decision 039, in its one spelling) and the browser of a request. */
export function requestOrigin(request: FastifyRequest): RequestOrigin {
  const agent = request.headers['user-agent'];
  return { ip: request.clientAddress || null, userAgent: agent ? agent.slice(0, USER_AGENT_MAX) : null };
}

export interface SecurityEventInput {
  kind: SecurityEventKind;
  /** The account concerned; none for a failed sign-in with an unknown address. */
  user?: { id: number; name: string; email?: string } | null;
  /** The address typed at a sign-in when it matches no account (else the account's own). */
  email?: string | null;
  /** Who did it, when not the person themselves (an administrator's reset, a role's new permissions). */
  actor?: AuditActor | null;
  origin?: RequestOrigin | null;
  details?: Record<string, unknown>;
}

export async function recordSecurityEvent(conn: Connection, event: SecurityEventInput): Promise<void> {
  await conn.query(
    `INSERT INTO security_events (kind, user_id, user_name, email, actor_id, actor_name, ip, user_agent, details)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      event.kind,
      event.user?.id ?? null,
      event.user?.name ?? null,
      event.user?.email ?? event.email ?? null,
      event.actor?.id ?? null,
      event.actor?.name ?? null,
      event.origin?.ip ?? null,
      event.origin?.userAgent ?? null,
      JSON.stringify(event.details ?? {}),
    ],
    'record-security-event',
  );
}
