import { createHmac } from 'node:crypto';
import { isIP } from 'node:net';
import type { Passkey } from '@gestor/shared';
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  verifyAuthenticationResponse,
} from '@simplewebauthn/server';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config/config';
import type { Connection, Database } from '../../db/client';
import { HttpError, ValidationError } from '../../lib/http-errors';
import { CHALLENGE_SECONDS, type ChallengePurpose, createChallenges } from './challenges';

// Gestor as a WebAuthn relying party (decision 036): APP_URL's host, answers from APP_URL's and
// FRONTEND_URL's origins, signed challenges, and the checking of a passkey's answer, shared by the
// passkey sign-in and the second step of a password sign-in.

export const NOT_CHECKED = 'No se ha podido comprobar la llave de acceso. Inténtelo de nuevo.';
export const UNKNOWN_PASSKEY = 'Esta llave de acceso no está registrada en Gestor.';

export interface PasskeyRow {
  id: string;
  user_id: number;
  name: string;
  credential_id: string;
  public_key: string;
  counter: string;
  transports: string;
  backed_up: boolean;
  created_at: Date;
  last_used_at: Date | null;
}

export const presentPasskey = (row: PasskeyRow): Passkey => ({
  id: Number(row.id),
  name: row.name,
  created_at: row.created_at.toISOString(),
  last_used_at: row.last_used_at?.toISOString() ?? null,
  backed_up: row.backed_up,
});

export const transportsOf = (row: PasskeyRow): string[] => {
  const parsed: unknown = JSON.parse(row.transports);
  return Array.isArray(parsed) ? parsed.filter((t): t is string => typeof t === 'string') : [];
};

/** A passkey's answer that checked out, waiting for `settle` in the transaction that acts on it. */
export interface CheckedAssertion {
  passkey: PasskeyRow;
  account: { id: number; name: string; email: string; active: boolean };
  challenge: string;
  newCounter: number;
}

export function createRelyingParty({
  database,
  config,
}: {
  database: Database;
  config: Pick<Config, 'appKey' | 'appName' | 'appUrl' | 'frontendUrl'>;
}) {
  const rpID = new URL(config.appUrl).hostname;
  const origins = [...new Set([new URL(config.appUrl).origin, new URL(config.frontendUrl).origin])];
  const challenges = createChallenges(config.appKey);

  /** A library's refusal (a wrong origin, a bad signature…) as the person's 422; the reason to the log. */
  async function checked<T>(log: FastifyBaseLogger, verify: () => Promise<T>): Promise<T> {
    try {
      return await verify();
    } catch (error) {
      log.info({ err: error }, 'Respuesta de llave de acceso rechazada');
      throw ValidationError.field('credential', NOT_CHECKED);
    }
  }

  return {
    rpID,
    origins,
    challenges,
    checked,

    /** WebAuthn refuses an IP address as relying party: say so rather than fail in the browser. */
    requireDomain() {
      if (isIP(rpID.replace(/^\[|\]$/g, '')) !== 0) {
        throw new HttpError(
          503,
          'Las llaves de acceso necesitan que Gestor se sirva con un nombre de dominio (APP_URL), no con una dirección IP.',
        );
      }
    },

    /**
     * WebAuthn's user handle: stable per person, so one authenticator keeps one passkey per person
     * here, and meaningless outside this server (no id or email leaves in it).
     */
    userHandle: (userId: number) =>
      createHmac('sha256', config.appKey).update(`webauthn-user|${userId}`).digest().subarray(0, 16),

    passkeysOf: (userId: number, conn: Connection = database) =>
      conn.query<PasskeyRow>('SELECT * FROM passkeys WHERE user_id = $1 ORDER BY created_at, id', [userId]),

    /**
     * Options to answer with a passkey: any of this site's (signing in, the person unknown yet), or
     * one of `userId`'s (the second step of their password sign-in).
     */
    async requestOptions(purpose: Extract<ChallengePurpose, 'login' | 'second'>, userId = 0) {
      const allow =
        purpose === 'second'
          ? (await this.passkeysOf(userId)).map((row) => ({
              id: row.credential_id,
              transports: transportsOf(row),
            }))
          : [];
      if (purpose === 'second' && allow.length === 0) {
        throw ValidationError.field('credential', 'Su cuenta no tiene llaves de acceso.');
      }
      return generateAuthenticationOptions({
        rpID,
        challenge: challenges.issue(purpose, userId),
        timeout: CHALLENGE_SECONDS * 1000,
        userVerification: 'required',
        ...(allow.length ? { allowCredentials: allow } : {}),
      });
    },

    /**
     * Checks a passkey's answer to our options for `purpose` (and `userId`, for a second step): a
     * known passkey (of that person), the right handle, origin, relying party, signature and user
     * verification. 422 on `credential` otherwise. Nothing is written: see `settle`.
     */
    async check(
      log: FastifyBaseLogger,
      response: AuthenticationResponseJSON,
      purpose: Extract<ChallengePurpose, 'login' | 'second'>,
      userId = 0,
    ): Promise<CheckedAssertion> {
      const [row] = await database.query<PasskeyRow & { email: string; user_name: string; active: boolean }>(
        `SELECT p.*, u.email, u.name AS user_name, u.active FROM passkeys p JOIN users u ON u.id = p.user_id
          WHERE p.credential_id = $1`,
        [response.id],
      );
      if (!row || (purpose === 'second' && row.user_id !== userId)) {
        throw ValidationError.field('credential', UNKNOWN_PASSKEY);
      }
      const handle = response.response.userHandle;
      if (handle && handle !== this.userHandle(row.user_id).toString('base64url')) {
        throw ValidationError.field('credential', UNKNOWN_PASSKEY);
      }
      let challenge = '';
      const { authenticationInfo } = await checked(log, async () => {
        const result = await verifyAuthenticationResponse({
          response,
          expectedChallenge: (signed) => {
            challenge = signed;
            return challenges.isValid(signed, purpose, userId);
          },
          expectedOrigin: origins,
          expectedRPID: rpID,
          credential: {
            id: row.credential_id,
            publicKey: new Uint8Array(Buffer.from(row.public_key, 'base64url')),
            counter: Number(row.counter),
            transports: transportsOf(row) as never,
          },
          requireUserVerification: true,
        });
        if (!result.verified) throw new Error('not verified');
        return result;
      });
      return {
        passkey: row,
        account: { id: row.user_id, name: row.user_name, email: row.email, active: row.active },
        challenge,
        newCounter: authenticationInfo.newCounter,
      };
    },

    /** Spends the answer's challenge (422 when it already was: a replay) and records the passkey's use. */
    async settle(tx: Connection, assertion: CheckedAssertion): Promise<void> {
      if (!(await challenges.spend(tx, assertion.challenge))) {
        throw ValidationError.field('credential', NOT_CHECKED);
      }
      await tx.query(
        'UPDATE passkeys SET counter = greatest(counter, $2), last_used_at = now() WHERE id = $1',
        [assertion.passkey.id, assertion.newCounter],
      );
    },
  };
}

export type RelyingParty = ReturnType<typeof createRelyingParty>;
