import { createChallenge, extractParams, verifySolution } from 'altcha-lib/v1';
import type { Database } from '../../db/client';
import { ValidationError } from '../../lib/http-errors';
import { keyedHash } from '../../lib/tokens';

// docs/public-api.md#proof-of-work: starting a test costs the browser a little work (ALTCHA's
// SHA-256 proof: find the number whose hash with the salt is the challenge), so a script cannot
// start thousands of attempts for nothing. No third party, no tracking, nothing for the person to
// do. The challenge is signed with a key derived from APP_KEY, carries its expiry and the test it is
// for, and a solution counts once (spent_proofs, shared by every process).

/** How long a challenge may be solved and sent. */
export const CHALLENGE_MINUTES = 10;
/** The highest number a solution may be: about 0.2–0.5 s of a phone's work on average. */
export const CHALLENGE_MAX_NUMBER = 100_000;

export const PROOF_REFUSED =
  'La prueba anti-abuso no es válida o ha caducado: recargue la página e inténtelo de nuevo.';

export interface ProofOfWork {
  /** GET /api/public/v1/tests/{slug}/challenge. */
  challenge(slug: string): Promise<{
    algorithm: string;
    challenge: string;
    maxnumber: number;
    salt: string;
    signature: string;
  }>;
  /** Throws a 422 on `proof` unless it solves a challenge for this test that was never used. */
  verify(slug: string, proof: string | undefined): Promise<void>;
}

export function createProofOfWork({
  database,
  appKey,
  maxNumber = CHALLENGE_MAX_NUMBER,
}: {
  database: Database;
  appKey: Buffer;
  /** Tests make it cheap. */
  maxNumber?: number;
}): ProofOfWork {
  const hmacKey = keyedHash(appKey, 'altcha-proof-of-work');
  const refused = () => ValidationError.field('proof', PROOF_REFUSED);
  return {
    async challenge(slug) {
      const made = await createChallenge({
        hmacKey,
        maxNumber,
        expires: new Date(Date.now() + CHALLENGE_MINUTES * 60_000),
        params: { test: slug },
      });
      return {
        algorithm: made.algorithm,
        challenge: made.challenge,
        maxnumber: made.maxnumber ?? maxNumber,
        salt: made.salt,
        signature: made.signature,
      };
    },

    async verify(slug, proof) {
      if (!proof) throw refused();
      let payload: { algorithm: string; challenge: string; number: number; salt: string; signature: string };
      try {
        payload = JSON.parse(Buffer.from(proof, 'base64').toString('utf8'));
      } catch {
        throw refused();
      }
      if (
        typeof payload !== 'object' ||
        payload === null ||
        typeof payload.salt !== 'string' ||
        typeof payload.signature !== 'string' ||
        payload.salt.length > 500
      ) {
        throw refused();
      }
      const ok = await verifySolution(payload as never, hmacKey, true).catch(() => false);
      if (!ok || extractParams(payload as never).test !== slug) throw refused();
      const expires = Number(extractParams(payload as never).expires);
      // Counted once, by every process: a replayed solution finds its signature kept.
      const [kept] = await database.query<{ signature: string }>(
        `INSERT INTO spent_proofs (signature, expires_at) VALUES ($1, to_timestamp($2))
         ON CONFLICT (signature) DO NOTHING RETURNING signature`,
        [payload.signature, Number.isFinite(expires) ? expires : Date.now() / 1000 + CHALLENGE_MINUTES * 60],
      );
      if (!kept) throw refused();
    },
  };
}
