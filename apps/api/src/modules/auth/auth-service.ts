import {
  type ForgotPasswordInput,
  type LoginInput,
  MESSAGES,
  type RegisterInput,
  type ResetLinkInfo,
  type ResetLinkKind,
  type ResetLinkQuery,
  type ResetPasswordInput,
} from '@gestor/shared';
import type { Config } from '../../config/config';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { rateKey } from '../../lib/client-address';
import { ValidationError } from '../../lib/http-errors';
import type { Mailer } from '../../lib/mailer';
import { hashPassword, needsRehash, verifyPassword } from '../../lib/passwords';
import { keyedHash, randomToken, safeEqual } from '../../lib/tokens';
import { type RequestOrigin, recordSecurityEvent } from '../activity/security-events';
import { auditUser, auditUserCreated, PASSWORD_CHANGED } from '../users/user-audit';
import { invitationMail, passwordResetMail, resetLink } from './auth-mails';
import { createAuthRepository, FAILURES_PER_ACCOUNT } from './auth-repository';
import type { SessionStore } from './session-store';
import { takeAttemptOrRefuse } from './throttle';

type Log = { error(obj: object, msg: string): void; info(obj: object, msg: string): void };

export interface AuthServiceDeps {
  database: Database;
  config: Pick<
    Config,
    'appKey' | 'appName' | 'frontendUrl' | 'registrationEnabled' | 'invitationLifetimeDays'
  >;
  mailer: Mailer;
  sessions: SessionStore;
  log: Log;
}

