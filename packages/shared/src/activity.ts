import type { Area } from './permissions';
import { AUDIT_ACTION_LABELS, type AuditEntry } from './resource';
import { SECURITY_EVENT_KINDS, SECURITY_EVENT_LABELS, type SecurityEventKind } from './security-events';

// The activity log (issue 20, decision 031): every area's history and the security log in one list,
// newest first. `GET /api/activity` answers these rows; `filter[area]=security` keeps the security
// log alone, whose events belong to no area.

export const AUDIT_ACTIONS = Object.keys(AUDIT_ACTION_LABELS) as AuditEntry['action'][];

/** A kind of change: a history entry's action or a security event's kind. */
export type ActivityKind = AuditEntry['action'] | SecurityEventKind;

export const ACTIVITY_KINDS: readonly ActivityKind[] = [...AUDIT_ACTIONS, ...SECURITY_EVENT_KINDS];

export const ACTIVITY_KIND_LABELS: Record<ActivityKind, string> = {
  ...AUDIT_ACTION_LABELS,
  ...SECURITY_EVENT_LABELS,
};

/** The area filter's value for the security log. */
export const SECURITY_AREA = 'security';
export const SECURITY_AREA_LABEL = 'Seguridad';

/** One row of the activity log. */
export interface ActivityEntry {
  /** Unique across both sources: `audit-12`, `security-7`. */
  id: string;
  source: 'audit' | 'security';
  kind: ActivityKind;
  created_at: string;
  /** Who did it, as named then (null: nobody signed in, an unknown address at a sign-in). */
  user: { id: number | null; name: string } | null;
  /** The area of the record changed; null for a security event. */
  area: Area | null;
  /**
   * The record changed: its current title and SPA key while it exists (`trashed` when it is in the
   * trash), else its last title from its history (`exists` false).
   */
  record: { id: number; key: string | null; title: string | null; exists: boolean; trashed: boolean } | null;
  /** The fields a history entry changed, by their Spanish labels ("Título", "Estado"). */
  fields: string[];
  /** A security event's account (whose sign-in, whose permissions) and what it says of itself. */
  subject: { id: number | null; name: string | null; email: string | null } | null;
  details: Record<string, unknown>;
  /** A security event's address and browser. */
  ip: string | null;
  user_agent: string | null;
}

/** A choice of the person filter (`GET /api/activity/people`): anyone with an account, even deleted. */
export interface ActivityPerson {
  id: number;
  name: string;
  email: string;
}
