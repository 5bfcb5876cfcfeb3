import {
  type AuthUser,
  MESSAGES,
  mayManage,
  PASSWORD_CONFIRMATION_SECONDS,
  type PasskeyChallengeInput,
  type TwoFactorChallengeInput,
  type TwoFactorQrCode,
} from '@gestor/shared';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import type { FastifyBaseLogger } from 'fastify';
import QRCode from 'qrcode';
import type { Config } from '../../config/config';
import type { Database } from '../../db/client';
import { forbidden, HttpError, notFound, ValidationError } from '../../lib/http-errors';
import type { Mailer } from '../../lib/mailer';
import { otpauthUrl } from '../../lib/totp';
import { createPasswordCheck } from '../account/password-check';
import { type RequestOrigin, recordSecurityEvent } from '../activity/security-events';
import { twoFactorResetMail } from '../auth/auth-mails';
import { createAuthRepository } from '../auth/auth-repository';
import type { AuthService } from '../auth/auth-service';
import { takeAttemptOrRefuse } from '../auth/throttle';
import type { RelyingParty } from '../passkeys/relying-party';
import { auditUser } from '../users/user-audit';
import type { PendingLogin } from './pending-login';
import { createTwoFactorStore } from './two-factor-store';

// Two-factor sign-in (issue 21, decision 035): what a person does with their second factor (Fortify's
// password confirmation, set-up and management), the sign-in's second step and the administrator's
// reset. The routes carry it over HTTP; two-factor-store.ts seals and stores it.

type Log = { error(obj: object, msg: string): void };

/** The signed-in person, as these operations name them in the security log. */
type Person = Pick<AuthUser, 'id' | 'name' | 'email'>;

/** A second step that passed: whom to sign in, for how long ("Recordarme"), and with what. */
export interface SecondStepPassed {
  user: Person;
  remember: boolean;
  /** As the sign-in's security event records it. */
  method: 'code' | 'recovery_code' | 'passkey';
}

export interface TwoFactorServiceDeps {
  database: Database;
  config: Pick<Config, 'appKey' | 'appName' | 'frontendUrl'>;
  mailer: Mailer;
  auth: Pick<AuthService, 'completeLogin'>;
  relyingParty: RelyingParty;
}

