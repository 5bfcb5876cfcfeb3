import { createHash } from 'node:crypto';
import {
  type AccountSession,
  ConfirmEmailInput,
  describeUserAgent,
  EMAIL_CHANGE_MINUTES,
  MESSAGES,
  type PendingEmailChange,
  UpdatePasswordInput,
  UpdateProfileInput,
} from '@gestor/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../config/config';
import type { Connection, Database } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { HttpError, notFound, ValidationError } from '../../lib/http-errors';
import type { Mailer } from '../../lib/mailer';
import { hashPassword } from '../../lib/passwords';
import { keyedHash, randomToken } from '../../lib/tokens';
import { validate } from '../../lib/validate';
import { ACCOUNT_ROUTE } from '../../plugins/auth';
import { recordSecurityEvent, requestOrigin } from '../activity/security-events';
import { emailChangeMail, emailChangeNoticeMail } from '../auth/auth-mails';
import { createAuthRepository } from '../auth/auth-repository';
import { auditUser, PASSWORD_CHANGED } from '../users/user-audit';
import { createAccountRepository, type SessionRow } from './account-repository';
import { createPasswordCheck } from './password-check';

// "Mi cuenta" (issue 21, decision 034): the signed-in person's own name, email, password and sessions.
// Fortify's routes under the /api prefix; every one is for a browser session, never an API token.

/** What the sessions list calls a session: a hash of its stored key, so neither cookie nor key leaves. */
const sessionHandle = (key: string) => createHash('sha256').update(key).digest('hex').slice(0, 32);

export function accountRoutes(
  app: FastifyInstance,
  {
    database,
    config,
    mailer,
  }: { database: Database; config: Pick<Config, 'appKey' | 'appName' | 'frontendUrl'>; mailer: Mailer },
) {
  const tokenHash = (token: string) => keyedHash(config.appKey, token);

  /** The session of this request: a signed-in one, as `auth: true` has made sure. */
  const currentKey = (request: FastifyRequest) => request.session!.key;

  const account = createAccountRepository(database);
  const liveSessions = (userId: number) => account.liveSessions(userId);

  const confirmPassword = createPasswordCheck(database);

  // Fortify's UpdateUserProfileInformation: the name at once; a new email only once its link is followed.
  app.put('/api/user/profile-information', { config: ACCOUNT_ROUTE }, async (request) => {
    const user = request.authUser();
    const input = validate(UpdateProfileInput, request.body);
    const origin = requestOrigin(request);
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
    if (!newEmail || !token) return { status: MESSAGES.profileUpdated };
    const link = `${config.frontendUrl}/account/confirm-email/${encodeURIComponent(token)}`;
    try {
      await mailer.send(
        emailChangeMail(config.appName, { name: input.name, email: newEmail }, link, EMAIL_CHANGE_MINUTES),
      );
    } catch (error) {
      // No link reached the new address: nothing waits for one (the name, if changed, stays saved).
      request.log.error({ err: error }, 'No se pudo enviar el enlace de cambio de correo');
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
        request.log.error({ err: error }, 'No se pudo avisar al correo anterior del cambio'),
      );
    return { status: MESSAGES.emailChangeSent(newEmail) };
  });

  app.get('/api/user/email-change', { config: ACCOUNT_ROUTE }, async (request) => {
    const row = await account.pendingEmail(request.authUser().id, EMAIL_CHANGE_MINUTES);
    const data: PendingEmailChange | null = row
      ? {
          new_email: row.new_email,
          created_at: row.created_at.toISOString(),
          expires_at: new Date(row.created_at.getTime() + EMAIL_CHANGE_MINUTES * 60_000).toISOString(),
        }
      : null;
    return { data };
  });

  app.delete('/api/user/email-change', { config: ACCOUNT_ROUTE }, async (request, reply) => {
    await account.dropPendingEmail(request.authUser().id);
    return reply.code(204).send();
  });

  // The link's token proves the new mailbox; the session proves the person. Both are needed.
  app.post('/api/user/confirm-email', { config: ACCOUNT_ROUTE }, async (request) => {
    const user = request.authUser();
    const { token } = validate(ConfirmEmailInput, request.body);
    const invalid = () => ValidationError.field('token', MESSAGES.invalidEmailChangeLink);
    const email = await database
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
          origin: requestOrigin(request),
          details: { from: change.old_email, to: change.new_email },
        });
        return change.new_email;
      })
      .catch((error: unknown) => {
        // Two people confirming one address at once: the unique index decides, the loser reads why.
        if (isUniqueViolation(error)) throw ValidationError.field('token', MESSAGES.emailInUse);
        throw error;
      });
    return { status: MESSAGES.emailChanged(email) };
  });

  // Fortify's UpdateUserPassword, with Laravel's logoutOtherDevices: the current session stays.
  app.put('/api/user/password', { config: ACCOUNT_ROUTE }, async (request) => {
    const user = request.authUser();
    const input = validate(UpdatePasswordInput, request.body);
    await confirmPassword(user.id, input.current_password, 'current_password', MESSAGES.wrongCurrentPassword);
    const hash = await hashPassword(input.password);
    const key = currentKey(request);
    await database.transaction(async (tx) => {
      await createAuthRepository(tx).setPassword(user.id, hash);
      await account.endOtherSessions(tx, user.id, key);
      await auditUser(tx, { id: user.id, name: user.name }, user.id, 'updated', PASSWORD_CHANGED);
      await recordSecurityEvent(tx, {
        kind: 'password_changed',
        user: { id: user.id, name: user.name, email: user.email },
        origin: requestOrigin(request),
      });
    });
    return { status: MESSAGES.passwordUpdated };
  });

  app.get('/api/user/sessions', { config: ACCOUNT_ROUTE }, async (request) => {
    const user = request.authUser();
    const current = currentKey(request);
    const rows = await liveSessions(user.id);
    const data: AccountSession[] = rows.map((row) => ({
      id: sessionHandle(row.id),
      ip_address: row.ip_address,
      user_agent: row.user_agent,
      device: describeUserAgent(row.user_agent),
      last_activity: row.last_activity.toISOString(),
      created_at: row.created_at.toISOString(),
      current: row.id === current,
    }));
    return { data };
  });

  /** Ends sessions of mine other than this one: those `pick` chooses; records what was ended. */
  async function endSessions(request: FastifyRequest, pick: (row: SessionRow) => boolean) {
    const user = request.authUser();
    const current = currentKey(request);
    const ended = (await liveSessions(user.id)).filter((row) => row.id !== current && pick(row));
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
        origin: requestOrigin(request),
        details: {
          sessions: ended.map((row) => ({ ip: row.ip_address, device: describeUserAgent(row.user_agent) })),
        },
      });
    });
    return ended.length;
  }

  app.delete('/api/user/sessions/:id', { config: ACCOUNT_ROUTE }, async (request, reply) => {
    const { id } = request.params as { id: string };
    if (sessionHandle(currentKey(request)) === id) {
      throw ValidationError.field('id', MESSAGES.endCurrentSessionWithLogout);
    }
    const count = await endSessions(request, (row) => sessionHandle(row.id) === id);
    if (count === 0) throw notFound();
    return reply.code(204).send();
  });

  app.delete('/api/user/other-sessions', { config: ACCOUNT_ROUTE }, async (request, reply) => {
    await endSessions(request, () => true);
    return reply.code(204).send();
  });
}
