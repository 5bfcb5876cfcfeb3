import { z } from 'zod';

// "Quién está editando" (issue 19, decision 027): who has a record's edit screen open, who holds its
// edit lock, and the live channel that tells the other tabs at once.

/** A presence (and the lock it may hold) lapses this long after its tab's last sign of life. */
export const PRESENCE_TTL_SECONDS = 120;
/** How often an open edit screen says it is still there (well inside the TTL, even when throttled). */
export const PRESENCE_HEARTBEAT_MS = 30_000;
/** How often the live channel sends a comment line, so proxies and the browser keep it open. */
export const LIVE_KEEPALIVE_MS = 25_000;
/** The reconnection delay the live channel suggests to EventSource (`retry:`). */
export const LIVE_RETRY_MS = 3_000;

/** A browser tab's own id, made by the SPA (random, URL-safe). */
export const TabId = z
  .string({ error: 'Falta el identificador de la pestaña.' })
  .regex(/^[A-Za-z0-9_-]{8,64}$/, 'El identificador de la pestaña no es válido.');

export const PresenceInput = z.strictObject({ tab: TabId });
export type PresenceInput = z.infer<typeof PresenceInput>;

/** Someone else's tab with the record open. */
export interface PresenceEditor {
  user: { id: number; name: string };
  /** When this tab opened the record (ISO 8601). */
  since: string;
  /** Whether this tab holds the edit lock. */
  holds_lock: boolean;
  /** Another tab of the person who asks. */
  same_user: boolean;
}

/** A record's presence as one tab sees it. */
export interface PresenceState {
  area: string;
  id: number;
  /** Whether the asking tab holds the edit lock (may save without taking over). */
  mine: boolean;
  /** Who holds the lock, and since when; null when nobody does. */
  lock: { user: { id: number; name: string }; since: string } | null;
  /** Everyone else with the record open now, the asking tab left out, in the order they came. */
  editors: PresenceEditor[];
}

/** `event: saved` on the live channel: someone saved a record this tab has open. */
export interface RecordSavedEvent {
  area: string;
  id: number;
  user: { id: number; name: string } | null;
  updated_at: string;
}

export const PRESENCE_MESSAGES = {
  tooManyStreams: 'Hay demasiadas conexiones en directo abiertas con su cuenta: cierre alguna pestaña.',
  serverBusy: 'El servidor no admite más conexiones en directo ahora. Inténtelo de nuevo en unos minutos.',
} as const;
