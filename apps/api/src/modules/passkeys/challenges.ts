import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Connection } from '../../db/client';

// WebAuthn challenges (decision 036), issued signed rather than stored: asking for options writes
// nothing, so a flood of them fills no table. A challenge says what it is for (adding a passkey, for
// whom; or signing in), until when, and carries 16 random bytes; an HMAC under APP_KEY seals it. Once
// an answer to it is accepted, it is written to webauthn_spent_challenges until it would have expired
// anyway, and a second answer to it is refused.

/** How long the browser has to answer (WebAuthn's own timeout is set to the same). */
export const CHALLENGE_SECONDS = 300;

// Adding a passkey (for whom), signing in with one (anyone), or the second step of whose sign-in.
const PURPOSES = { register: 1, login: 2, second: 3 } as const;
export type ChallengePurpose = keyof typeof PURPOSES;

const PAYLOAD_BYTES = 1 + 4 + 8 + 16;
const MAC_BYTES = 16;

export function createChallenges(appKey: Buffer) {
  const mac = (payload: Buffer) =>
    createHmac('sha256', appKey)
      .update('webauthn-challenge|')
      .update(payload)
      .digest()
      .subarray(0, MAC_BYTES);

  return {
    /** A new challenge's bytes, for `userId` when adding a passkey or at a second step (else 0). */
    issue(purpose: ChallengePurpose, userId = 0): Uint8Array<ArrayBuffer> {
      const payload = Buffer.alloc(PAYLOAD_BYTES);
      payload.writeUInt8(PURPOSES[purpose], 0);
      payload.writeUInt32BE(userId, 1);
      payload.writeBigUInt64BE(BigInt(Date.now() + CHALLENGE_SECONDS * 1000), 5);
      randomBytes(16).copy(payload, 13);
      return new Uint8Array(Buffer.concat([payload, mac(payload)]));
    },

    /**
     * Whether the challenge a browser signed (base64url, from its clientDataJSON) is one of ours, for
     * this purpose and person, and not yet expired. Spent or not is `spend`'s question.
     */
    isValid(challenge: string, purpose: ChallengePurpose, userId = 0): boolean {
      const bytes = Buffer.from(challenge, 'base64url');
      if (bytes.length !== PAYLOAD_BYTES + MAC_BYTES) return false;
      const payload = bytes.subarray(0, PAYLOAD_BYTES);
      if (!timingSafeEqual(bytes.subarray(PAYLOAD_BYTES), mac(payload))) return false;
      return (
        payload.readUInt8(0) === PURPOSES[purpose] &&
        payload.readUInt32BE(1) === userId &&
        Number(payload.readBigUInt64BE(5)) > Date.now()
      );
    },

    /**
     * Marks a valid challenge as answered, on `tx` (the transaction that acts on the answer); false
     * when it already was. Spent challenges past their expiry are forgotten on the way.
     */
    async spend(tx: Connection, challenge: string): Promise<boolean> {
      const bytes = Buffer.from(challenge, 'base64url');
      const expires = new Date(Number(bytes.readBigUInt64BE(5)));
      await tx.query('DELETE FROM webauthn_spent_challenges WHERE expires_at < now()');
      const rows = await tx.query(
        `INSERT INTO webauthn_spent_challenges (challenge, expires_at) VALUES ($1, $2)
         ON CONFLICT (challenge) DO NOTHING RETURNING challenge`,
        [bytes.toString('base64url'), expires],
      );
      return rows.length > 0;
    },
  };
}

export type Challenges = ReturnType<typeof createChallenges>;
