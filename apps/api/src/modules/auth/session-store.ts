import type { AuthUser, Permission, RoleSummary } from '@gestor/shared';
import type { Connection, Database } from '../../db/client';
import { keyedHash, randomToken } from '../../lib/tokens';
import type { LoadedSession, NewSession } from '../../plugins/session-contract';

// Sessions live in the database (docs/architecture.md) so any number of API processes share them.
// The browser holds a 256-bit id; the table keeps only its HMAC under APP_KEY.

/** Remembered sessions ("Recordarme") stay open for 30 days of inactivity instead of SESSION_LIFETIME. */
export const REMEMBER_LIFETIME_MINUTES = 30 * 24 * 60;

interface SessionRow {
  user_id: number | null;
  csrf_token: string;
  lifetime_minutes: number;
  last_activity: Date;
  id: number | null;
  name: string | null;
  email: string | null;
  email_verified_at: Date | null;
  created_at: Date | null;
  updated_at: Date | null;
  roles: RoleSummary[] | null;
  permissions: Permission[] | null;
  two_factor_enabled: boolean | null;
  two_factor_required: boolean | null;
}

/**
 * The columns `toAuthUser` reads, of the user aliased `u`: who they are, their roles and permissions,
 * and their second factor. A session's user and an API token's owner are loaded alike.
 */
export const AUTH_USER_COLUMNS = `
       u.id, u.name, u.email, u.email_verified_at, u.created_at, u.updated_at,
       (SELECT coalesce(json_agg(json_build_object('id', r.id, 'name', r.name, 'label', r.label)
                                 ORDER BY ru.position, r.id), '[]'::json)
          FROM role_user ru JOIN roles r ON r.id = ru.role_id WHERE ru.user_id = u.id) AS roles,
       (SELECT coalesce(array_agg(DISTINCT rp.permission ORDER BY rp.permission), '{}')
          FROM role_user ru JOIN role_permissions rp ON rp.role_id = ru.role_id WHERE ru.user_id = u.id) AS permissions,
       u.two_factor_confirmed_at IS NOT NULL AS two_factor_enabled,
       EXISTS (SELECT 1 FROM role_user ru JOIN roles r ON r.id = ru.role_id
                WHERE ru.user_id = u.id AND r.requires_two_factor) AS two_factor_required`;

// One round trip loads the session, its user (if still active), the user's roles and permissions.
const LOAD_SESSION = `
SELECT s.user_id, s.csrf_token, s.lifetime_minutes, s.last_activity,${AUTH_USER_COLUMNS}
  FROM sessions s
  LEFT JOIN users u ON u.id = s.user_id AND u.active AND u.deleted_at IS NULL
 WHERE s.id = $1 AND s.last_activity > now() - make_interval(mins => s.lifetime_minutes)`;

/** What AUTH_USER_COLUMNS read, as the driver returns it. */
export interface AuthUserRow {
  id: number;
  name: string;
  email: string;
  email_verified_at: Date | null;
  created_at: Date;
  updated_at: Date;
  roles: RoleSummary[] | null;
  permissions: Permission[] | null;
  two_factor_enabled?: boolean | null;
  two_factor_required?: boolean | null;
}

export function toAuthUser(row: AuthUserRow): AuthUser {
  const roles = row.roles ?? [];
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    email_verified_at: row.email_verified_at ? row.email_verified_at.toISOString() : null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    roles,
    role: roles[0]?.name ?? null,
    roleName: roles[0]?.label ?? null,
    permissions: row.permissions ?? [],
    two_factor_enabled: row.two_factor_enabled ?? false,
    two_factor_required: row.two_factor_required ?? false,
  };
}

const CACHE_LIMIT = 10_000;

