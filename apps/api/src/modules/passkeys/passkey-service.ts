import {
  type AuthUser,
  type CreatePasskeyInput,
  MESSAGES,
  PASSKEYS_PER_USER,
  type Passkey,
  type PasskeyLoginInput,
  type PasskeyOptionsInput,
  type RenamePasskeyInput,
} from '@gestor/shared';
import {
  type AuthenticationResponseJSON,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type { FastifyBaseLogger } from 'fastify';
import type { Connection, Database } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { rateKey } from '../../lib/client-address';
import { notFound, ValidationError } from '../../lib/http-errors';
import { createPasswordCheck } from '../account/password-check';
import { type RequestOrigin, recordSecurityEvent } from '../activity/security-events';
import { createAuthRepository } from '../auth/auth-repository';
import { takeAttemptOrRefuse } from '../auth/throttle';
import { CHALLENGE_SECONDS } from './challenges';
import { createPasskeyStore } from './passkey-store';
import { NOT_CHECKED, presentPasskey, type RelyingParty, transportsOf } from './relying-party';

// Passkeys (issue 21, decision 036): what a person does with their passkeys in "Mi cuenta" (add,
// rename, remove) and the sign-in with one. The routes carry it over HTTP; passkey-store.ts stores it,
// relying-party.ts checks the browser's answers.

/** The signed-in person, as these operations name them in the security log. */
type Person = Pick<AuthUser, 'id' | 'name' | 'email'>;

export interface PasskeyServiceDeps {
  database: Database;
  appName: string;
  relyingParty: RelyingParty;
}

const TOO_MANY_PASSKEYS = `Puede tener como mucho ${PASSKEYS_PER_USER} llaves de acceso: elimine alguna antes de añadir otra.`;

export function createPasskeyService({ database, appName, relyingParty }: PasskeyServiceDeps) {
  const { challenges, checked, origins, rpID, userHandle } = relyingParty;
  const confirmPassword = createPasswordCheck(database);
  const repository = createAuthRepository(database);
  const store = createPasskeyStore(database);

  const ownPasskeys = (userId: number) => relyingParty.passkeysOf(userId);

  /** One of the person's passkeys by the id a path gives, or 404. */
  async function ownPasskey(userId: number, rawId: string, conn: Connection = database) {
    const id = Number(rawId);
    if (!Number.isSafeInteger(id) || id < 1) throw notFound();
    const row = await store.owned(userId, id, conn);
    if (!row) throw notFound();
    return row;
  }

  return {
    async list(userId: number): Promise<Passkey[]> {
      return (await ownPasskeys(userId)).map(presentPasskey);
    },

    /**
     * The browser's options to create a passkey. Adding a passkey gives a way in that needs no
     * password: the password is asked first, so a session left open is not enough to add one.
     */
    async registrationOptions(user: Person, input: PasskeyOptionsInput) {
      await confirmPassword(
        user.id,
        input.current_password,
        'current_password',
        MESSAGES.wrongCurrentPassword,
      );
      const existing = await ownPasskeys(user.id);
      if (existing.length >= PASSKEYS_PER_USER) {
        throw ValidationError.field('current_password', TOO_MANY_PASSKEYS);
      }
      return generateRegistrationOptions({
        rpName: appName,
        rpID,
        userName: user.email,
        userDisplayName: user.name,
        userID: new Uint8Array(userHandle(user.id)),
        challenge: challenges.issue('register', user.id),
        timeout: CHALLENGE_SECONDS * 1000,
        attestationType: 'none',
        excludeCredentials: existing.map((row) => ({ id: row.credential_id, transports: transportsOf(row) })),
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      });
    },

    /** Adds the passkey the browser created for our options (`log` hears why an answer was refused). */
    async register(
      user: Person,
      input: CreatePasskeyInput,
      origin: RequestOrigin,
      log: FastifyBaseLogger,
    ): Promise<Passkey> {
      let challenge = '';
      const { registrationInfo } = await checked(log, async () => {
        const result = await verifyRegistrationResponse({
          response: input.credential as unknown as RegistrationResponseJSON,
          expectedChallenge: (signed) => {
            challenge = signed;
            return challenges.isValid(signed, 'register', user.id);
          },
          expectedOrigin: origins,
          expectedRPID: rpID,
          requireUserVerification: true,
        });
        if (!result.verified) throw new Error('not verified');
        return result;
      });
      const { credential } = registrationInfo;
      try {
        const row = await database.transaction(async (tx) => {
          if (!(await challenges.spend(tx, challenge)))
            throw ValidationError.field('credential', NOT_CHECKED);
          const inserted = await store.add(tx, user.id, {
            name: input.name,
            credentialId: credential.id,
            publicKey: Buffer.from(credential.publicKey).toString('base64url'),
            counter: credential.counter,
            transports: credential.transports ?? [],
            backedUp: registrationInfo.credentialBackedUp,
          });
          // Counted with the person's row locked: two additions at once cannot pass the cap together.
          if (!inserted) throw ValidationError.field('name', TOO_MANY_PASSKEYS);
          await recordSecurityEvent(tx, {
            kind: 'passkey_added',
            user: { id: user.id, name: user.name, email: user.email },
            origin,
            details: { name: input.name },
          });
          return inserted;
        });
        return presentPasskey(row);
      } catch (error) {
        if (isUniqueViolation(error)) {
          throw ValidationError.field('credential', 'Esta llave de acceso ya está añadida.');
        }
        throw error;
      }
    },

    async rename(userId: number, rawId: string, input: RenamePasskeyInput): Promise<Passkey> {
      const row = await ownPasskey(userId, rawId);
      const renamed = await store.rename(userId, row.id, input.name);
      if (!renamed) throw notFound();
      return presentPasskey(renamed);
    },

    async remove(user: Person, rawId: string, origin: RequestOrigin): Promise<void> {
      const row = await ownPasskey(user.id, rawId);
      await database.transaction(async (tx) => {
        if (!(await store.remove(tx, user.id, row.id))) throw notFound();
        await recordSecurityEvent(tx, {
          kind: 'passkey_removed',
          user: { id: user.id, name: user.name, email: user.email },
          origin,
          details: { name: row.name },
        });
      });
    },

    /** The browser's options to sign in with any passkey of this site (a discoverable credential). */
    loginOptions() {
      return relyingParty.requestOptions('login');
    },

    /**
     * Signs in with a passkey's answer: the account it names, recorded as signed in. Returns the
     * account's id, for the caller to start its session.
     */
    async signIn(input: PasskeyLoginInput, origin: RequestOrigin, log: FastifyBaseLogger): Promise<number> {
      // The sign-in's limiter, per address (an IPv6 client by its /64): each refused answer counts, as a
      // refused password does.
      const throttle = `passkey|${rateKey(origin.ip ?? '')}`;
      await takeAttemptOrRefuse(repository, throttle, 'credential');
      const assertion = await relyingParty.check(
        log,
        input.credential as unknown as AuthenticationResponseJSON,
        'login',
      );
      const { account } = assertion;
      const user = { id: account.id, name: account.name, email: account.email };
      if (!account.active) {
        await recordSecurityEvent(database, {
          kind: 'login_failed',
          user,
          email: account.email,
          origin,
          details: { reason: 'disabled', method: 'passkey' },
        });
        throw ValidationError.field('credential', MESSAGES.accountDisabled);
      }
      await database.transaction(async (tx) => {
        await relyingParty.settle(tx, assertion);
        await createAuthRepository(tx).recordLogin(account.id);
        await recordSecurityEvent(tx, { kind: 'login', user, origin, details: { method: 'passkey' } });
      });
      await repository.clearThrottle(throttle);
      return account.id;
    },
  };
}

export type PasskeyService = ReturnType<typeof createPasskeyService>;
