import { PASSKEYS_PER_USER } from '@gestor/shared';
import type { Connection, Database } from '../../db/client';
import type { PasskeyRow } from './relying-party';

// The passkeys a person holds (migration 0029), as Mi cuenta changes them: every statement here, so
// passkey-service.ts says what happens and this file how it is stored.

/** What a verified registration stores. */
export interface NewPasskey {
  name: string;
  credentialId: string;
  /** The COSE public key, base64url. */
  publicKey: string;
  counter: number;
  transports: readonly string[];
  backedUp: boolean;
}

export function createPasskeyStore(database: Database) {
  return {
    /** One of the person's passkeys, or none (another person's reads as none). */
    async owned(
      userId: number,
      id: number | string,
      conn: Connection = database,
    ): Promise<PasskeyRow | undefined> {
      const [row] = await conn.query<PasskeyRow>('SELECT * FROM passkeys WHERE id = $1 AND user_id = $2', [
        id,
        userId,
      ]);
      return row;
    },

    /**
     * Adds a passkey unless the person already holds PASSKEYS_PER_USER (null): counted after locking
     * the person's row, in the transaction that inserts, so two additions at once cannot pass the cap
     * together. A credential already stored is the database's unique violation.
     */
    async add(tx: Connection, userId: number, passkey: NewPasskey): Promise<PasskeyRow | null> {
      await tx.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [userId]);
      const [{ count }] = (await tx.query<{ count: number }>(
        'SELECT count(*)::int AS count FROM passkeys WHERE user_id = $1',
        [userId],
      )) as [{ count: number }];
      if (count >= PASSKEYS_PER_USER) return null;
      const [inserted] = await tx.query<PasskeyRow>(
        `INSERT INTO passkeys (user_id, name, credential_id, public_key, counter, transports, backed_up)
         VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING *`,
        [
          userId,
          passkey.name,
          passkey.credentialId,
          passkey.publicKey,
          passkey.counter,
          JSON.stringify(passkey.transports),
          passkey.backedUp,
        ],
      );
      return inserted!;
    },

    async rename(userId: number, id: number | string, name: string): Promise<PasskeyRow | undefined> {
      const [renamed] = await database.query<PasskeyRow>(
        'UPDATE passkeys SET name = $3 WHERE id = $1 AND user_id = $2 RETURNING *',
        [id, userId, name],
      );
      return renamed;
    },

    /** Whether it was there to remove. */
    async remove(tx: Connection, userId: number, id: number | string): Promise<boolean> {
      const gone = await tx.query('DELETE FROM passkeys WHERE id = $1 AND user_id = $2 RETURNING id', [
        id,
        userId,
      ]);
      return gone.length > 0;
    },
  };
}
