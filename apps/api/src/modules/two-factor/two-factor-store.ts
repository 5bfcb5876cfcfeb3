import { randomInt } from 'node:crypto';
import { type Permission, RECOVERY_CODE_COUNT } from '@gestor/shared';
import type { Connection, Database } from '../../db/client';
import { createSecretBox } from '../../lib/secret-box';
import { safeEqual } from '../../lib/tokens';
import { matchTotp, newTotpSecret } from '../../lib/totp';

// A person's second factor in Fortify's columns (migration 0028). The secret and the recovery codes are
// sealed under APP_KEY (lib/secret-box.ts); what makes a code single-use is decided by one conditional
// UPDATE, so two requests carrying the same code cannot both pass.

export interface TwoFactorState {
  secret: string | null;
  recoveryCodes: string[];
  confirmed: boolean;
}

// Unambiguous characters (no 0/o, 1/l/i) so a code copied from paper reads back right.
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const recoveryCode = () => {
  const part = () =>
    Array.from({ length: 5 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
  return `${part()}-${part()}`;
};
export const newRecoveryCodes = () => Array.from({ length: RECOVERY_CODE_COUNT }, recoveryCode);

/** How a typed recovery code is compared: case, spaces and a missing dash forgiven. */
const normalise = (code: string) => code.toLowerCase().replace(/[\s-]+/g, '');

export function createTwoFactorStore(database: Database, appKey: Buffer) {
  const secrets = createSecretBox(appKey, 'two-factor-secret');
  const codes = createSecretBox(appKey, 'two-factor-recovery-codes');

  const sealCodes = (list: string[]) => codes.seal(JSON.stringify(list));
  const openCodes = (sealed: string | null): string[] => {
    if (!sealed) return [];
    const plain = codes.open(sealed);
    if (plain === null) return [];
    const list: unknown = JSON.parse(plain);
    return Array.isArray(list) ? list.filter((code): code is string => typeof code === 'string') : [];
  };

  async function read(userId: number, conn: Connection = database, lock = false): Promise<TwoFactorState> {
    const [row] = await conn.query<{
      two_factor_secret: string | null;
      two_factor_recovery_codes: string | null;
      two_factor_confirmed_at: Date | null;
    }>(
      `SELECT two_factor_secret, two_factor_recovery_codes, two_factor_confirmed_at FROM users WHERE id = $1${
        lock ? ' FOR UPDATE' : ''
      }`,
      [userId],
    );
    return {
      secret: row?.two_factor_secret ? secrets.open(row.two_factor_secret) : null,
      recoveryCodes: openCodes(row?.two_factor_recovery_codes ?? null),
      confirmed: Boolean(row?.two_factor_confirmed_at),
    };
  }

  return {
    read,

    /**
     * Fortify's EnableTwoFactorAuthentication: a new secret and codes, not yet confirmed. Refused (false)
     * when the factor is already confirmed: replacing it must go through "Desactivar" first.
     */
    async start(userId: number): Promise<boolean> {
      const rows = await database.query(
        `UPDATE users SET two_factor_secret = $2, two_factor_recovery_codes = $3,
                two_factor_confirmed_at = NULL, two_factor_last_step = NULL
          WHERE id = $1 AND two_factor_confirmed_at IS NULL RETURNING id`,
        [userId, secrets.seal(newTotpSecret()), sealCodes(newRecoveryCodes())],
      );
      return rows.length > 0;
    },

    /**
     * Takes a code from the app once: true when it is one of the ±1 steps around now and later than the
     * last code this account used. `conn`: the transaction the use belongs to.
     */
    async takeCode(
      userId: number,
      secret: string,
      code: string,
      conn: Connection = database,
    ): Promise<boolean> {
      const step = matchTotp(secret, code);
      if (step === null) return false;
      const rows = await conn.query(
        `UPDATE users SET two_factor_last_step = $2
          WHERE id = $1 AND (two_factor_last_step IS NULL OR two_factor_last_step < $2) RETURNING id`,
        [userId, step],
      );
      return rows.length > 0;
    },

    /** Spends one recovery code (in `tx`, which holds the row): true when it was one of them. */
    async takeRecoveryCode(tx: Connection, userId: number, typed: string): Promise<boolean> {
      const state = await read(userId, tx, true);
      const wanted = normalise(typed);
      let match = -1;
      state.recoveryCodes.forEach((code, index) => {
        if (safeEqual(normalise(code), wanted) && match < 0) match = index;
      });
      if (match < 0 || !wanted) return false;
      const rest = state.recoveryCodes.filter((_, index) => index !== match);
      await tx.query('UPDATE users SET two_factor_recovery_codes = $2 WHERE id = $1', [
        userId,
        sealCodes(rest),
      ]);
      return true;
    },

    /** Marks the secret confirmed (in `tx`); false when there was no unconfirmed secret. */
    async confirm(tx: Connection, userId: number): Promise<boolean> {
      const rows = await tx.query(
        `UPDATE users SET two_factor_confirmed_at = now()
          WHERE id = $1 AND two_factor_secret IS NOT NULL AND two_factor_confirmed_at IS NULL RETURNING id`,
        [userId],
      );
      return rows.length > 0;
    },

    /** New recovery codes in place of the old ones; returns them. */
    async regenerateCodes(tx: Connection, userId: number): Promise<string[] | null> {
      const list = newRecoveryCodes();
      const rows = await tx.query(
        'UPDATE users SET two_factor_recovery_codes = $2 WHERE id = $1 AND two_factor_secret IS NOT NULL RETURNING id',
        [userId, sealCodes(list)],
      );
      return rows.length > 0 ? list : null;
    },

    /** Removes the second factor; returns whether it had been confirmed (null when there was none). */
    async remove(tx: Connection, userId: number): Promise<{ wasConfirmed: boolean } | null> {
      const [row] = await tx.query<{ was_confirmed: boolean }>(
        `UPDATE users u SET two_factor_secret = NULL, two_factor_recovery_codes = NULL,
                two_factor_confirmed_at = NULL, two_factor_last_step = NULL
           FROM (SELECT id, two_factor_confirmed_at IS NOT NULL AS was_confirmed FROM users WHERE id = $1 FOR UPDATE) old
          WHERE u.id = old.id AND u.two_factor_secret IS NOT NULL
          RETURNING old.was_confirmed`,
        [userId],
      );
      return row ? { wasConfirmed: row.was_confirmed } : null;
    },

    /** Fortify's password.confirm: this session typed its password now. */
    async markPasswordConfirmed(sessionKey: string): Promise<void> {
      await database.query('UPDATE sessions SET password_confirmed_at = now() WHERE id = $1', [sessionKey]);
    },

    /** Whether this session typed its password within the last `seconds`. */
    async passwordConfirmedWithin(sessionKey: string, seconds: number): Promise<boolean> {
      const [row] = await database.query<{ confirmed: boolean }>(
        `SELECT password_confirmed_at > now() - make_interval(secs => $2) AS confirmed FROM sessions WHERE id = $1`,
        [sessionKey, seconds],
      );
      return row?.confirmed === true;
    },

    /**
     * The account a pending sign-in finishes, while it may still: active, not in the trash, its second
     * factor confirmed (disabled or reset since the password was typed: none).
     */
    async signingInAccount(userId: number): Promise<{ id: number; name: string; email: string } | undefined> {
      const [user] = await database.query<{ id: number; name: string; email: string }>(
        `SELECT id, name, email FROM users
          WHERE id = $1 AND active AND deleted_at IS NULL AND two_factor_confirmed_at IS NOT NULL`,
        [userId],
      );
      return user;
    },

    /** An account an administrator resets, locked, with what it holds (no one manages more than they hold). */
    async lockManagedAccount(
      tx: Connection,
      userId: number,
    ): Promise<{ id: number; name: string; email: string; permissions: Permission[] } | undefined> {
      const [row] = await tx.query<{ id: number; name: string; email: string; permissions: Permission[] }>(
        `SELECT u.id, u.name, u.email,
                (SELECT coalesce(array_agg(DISTINCT rp.permission), '{}') FROM role_user ru
                   JOIN role_permissions rp ON rp.role_id = ru.role_id WHERE ru.user_id = u.id) AS permissions
           FROM users u WHERE u.id = $1 AND u.deleted_at IS NULL FOR UPDATE OF u`,
        [userId],
      );
      return row;
    },
  };
}

export type TwoFactorStore = ReturnType<typeof createTwoFactorStore>;