export function createAuthService({ database, config, mailer, sessions, log }: AuthServiceDeps) {
  const repository = createAuthRepository(database);
  const tokenHash = (token: string) => keyedHash(config.appKey, token);

  /**
   * Issues a one-time 256-bit token for the address and mails the link; false when throttled. An
   * invitation's token is stored as one, so it lasts INVITATION_LIFETIME_DAYS and reads as a welcome.
   */
  async function sendResetLink(
    user: { name: string; email: string },
    kind: ResetLinkKind = 'reset',
  ): Promise<boolean> {
    const token = randomToken(32);
    if (!(await repository.storeResetToken(user.email, tokenHash(token), kind))) return false;
    const link = resetLink(config.frontendUrl, token, user.email);
    await mailer.send(
      kind === 'invitation'
        ? invitationMail(config.appName, user, link, config.invitationLifetimeDays)
        : passwordResetMail(config.appName, user, link),
    );
    return true;
  }

  /** The live token of the address when it matches, with the user it belongs to; else a 422. */
  async function validResetToken(token: string, email: string) {
    const invalid = () => ValidationError.field('email', MESSAGES.invalidResetToken);
    const stored = await repository.findResetToken(email, config.invitationLifetimeDays);
    const hash = tokenHash(token);
    if (!stored || stored.expired || !safeEqual(stored.token_hash, hash)) throw invalid();
    const user = await repository.findByEmail(email);
    if (!user) throw invalid();
    return { user, hash, kind: stored.kind, invalid };
  }

  /** A sign-in that has passed every factor: the last sign-in time and the security log. */
  async function completeLogin(
    user: { id: number; name: string; email: string },
    origin: RequestOrigin,
    details?: Record<string, unknown>,
  ): Promise<void> {
    await repository.recordLogin(user.id);
    await recordSecurityEvent(database, {
      kind: 'login',
      user: { id: user.id, name: user.name, email: user.email },
      origin,
      details,
    });
  }

  return {
    sendResetLink,

    /**
     * Checks the credentials under the login throttle. Returns the user to start a session for, or,
     * when the account has two-factor sign-in, the user whose sign-in now waits for the second factor
     * (nothing recorded as a sign-in yet: completeLogin does it once the code is right).
     * A refused password (or a disabled account) is in the security log; a throttled attempt is not
     * checked, so it writes nothing (a flood cannot fill the log faster than the throttle allows).
     *
     * Two limiters (decision 039): Laravel's per email and address (an IPv6 client by its /64), and
     * one per account alone against a guess spread over many addresses. A browser the account has
     * signed in from before (`knownDevice`) is exempt from the second, so an attacker who spends the
     * account's budget does not lock its owner out of their own browser.
     */
    async attemptLogin(
      input: LoginInput,
      origin: RequestOrigin,
      knownDevice: (userId: number) => Promise<boolean>,
    ): Promise<{ userId: number; twoFactor: boolean }> {
      const email = input.email.toLowerCase();
      const key = `${email}|${rateKey(origin.ip ?? '')}`;
      await takeAttemptOrRefuse(repository, key, 'email');
      const user = await repository.findByEmail(input.email);
      // Keyed by the email, whether or not it names an account: the answer does not tell them apart.
      const accountKey = `account|${email}`;
      const counted = !(user && (await knownDevice(user.id)));
      if (counted) await takeAttemptOrRefuse(repository, accountKey, 'email', FAILURES_PER_ACCOUNT);
      const valid = await verifyPassword(user?.password ?? null, input.password);
      // The attempt is already counted; only a successful sign-in clears the count.
      if (!user || !valid || !user.active) {
        await recordSecurityEvent(database, {
          kind: 'login_failed',
          user: user && { id: user.id, name: user.name, email: user.email },
          email: input.email.slice(0, 255),
          origin,
          details: { reason: !user || !valid ? 'credentials' : 'disabled' },
        });
        throw ValidationError.field(
          'email',
          !user || !valid ? MESSAGES.invalidCredentials : MESSAGES.accountDisabled,
        );
      }
      await repository.clearThrottle(key);
      if (counted) await repository.refundAttempt(accountKey);
      if (needsRehash(user.password!)) {
        await repository.setPasswordHash(user.id, await hashPassword(input.password));
      }
      if (user.two_factor) return { userId: user.id, twoFactor: true };
      await completeLogin(user, origin);
      return { userId: user.id, twoFactor: false };
    },

    completeLogin,

    /** Creates an account with the default reader role (only when REGISTRATION_ENABLED). */
    async register(input: RegisterInput): Promise<number> {
      if (await repository.findByEmail(input.email)) {
        throw ValidationError.field('email', 'El correo electrónico ya está en uso.');
      }
      const hash = await hashPassword(input.password);
      try {
        return await database.transaction(async (tx) => {
          const [row] = await tx.query<{ id: number }>(
            `WITH created AS (INSERT INTO users (name, email, password) VALUES ($1, $2, $3) RETURNING id),
                  assigned AS (INSERT INTO role_user (user_id, role_id)
                               SELECT created.id, roles.id FROM created, roles WHERE roles.name = 'lector')
             SELECT id FROM created`,
            [input.name, input.email, hash],
          );
          // The person signing up made the account: the history names them.
          await auditUserCreated(tx, { id: row!.id, name: input.name }, row!.id);
          return row!.id;
        });
      } catch (error) {
        // Two sign-ups with one address at once: the unique index decides, the loser gets the same 422.
        if (isUniqueViolation(error))
          throw ValidationError.field('email', 'El correo electrónico ya está en uso.');
        throw error;
      }
    },

    /**
     * ASVS 6.3.8: the caller answers the same thing at once whatever happens here, so the lookup and
     * the mail run after the response and never reveal whether the account exists.
     */
    requestPasswordReset(input: ForgotPasswordInput): void {
      setImmediate(() => {
        repository
          .findByEmail(input.email)
          .then(async (user) => {
            if (user?.active) await sendResetLink(user);
          })
          .catch((error: unknown) =>
            log.error({ err: error }, 'No se pudo enviar el enlace de restablecimiento'),
          );
      });
    },

    /**
     * What the reset screen shows before the person types: whether the link is an invitation, and the
     * name to greet. Only the holder of the link learns it (the token has 256 bits).
     */
    async describeResetLink(input: ResetLinkQuery): Promise<ResetLinkInfo> {
      const { user, kind } = await validResetToken(input.token, input.email);
      return { kind, name: user.name };
    },

    /** Sets the new password with a valid token, once, and ends every session of that user. */
    async resetPassword(input: ResetPasswordInput, origin: RequestOrigin): Promise<void> {
      const { user, hash, invalid } = await validResetToken(input.token, input.email);
      const newHash = await hashPassword(input.password);
      // One transaction: the token is spent only if the password is set, the sessions end and the
      // change is in the user's history, never some of these without the others.
      await database.transaction(async (tx) => {
        const inTransaction = createAuthRepository(tx);
        if (!(await inTransaction.consumeResetToken(input.email, hash))) throw invalid();
        await inTransaction.setPassword(user.id, newHash);
        await sessions.destroyForUser(user.id, tx);
        await auditUser(tx, { id: user.id, name: user.name }, user.id, 'updated', PASSWORD_CHANGED);
        await recordSecurityEvent(tx, {
          kind: 'password_reset',
          user: { id: user.id, name: user.name, email: user.email },
          origin,
        });
      });
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