export function createSessionStore(database: Database, appKey: Buffer) {
  const keyOf = (id: string) => keyedHash(appKey, id);
  // A loaded session is kept in memory and forgotten when the database announces that it, its
  // user or the roles changed (decision 007), in this process or another. Keyed by the cookie's id,
  // so a hit costs no HMAC; the id never leaves this process's memory.
  const cache = new Map<string, LoadedSession>();
  const idsByKey = new Map<string, string>();
  // Counts announcements: a load during which anything was announced may have read the old state,
  // so it is not kept (the next request reads again).
  let announcements = 0;
  const forget = (id: string) => {
    const session = cache.get(id);
    if (session) idsByKey.delete(session.key);
    cache.delete(id);
  };
  database.onAuthChange((change) => {
    announcements++;
    if (change === 'all') {
      cache.clear();
      idsByKey.clear();
    } else if ('session' in change) {
      const id = idsByKey.get(change.session);
      if (id !== undefined) forget(id);
    } else {
      for (const [id, session] of cache) if (session.userId === change.user) forget(id);
    }
  });
  const alive = (session: LoadedSession) =>
    session.lastActivity.getTime() + session.lifetimeMinutes * 60_000 > Date.now();

  async function load(key: string): Promise<LoadedSession | null> {
    const [row] = await database.query<SessionRow>(LOAD_SESSION, [key], 'gestor_load_session');
    if (!row) return null;
    return {
      key,
      guest: false,
      userId: row.user_id,
      csrfToken: row.csrf_token,
      lifetimeMinutes: row.lifetime_minutes,
      lastActivity: row.last_activity,
      user:
        row.id !== null && row.user_id !== null
          ? toAuthUser({
              ...row,
              id: row.id,
              name: row.name!,
              email: row.email!,
              created_at: row.created_at!,
              updated_at: row.updated_at!,
            })
          : null,
    };
  }

  /** The session as kept in memory, or undefined when it must be read from the database. */
  function cached(id: string): LoadedSession | undefined {
    const session = cache.get(id);
    // Expired by the cached last activity? Another process may have seen the person since: re-read.
    if (session && alive(session) && database.hearsAuthChanges()) return { ...session };
    return undefined;
  }

  return {
    /** What find() would return without waiting for anything, when it is kept in memory (decision 042). */
    cached,

    async find(id: string): Promise<LoadedSession | null> {
      const kept = cached(id);
      if (kept) return kept;
      const before = announcements;
      const session = await load(keyOf(id));
      forget(id);
      // Kept only if nothing was announced meanwhile, and while every change can be heard.
      if (session && before === announcements && database.hearsAuthChanges()) {
        if (cache.size >= CACHE_LIMIT) {
          cache.clear();
          idsByKey.clear();
        }
        cache.set(id, session);
        idsByKey.set(session.key, id);
      }
      return session ? { ...session } : null;
    },

    /** Starts a session (a guest one when userId is null) with a fresh id and CSRF token. */
    async create(
      userId: number | null,
      lifetimeMinutes: number,
      client: { ip: string; userAgent: string | undefined },
    ): Promise<NewSession> {
      const id = randomToken(32);
      const session = { id, key: keyOf(id), csrfToken: randomToken(30), lifetimeMinutes };
      await database.query(
        'INSERT INTO sessions (id, user_id, csrf_token, lifetime_minutes, ip_address, user_agent) VALUES ($1, $2, $3, $4, $5, $6)',
        [
          session.key,
          userId,
          session.csrfToken,
          lifetimeMinutes,
          client.ip,
          client.userAgent?.slice(0, 500) ?? null,
        ],
      );
      // Laravel's session lottery: now and then, sweep sessions that have expired.
      if (Math.random() < 0.02) await this.sweep();
      return session;
    },

    async touch(key: string): Promise<void> {
      await database.query('UPDATE sessions SET last_activity = now() WHERE id = $1', [key]);
    },

    async destroy(key: string): Promise<void> {
      await database.query('DELETE FROM sessions WHERE id = $1', [key]);
    },

    /** `conn`: a transaction the end of the sessions belongs to (a password reset). */
    async destroyForUser(userId: number, conn: Connection = database): Promise<void> {
      await conn.query('DELETE FROM sessions WHERE user_id = $1', [userId]);
    },

    async sweep(): Promise<void> {
      await database.query(
        'DELETE FROM sessions WHERE last_activity < now() - make_interval(mins => lifetime_minutes)',
      );
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;