export function createTwoFactorService({
  database,
  config,
  mailer,
  auth,
  relyingParty,
}: TwoFactorServiceDeps) {
  const store = createTwoFactorStore(database, config.appKey);
  const repository = createAuthRepository(database);
  const confirmPassword = createPasswordCheck(database);

  const passwordConfirmed = (sessionKey: string): Promise<boolean> =>
    store.passwordConfirmedWithin(sessionKey, PASSWORD_CONFIRMATION_SECONDS);

  const who = (user: Person) => ({ id: user.id, name: user.name, email: user.email });

  /** The secret of a set-up in progress or done; 404 (Fortify: empty) when there is none. */
  const secretOf = async (userId: number) => {
    const state = await store.read(userId);
    if (!state.secret) throw ValidationError.field('code', MESSAGES.twoFactorNotStarted, 404);
    return state;
  };

  return {
    // ---- Password confirmation (Fortify's ConfirmablePasswordController, Laravel's password.confirm) ----

    /** The person typed their password: the session `sessionKey` counts as confirmed from now. */
    async confirmPassword(userId: number, password: string, sessionKey: string): Promise<void> {
      // Mi cuenta's check of a typed current password (decision 034): one limiter budget per account.
      await confirmPassword(userId, password, 'password', MESSAGES.wrongPassword, MESSAGES.wrongPassword);
      await store.markPasswordConfirmed(sessionKey);
    },

    passwordConfirmed,

    /** Laravel's RequirePassword middleware answers a JSON request with 423 when the confirmation is old. */
    async requirePasswordConfirmation(sessionKey: string): Promise<void> {
      if (!(await passwordConfirmed(sessionKey)))
        throw new HttpError(423, MESSAGES.passwordConfirmationRequired);
    },

    // ---- Set-up and management ----

    async start(userId: number): Promise<void> {
      if (!(await store.start(userId))) throw ValidationError.field('code', MESSAGES.twoFactorAlreadyEnabled);
    },

    async qrCode(user: Pick<AuthUser, 'id' | 'email'>): Promise<TwoFactorQrCode> {
      const { secret } = await secretOf(user.id);
      const url = otpauthUrl(config.appName, user.email, secret!);
      const svg = await QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
      return { svg, url };
    },

    async secretKey(userId: number): Promise<string | null> {
      const { secret } = await secretOf(userId);
      return secret;
    },

    /** Fortify's ConfirmTwoFactorAuthentication: the first code proves the app holds the secret. */
    async confirm(user: Person, code: string, origin: RequestOrigin): Promise<void> {
      await database.transaction(async (tx) => {
        // Read under the row's lock: a set-up restarted in another tab meanwhile cannot slip a secret the
        // person never saw under this confirmation.
        const state = await store.read(user.id, tx, true);
        if (!state.secret) throw ValidationError.field('code', MESSAGES.twoFactorNotStarted);
        if (state.confirmed) throw ValidationError.field('code', MESSAGES.twoFactorAlreadyEnabled);
        if (!(await store.takeCode(user.id, state.secret, code, tx)) || !(await store.confirm(tx, user.id))) {
          throw ValidationError.field('code', MESSAGES.invalidTwoFactorCode);
        }
        await recordSecurityEvent(tx, { kind: 'two_factor_enabled', user: who(user), origin });
      });
    },

    async recoveryCodes(userId: number): Promise<string[]> {
      const { recoveryCodes } = await secretOf(userId);
      return recoveryCodes;
    },

    async regenerateRecoveryCodes(user: Person, origin: RequestOrigin): Promise<void> {
      await database.transaction(async (tx) => {
        if (!(await store.regenerateCodes(tx, user.id))) {
          throw ValidationError.field('code', MESSAGES.twoFactorNotEnabled);
        }
        await recordSecurityEvent(tx, { kind: 'recovery_codes_regenerated', user: who(user), origin });
      });
    },

    async disable(user: Person, origin: RequestOrigin): Promise<void> {
      await database.transaction(async (tx) => {
        const removed = await store.remove(tx, user.id);
        // Dropping a set-up never confirmed is no security event: nothing protected the account yet.
        if (removed?.wasConfirmed) {
          await recordSecurityEvent(tx, { kind: 'two_factor_disabled', user: who(user), origin });
        }
      });
    },

    // ---- The sign-in's second step ----

    /**
     * Checks a code from the app or a recovery code for the sign-in waiting in `pending` (null when
     * the cookie is missing, foreign or old).
     */
    async passChallenge(
      pending: PendingLogin | null,
      input: TwoFactorChallengeInput,
      origin: RequestOrigin,
    ): Promise<SecondStepPassed> {
      const field = input.code ? 'code' : 'recovery_code';
      if (!pending) throw ValidationError.field(field, MESSAGES.twoFactorLoginExpired);
      // Fortify's two-factor limiter, as strict as the sign-in's and per account: an attacker holding the
      // password gains nothing by changing address.
      const throttle = `two-factor|${pending.userId}`;
      await takeAttemptOrRefuse(repository, throttle, field);
      const user = await store.signingInAccount(pending.userId);
      // Disabled, or its second factor reset, since the password was typed: start again.
      if (!user) throw ValidationError.field(field, MESSAGES.twoFactorLoginExpired);
      const passed = await database.transaction(async (tx) => {
        if (input.code) {
          const { secret } = await store.read(user.id, tx);
          return secret !== null && (await store.takeCode(user.id, secret, input.code, tx));
        }
        if (!(await store.takeRecoveryCode(tx, user.id, input.recovery_code ?? ''))) return false;
        await recordSecurityEvent(tx, { kind: 'recovery_code_used', user, origin });
        return true;
      });
      if (!passed) {
        await recordSecurityEvent(database, {
          kind: 'login_two_factor_failed',
          user,
          origin,
          details: { with: field },
        });
        throw ValidationError.field(
          field,
          input.code ? MESSAGES.invalidTwoFactorCode : MESSAGES.invalidRecoveryCode,
        );
      }
      await repository.clearThrottle(throttle);
      return { user, remember: pending.remember, method: field };
    },

    /**
     * The second step with one of the person's passkeys instead of a code (decision 036): options that
     * allow only their passkeys.
     */
    async passkeyChallengeOptions(pending: PendingLogin | null) {
      if (!pending) throw ValidationError.field('credential', MESSAGES.twoFactorLoginExpired);
      return relyingParty.requestOptions('second', pending.userId);
    },

    /** Then the answer, checked as at a passkey sign-in. */
    async passPasskeyChallenge(
      pending: PendingLogin | null,
      input: PasskeyChallengeInput,
      log: FastifyBaseLogger,
    ): Promise<SecondStepPassed> {
      if (!pending) throw ValidationError.field('credential', MESSAGES.twoFactorLoginExpired);
      const throttle = `two-factor|${pending.userId}`;
      await takeAttemptOrRefuse(repository, throttle, 'credential');
      const assertion = await relyingParty.check(
        log,
        input.credential as unknown as AuthenticationResponseJSON,
        'second',
        pending.userId,
      );
      const { account } = assertion;
      const user = { id: account.id, name: account.name, email: account.email };
      if (!(await store.signingInAccount(user.id)))
        throw ValidationError.field('credential', MESSAGES.twoFactorLoginExpired);
      await database.transaction((tx) => relyingParty.settle(tx, assertion));
      await repository.clearThrottle(throttle);
      return { user, remember: pending.remember, method: 'passkey' };
    },

    /** The second step passed and the new session started: the sign-in is recorded as any other. */
    completeSignIn({ user, method }: SecondStepPassed, origin: RequestOrigin): Promise<void> {
      return auth.completeLogin(user, origin, { two_factor: method });
    },

    // ---- An administrator's reset ----

    /** `actor` removes the second factor of the user a path names (`rawId`), and the person is told. */
    async reset(
      actor: Pick<AuthUser, 'id' | 'name' | 'permissions'>,
      rawId: string,
      origin: RequestOrigin,
      log: Log,
    ): Promise<void> {
      const id = Number(rawId);
      if (!Number.isSafeInteger(id) || id <= 0) throw notFound();
      if (id === actor.id) throw forbidden(MESSAGES.twoFactorResetSelf);
      const target = await database.transaction(async (tx) => {
        const row = await store.lockManagedAccount(tx, id);
        if (!row) throw notFound();
        // docs/http-api.md: nobody manages an account that holds permissions they lack.
        if (!mayManage(actor.permissions, row.permissions)) throw forbidden();
        const removed = await store.remove(tx, id);
        if (!removed?.wasConfirmed) throw ValidationError.field('two_factor', MESSAGES.twoFactorNotEnabled);
        await auditUser(tx, { id: actor.id, name: actor.name }, id, 'updated', {
          two_factor_enabled: { from: true, to: false },
        });
        await recordSecurityEvent(tx, {
          kind: 'two_factor_reset',
          user: row,
          actor: { id: actor.id, name: actor.name },
          origin,
        });
        return row;
      });
      // The reset stands whether or not the mail leaves: it is logged, and the person sees it at sign-in.
      await mailer
        .send(twoFactorResetMail(config.appName, target, `${config.frontendUrl}/account#dos-pasos`))
        .catch((error: unknown) =>
          log.error({ err: error }, 'No se pudo avisar del restablecimiento de la verificación'),
        );
    },
  };
}

export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
