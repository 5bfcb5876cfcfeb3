import type { AuthUser } from '@gestor/shared';

// What the session plugin (session.ts) reads and writes, declared on its side: the sessions' table
// (modules/auth/session-store.ts) provides it, so the HTTP layer never imports an area's module.

export interface LoadedSession {
  /** The stored session's key (HMAC of its id); '' for a guest session, which is not stored. */
  key: string;
  /** A visitor's session before sign-in: signed, not stored (guest-sessions.ts). */
  guest: boolean;
  userId: number | null;
  csrfToken: string;
  lifetimeMinutes: number;
  lastActivity: Date;
  user: AuthUser | null;
}

export interface NewSession {
  id: string;
  key: string;
  csrfToken: string;
  lifetimeMinutes: number;
}

/** The sessions' storage as the plugin uses it (modules/auth/session-store.ts). */
export interface SessionStorage {
  /** What find() would return without waiting for anything, when it is kept in memory. */
  cached(id: string): LoadedSession | undefined;
  find(id: string): Promise<LoadedSession | null>;
  /** Starts a session (a guest one when userId is null) with a fresh id and CSRF token. */
  create(
    userId: number | null,
    lifetimeMinutes: number,
    client: { ip: string; userAgent: string | undefined },
  ): Promise<NewSession>;
  touch(key: string): Promise<void>;
  destroy(key: string): Promise<void>;
}
