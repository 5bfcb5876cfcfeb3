import { createHash } from 'node:crypto';
import {
  type AccountSession,
  type AuthUser,
  describeUserAgent,
  EMAIL_CHANGE_MINUTES,
  MESSAGES,
  type PendingEmailChange,
  type UpdatePasswordInput,
  type UpdateProfileInput,
} from '@gestor/shared';
import type { Config } from '../../config/config';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { HttpError, notFound, ValidationError } from '../../lib/http-errors';
import type { Mailer } from '../../lib/mailer';
import { hashPassword } from '../../lib/passwords';
import { keyedHash, randomToken } from '../../lib/tokens';
import { type RequestOrigin, recordSecurityEvent } from '../activity/security-events';
import { emailChangeMail, emailChangeNoticeMail } from '../auth/auth-mails';
import { createAuthRepository } from '../auth/auth-repository';
import { auditUser, PASSWORD_CHANGED } from '../users/user-audit';
import { createAccountRepository, type SessionRow } from './account-repository';
import { createPasswordCheck } from './password-check';

// "Mi cuenta" (issue 21, decision 034): what the signed-in person does with their own name, email,
// password and sessions. The routes carry it over HTTP; account-repository.ts stores it.

type Log = { error(obj: object, msg: string): void };

/** The signed-in person, as these operations name them in the history and the security log. */
type Person = Pick<AuthUser, 'id' | 'name' | 'email'>;

export interface AccountServiceDeps {
  database: Database;
  config: Pick<Config, 'appKey' | 'appName' | 'frontendUrl'>;
  mailer: Mailer;
}

/** What the sessions list calls a session: a hash of its stored key, so neither cookie nor key leaves. */
const sessionHandle = (key: string) => createHash('sha256').update(key).digest('hex').slice(0, 32);

