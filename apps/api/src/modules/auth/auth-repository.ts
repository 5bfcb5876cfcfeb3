import type { ResetLinkKind } from '@gestor/shared';
import type { Connection } from '../../db/client';

// The SQL the sign-in lifecycle needs: users by email, login throttles and password-reset tokens.

export interface UserCredentials {
  id: number;
  name: string;
  email: string;
  password: string | null;
  active: boolean;
  /** Two-factor sign-in confirmed: the password alone does not sign in (decision 035). */
  two_factor: boolean;
}

/** A limiter's budget: at most `attempts` in a window of `seconds` from the first. */
export interface ThrottleLimit {
  attempts: number;
  seconds: number;
}
/** Laravel's login throttle: 5 attempts per lower-cased email + IP in a 60-second window. */
export const ATTEMPTS_PER_ADDRESS: ThrottleLimit = { attempts: 5, seconds: 60 };
/**
 * And per account alone (decision 039): a slow guess spread over many addresses stops at 20 failures
 * in 15 minutes, which no person mistyping their password reaches.
 */
export const FAILURES_PER_ACCOUNT: ThrottleLimit = { attempts: 20, seconds: 15 * 60 };
/** Reset tokens expire after 60 minutes; one mail per address at most every 60 seconds. */
export const RESET_TOKEN_MINUTES = 60;
export const RESET_RESEND_SECONDS = 60;

/** On the database, or on a transaction when several of these statements must hold together. */
export function createAuthRepository(database: Connection) {
  return {
    async findByEmail(email: string): Promise<UserCredentials | null> {
      const [row] = await database.query<UserCredentials>(
        // A user in the trash (decision 026) reads as disabled: no sign-in, no reset link.
        `SELECT id, name, email, password, active AND deleted_at IS NULL AS active,
                two_factor_confirmed_at IS NOT NULL AS two_factor
           FROM users WHERE lower(email) = lower($1)`,
        [email],
      );
      return row ?? null;
    },

    /** A sign-in happened (inside the sign-in's transaction when `conn` is one), with a stronger hash if any. */
    async recordLogin(userId: number, newHash?: string, conn: Connection = database): Promise<void> {
      await conn.query(
        'UPDATE users SET last_login_at = now(), password = coalesce($2, password) WHERE id = $1',
        [userId, newHash ?? null],
      );
    },

    /** A stronger hash of the same password (no change a person made: no audit, no notification). */
    async setPasswordHash(userId: number, hash: string): Promise<void> {
      await database.query('UPDATE users SET password = $2 WHERE id = $1', [userId, hash]);
    },

    async setPassword(userId: number, hash: string): Promise<void> {
      await database.query('UPDATE users SET password = $2, updated_at = now() WHERE id = $1', [
        userId,
        hash,
      ]);
    },

    /**
     * Counts an attempt before its password is checked and returns the seconds until the throttle lifts,
     * or 0 when this attempt may go ahead. Counting first, in one atomic upsert, keeps parallel requests
     * from all passing a check made before any of them failed. The window starts at the first attempt,
     * as Laravel's RateLimiter does; a successful sign-in clears it.
     */
    async takeAttempt(key: string, limit: ThrottleLimit = ATTEMPTS_PER_ADDRESS): Promise<number> {
      const [row] = await database.query<{ attempts: number; seconds: number }>(
        `INSERT INTO login_throttles (key, attempts, expires_at)
         VALUES ($1, 1, now() + make_interval(secs => $2))
         ON CONFLICT (key) DO UPDATE SET
           attempts = CASE WHEN login_throttles.expires_at <= now() THEN 1 ELSE login_throttles.attempts + 1 END,
           expires_at = CASE WHEN login_throttles.expires_at <= now() THEN now() + make_interval(secs => $2)
                             ELSE login_throttles.expires_at END
         RETURNING attempts, ceil(extract(epoch FROM expires_at - now()))::int AS seconds`,
        [key, limit.seconds],
      );
      return row && row.attempts > limit.attempts ? Math.max(1, row.seconds) : 0;
    },

    /**
     * Takes back one counted attempt that turned out right, so the count is of failures only; the
     * window stays (clearing it would hand a distributed guess a fresh budget at each good sign-in).
     */
    async refundAttempt(key: string): Promise<void> {
      await database.query(
        'UPDATE login_throttles SET attempts = attempts - 1 WHERE key = $1 AND attempts > 0',
        [key],
      );
    },

    async clearThrottle(key: string): Promise<void> {
      await database.query('DELETE FROM login_throttles WHERE key = $1 OR expires_at < now()', [key]);
    },

    /**
     * Stores a new token hash of the given kind unless one was issued in the last minute; true when
     * stored. A newer link replaces the older one, whichever kind either is (one token per address).
     */
    async storeResetToken(email: string, tokenHash: string, kind: ResetLinkKind = 'reset'): Promise<boolean> {
      const rows = await database.query(
        `INSERT INTO password_reset_tokens (email, token_hash, kind, created_at) VALUES ($1, $2, $4, now())
         ON CONFLICT (email) DO UPDATE SET token_hash = excluded.token_hash, kind = excluded.kind, created_at = now()
           WHERE password_reset_tokens.created_at <= now() - make_interval(secs => $3)
         RETURNING email`,
        [email.toLowerCase(), tokenHash, RESET_RESEND_SECONDS, kind],
      );
      return rows.length > 0;
    },

    /** The address's token, its kind, and whether it has outlived its kind's lifetime. */
    async findResetToken(
      email: string,
      invitationLifetimeDays: number,
    ): Promise<{ token_hash: string; kind: ResetLinkKind; expired: boolean } | null> {
      const [row] = await database.query<{ token_hash: string; kind: ResetLinkKind; expired: boolean }>(
        `SELECT token_hash, kind, created_at < now() - CASE kind
             WHEN 'invitation' THEN make_interval(days => $3) ELSE make_interval(mins => $2) END AS expired
           FROM password_reset_tokens WHERE email = $1`,
        [email.toLowerCase(), RESET_TOKEN_MINUTES, invitationLifetimeDays],
      );
      return row ?? null;
    },

    /** Deletes the token; false when another request used it first (a token works once). */
    async consumeResetToken(email: string, tokenHash: string): Promise<boolean> {
      const rows = await database.query(
        'DELETE FROM password_reset_tokens WHERE email = $1 AND token_hash = $2 RETURNING email',
        [email.toLowerCase(), tokenHash],
      );
      return rows.length > 0;
    },
  };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;
