import type { Connection, Database } from '../../db/client';

// "Mi cuenta"'s storage (decision 034): the person's name and address, the pending change of address
// (migration 0027) and their sessions. The service says what happens; this file how it is stored.

export interface SessionRow {
  id: string;
  ip_address: string | null;
  user_agent: string | null;
  last_activity: Date;
  created_at: Date;
}

export function createAccountRepository(database: Database) {
  return {
    /** The live sessions of a person, newest activity first. */
    liveSessions: (userId: number) =>
      database.query<SessionRow>(
        `SELECT id, ip_address, user_agent, last_activity, created_at FROM sessions
          WHERE user_id = $1 AND last_activity > now() - make_interval(mins => lifetime_minutes)
          ORDER BY last_activity DESC, created_at DESC`,
        [userId],
      ),

    /** Whether another account has the address (on `conn`: the transaction it is checked in). */
    async emailTaken(email: string, userId: number, conn: Connection = database): Promise<boolean> {
      const rows = await conn.query('SELECT 1 FROM users WHERE lower(email) = lower($1) AND id <> $2', [
        email,
        userId,
      ]);
      return rows.length > 0;
    },

    /** The person's name, their row locked for the rest of the transaction. */
    async lockName(tx: Connection, userId: number): Promise<string | undefined> {
      const [row] = await tx.query<{ name: string }>('SELECT name FROM users WHERE id = $1 FOR UPDATE', [
        userId,
      ]);
      return row?.name;
    },

    async rename(tx: Connection, userId: number, name: string): Promise<void> {
      await tx.query('UPDATE users SET name = $2, updated_at = now() WHERE id = $1', [userId, name]);
    },

    /** One pending change of address per person: a new request replaces the last one (and its link). */
    async savePendingEmail(tx: Connection, userId: number, email: string, tokenHash: string): Promise<void> {
      await tx.query(
        `INSERT INTO email_changes (user_id, new_email, token_hash) VALUES ($1, $2, $3)
         ON CONFLICT (user_id) DO UPDATE SET new_email = excluded.new_email,
           token_hash = excluded.token_hash, created_at = now()`,
        [userId, email, tokenHash],
      );
    },

    /** The pending change still within its `minutes`, if any. */
    async pendingEmail(userId: number, minutes: number) {
      const [row] = await database.query<{ new_email: string; created_at: Date }>(
        `SELECT new_email, created_at FROM email_changes
          WHERE user_id = $1 AND created_at > now() - make_interval(mins => $2)`,
        [userId, minutes],
      );
      return row;
    },

    /** Forgets the pending change (only the one with this link, when given). */
    async dropPendingEmail(userId: number, tokenHash?: string): Promise<void> {
      if (tokenHash === undefined) {
        await database.query('DELETE FROM email_changes WHERE user_id = $1', [userId]);
      } else {
        await database.query('DELETE FROM email_changes WHERE user_id = $1 AND token_hash = $2', [
          userId,
          tokenHash,
        ]);
      }
    },

    /** Spends the pending change whose link this is, if still within its `minutes`: the new and old address. */
    async takePendingEmail(tx: Connection, userId: number, tokenHash: string, minutes: number) {
      const [change] = await tx.query<{ new_email: string; old_email: string }>(
        `DELETE FROM email_changes c USING users u
          WHERE c.user_id = $1 AND u.id = c.user_id AND c.token_hash = $2
            AND c.created_at > now() - make_interval(mins => $3)
          RETURNING c.new_email, u.email AS old_email`,
        [userId, tokenHash, minutes],
      );
      return change;
    },

    /** The new address, verified; a reset link mailed to the old one no longer opens the account. */
    async changeEmail(tx: Connection, userId: number, from: string, to: string): Promise<void> {
      await tx.query(
        'UPDATE users SET email = $2, email_verified_at = now(), updated_at = now() WHERE id = $1',
        [userId, to],
      );
      await tx.query('DELETE FROM password_reset_tokens WHERE lower(email) = lower($1)', [from]);
    },

    /** Ends every session of the person but `keep` (Laravel's logoutOtherDevices). */
    async endOtherSessions(tx: Connection, userId: number, keep: string): Promise<void> {
      await tx.query('DELETE FROM sessions WHERE user_id = $1 AND id <> $2', [userId, keep]);
    },

    async endSessions(tx: Connection, userId: number, keys: readonly string[]): Promise<void> {
      await tx.query('DELETE FROM sessions WHERE user_id = $1 AND id = ANY($2::text[])', [userId, keys]);
    },
  };
}