export function createAccountService({ database, config, mailer }: AccountServiceDeps) {
  const tokenHash = (token: string) => keyedHash(config.appKey, token);
  const account = createAccountRepository(database);
  const confirmPassword = createPasswordCheck(database);

  /** Ends sessions of mine other than `current`: those `pick` chooses; records what was ended. */
  async function endSessions(
    user: Person,
    current: string,
    origin: RequestOrigin,
    pick: (row: SessionRow) => boolean,
  ): Promise<number> {
    const ended = (await account.liveSessions(user.id)).filter((row) => row.id !== current && pick(row));
    if (ended.length === 0) return 0;
    await database.transaction(async (tx) => {
      await account.endSessions(
        tx,
        user.id,
        ended.map((row) => row.id),
      );
      await recordSecurityEvent(tx, {
        kind: 'session_revoked',
        user: { id: user.id, name: user.name, email: user.email },
        origin,
        details: {
          sessions: ended.map((row) => ({ ip: row.ip_address, device: describeUserAgent(row.user_agent) })),
        },
      });
    });
    return ended.length;
  }

  return {
    /**
     * Fortify's UpdateUserProfileInformation: the name at once; a new email only once its link is
     * followed. Returns the new address a link was mailed to, or null when only the name changed.
     */
    async updateProfile(
      user: Person,
      input: UpdateProfileInput,
      origin: RequestOrigin,
      log: Log,
    ): Promise<{ newEmail: string | null }> {
      const newEmail = input.email !== user.email.toLowerCase() ? input.email : null;
      if (newEmail) {
        await confirmPassword(
          user.id,
          input.current_password,
          'current_password',
          MESSAGES.currentPasswordRequired,
        );
        if (await account.emailTaken(newEmail, user.id))
          throw ValidationError.field('email', MESSAGES.emailInUse);
      }
      const token = newEmail ? randomToken(32) : null;
      await database.transaction(async (tx) => {
        const before = await account.lockName(tx, user.id);
        if (before !== undefined && before !== input.name) {
          await account.rename(tx, user.id, input.name);
          await auditUser(tx, { id: user.id, name: input.name }, user.id, 'updated', {
            name: { from: before, to: input.name },
          });
          await recordSecurityEvent(tx, {
            kind: 'profile_changed',
            user: { id: user.id, name: input.name, email: user.email },
            origin,
            details: { fields: ['name'] },
          });
        }
        if (newEmail && token) {
          // One pending change per person: a new request replaces the last one (and its link).
          await account.savePendingEmail(tx, user.id, newEmail, tokenHash(token));
          await recordSecurityEvent(tx, {
            kind: 'email_change_requested',
            user: { id: user.id, name: input.name, email: user.email },
            origin,
            details: { new_email: newEmail },
          });
        }
      });
      if (!newEmail || !token) return { newEmail: null };
      const link = `${config.frontendUrl}/account/confirm-email/${encodeURIComponent(token)}`;
      try {
        await mailer.send(
          emailChangeMail(config.appName, { name: input.name, email: newEmail }, link, EMAIL_CHANGE_MINUTES),
        );
      } catch (error) {
        // No link reached the new address: nothing waits for one (the name, if changed, stays saved).
        log.error({ err: error }, 'No se pudo enviar el enlace de cambio de correo');
        await account.dropPendingEmail(user.id, tokenHash(token));
        throw new HttpError(503, MESSAGES.emailChangeNotSent);
      }
      // The old address is told; a failure here does not undo a change its owner asked for.
      await mailer
        .send(
          emailChangeNoticeMail(
            config.appName,
            { name: input.name, email: user.email },
            newEmail,
            `${config.frontendUrl}/account`,
          ),
        )
        .catch((error: unknown) =>
          log.error({ err: error }, 'No se pudo avisar al correo anterior del cambio'),
        );
      return { newEmail };
    },

    /** The change of address waiting for its link, if still within EMAIL_CHANGE_MINUTES. */
    async pendingEmailChange(userId: number): Promise<PendingEmailChange | null> {
      const row = await account.pendingEmail(userId, EMAIL_CHANGE_MINUTES);
      return row
        ? {
            new_email: row.new_email,
            created_at: row.created_at.toISOString(),
            expires_at: new Date(row.created_at.getTime() + EMAIL_CHANGE_MINUTES * 60_000).toISOString(),
          }
        : null;
    },

    async cancelEmailChange(userId: number): Promise<void> {
      await account.dropPendingEmail(userId);
    },

    /**
     * The link's token proves the new mailbox; the session proves the person. Both are needed.
     * Returns the new address.
     */
    async confirmEmailChange(user: Person, token: string, origin: RequestOrigin): Promise<string> {
      const invalid = () => ValidationError.field('token', MESSAGES.invalidEmailChangeLink);
      return database
        .transaction(async (tx) => {
          const change = await account.takePendingEmail(tx, user.id, tokenHash(token), EMAIL_CHANGE_MINUTES);
          if (!change) throw invalid();
          if (await account.emailTaken(change.new_email, user.id, tx))
            throw ValidationError.field('token', MESSAGES.emailInUse);
          // A reset link mailed to the old address no longer opens the account.
          await account.changeEmail(tx, user.id, change.old_email, change.new_email);
          await auditUser(tx, { id: user.id, name: user.name }, user.id, 'updated', {
            email: { from: change.old_email, to: change.new_email },
          });
          await recordSecurityEvent(tx, {
            kind: 'email_changed',
            user: { id: user.id, name: user.name, email: change.new_email },
            origin,
            details: { from: change.old_email, to: change.new_email },
          });
          return change.new_email;
        })
        .catch((error: unknown) => {
          // Two people confirming one address at once: the unique index decides, the loser reads why.
          if (isUniqueViolation(error)) throw ValidationError.field('token', MESSAGES.emailInUse);
          throw error;
        });
    },

    /** Fortify's UpdateUserPassword, with Laravel's logoutOtherDevices: the session `currentKey` stays. */
    async changePassword(
      user: Person,
      input: UpdatePasswordInput,
      currentKey: string,
      origin: RequestOrigin,
    ): Promise<void> {
      await confirmPassword(
        user.id,
        input.current_password,
        'current_password',
        MESSAGES.wrongCurrentPassword,
      );
      const hash = await hashPassword(input.password);
      await database.transaction(async (tx) => {
        await createAuthRepository(tx).setPassword(user.id, hash);
        await account.endOtherSessions(tx, user.id, currentKey);
        await auditUser(tx, { id: user.id, name: user.name }, user.id, 'updated', PASSWORD_CHANGED);
        await recordSecurityEvent(tx, {
          kind: 'password_changed',
          user: { id: user.id, name: user.name, email: user.email },
          origin,
        });
      });
    },

    /** The person's live sessions, the one of `currentKey` marked as current. */
    async listSessions(userId: number, currentKey: string): Promise<AccountSession[]> {
      const rows = await account.liveSessions(userId);
      return rows.map((row) => ({
        id: sessionHandle(row.id),
        ip_address: row.ip_address,
        user_agent: row.user_agent,
        device: describeUserAgent(row.user_agent),
        last_activity: row.last_activity.toISOString(),
        created_at: row.created_at.toISOString(),
        current: row.id === currentKey,
      }));
    },

    /** Ends one other session of the person, by its handle; the current one ends with a sign-out. */
    async endSession(user: Person, handle: string, currentKey: string, origin: RequestOrigin): Promise<void> {
      if (sessionHandle(currentKey) === handle) {
        throw ValidationError.field('id', MESSAGES.endCurrentSessionWithLogout);
      }
      const count = await endSessions(user, currentKey, origin, (row) => sessionHandle(row.id) === handle);
      if (count === 0) throw notFound();
    },

    /** Ends every session of the person but `currentKey`'s. */
    async endOtherSessions(user: Person, currentKey: string, origin: RequestOrigin): Promise<void> {
      await endSessions(user, currentKey, origin, () => true);
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
