import {
  ConfirmPasswordInput,
  ConfirmTwoFactorInput,
  MESSAGES,
  mayManage,
  PASSWORD_CONFIRMATION_SECONDS,
  PasskeyChallengeInput,
  type Permission,
  TWO_FACTOR_LOGIN_MINUTES,
  TwoFactorChallengeInput,
  type TwoFactorQrCode,
} from '@gestor/shared';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import QRCode from 'qrcode';
import type { Config } from '../../config/config';
import type { Database } from '../../db/client';
import { forbidden, HttpError, notFound, ValidationError } from '../../lib/http-errors';
import type { Mailer } from '../../lib/mailer';
import { otpauthUrl } from '../../lib/totp';
import { validate } from '../../lib/validate';
import { ACCOUNT_ROUTE } from '../../plugins/auth';
import { createPasswordCheck } from '../account/password-check';
import { recordSecurityEvent, requestOrigin } from '../activity/security-events';
import { twoFactorResetMail } from '../auth/auth-mails';
import { createAuthRepository } from '../auth/auth-repository';
import type { TwoFactorSignIn } from '../auth/auth-routes';
import type { AuthService } from '../auth/auth-service';
import type { KnownDevices } from '../auth/known-devices';
import { REMEMBER_LIFETIME_MINUTES } from '../auth/session-store';
import { takeAttemptOrRefuse } from '../auth/throttle';
import type { RelyingParty } from '../passkeys/relying-party';
import { auditUser } from '../users/user-audit';
import { createPendingLogins, PENDING_LOGIN_COOKIE, type PendingLogin } from './pending-login';
import { createTwoFactorStore } from './two-factor-store';

// Two-factor sign-in (issue 21, decision 035): Fortify's routes under the /api prefix, its password
// confirmation (423 after auth.password_timeout), the sign-in's second step, the roles that require
// it and the administrator's reset.

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Reachable by a person whose role requires two-factor sign-in before they have set it up: who am
     * I, sign out, password confirmation and the set-up itself. Every other /api route answers 403.
     */
    beforeTwoFactor?: boolean;
  }
}

/** Fortify's routes are for a browser session, and reachable before the set-up a role requires. */
const TWO_FACTOR = { ...ACCOUNT_ROUTE, beforeTwoFactor: true } as const;

export function twoFactorRoutes(
  app: FastifyInstance,
  {
    database,
    config,
    mailer,
    auth,
    devices,
    relyingParty,
  }: {
    database: Database;
    config: Pick<Config, 'appKey' | 'appName' | 'frontendUrl' | 'session'>;
    mailer: Mailer;
    auth: AuthService;
    devices: KnownDevices;
    relyingParty: RelyingParty;
  },
): TwoFactorSignIn {
  const store = createTwoFactorStore(database, config.appKey);
  const repository = createAuthRepository(database);
  const confirmPassword = createPasswordCheck(database);
  const pendingLogins = createPendingLogins(config.appKey);
  const cookieOptions = {
    path: '/api',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: config.session.secure,
    ...(config.session.domain ? { domain: config.session.domain } : {}),
  };

  // A role that requires the second factor: its holders reach only what sets it up (the SPA reads
  // two_factor_required from GET /api/user and shows the set-up screen first).
  // Callback-style: nothing to wait for, so no promise per request (decision 042).
  app.addHook('preHandler', (request, reply, done) => {
    const user = request.user;
    if (
      user?.two_factor_required &&
      !user.two_factor_enabled &&
      !request.routeOptions.config.beforeTwoFactor &&
      request.url.startsWith('/api/')
    ) {
      reply.code(403).send({ message: MESSAGES.twoFactorRequired, two_factor_required: true });
      return;
    }
    done();
  });

  // ---- Password confirmation (Fortify's ConfirmablePasswordController, Laravel's password.confirm) ----

  app.post('/api/user/confirm-password', { config: TWO_FACTOR }, async (request, reply) => {
    const user = request.authUser();
    const { password } = validate(ConfirmPasswordInput, request.body);
    // Mi cuenta's check of a typed current password (decision 034): one limiter budget per account.
    await confirmPassword(user.id, password, 'password', MESSAGES.wrongPassword, MESSAGES.wrongPassword);
    await store.markPasswordConfirmed(request.session!.key);
    return reply.code(201).send();
  });

  const passwordConfirmed = (request: FastifyRequest) =>
    store.passwordConfirmedWithin(request.session!.key, PASSWORD_CONFIRMATION_SECONDS);

  app.get('/api/user/confirmed-password-status', { config: TWO_FACTOR }, async (request) => ({
    confirmed: await passwordConfirmed(request),
  }));

  /** Laravel's RequirePassword middleware answers a JSON request with 423 when the confirmation is old. */
  const requirePasswordConfirmation = async (request: FastifyRequest) => {
    request.authUser();
    if (!(await passwordConfirmed(request))) throw new HttpError(423, MESSAGES.passwordConfirmationRequired);
  };
  const MANAGE = { config: TWO_FACTOR, preHandler: requirePasswordConfirmation };

  const who = (request: FastifyRequest) => {
    const user = request.authUser();
    return { id: user.id, name: user.name, email: user.email };
  };

  // ---- Set-up and management ----

  app.post('/api/user/two-factor-authentication', MANAGE, async (request) => {
    const user = request.authUser();
    if (!(await store.start(user.id))) throw ValidationError.field('code', MESSAGES.twoFactorAlreadyEnabled);
    return {};
  });

  /** The secret of a set-up in progress or done; 404 (Fortify: empty) when there is none. */
  const secretOf = async (userId: number) => {
    const state = await store.read(userId);
    if (!state.secret) throw ValidationError.field('code', MESSAGES.twoFactorNotStarted, 404);
    return state;
  };

  app.get('/api/user/two-factor-qr-code', MANAGE, async (request) => {
    const user = request.authUser();
    const { secret } = await secretOf(user.id);
    const url = otpauthUrl(config.appName, user.email, secret!);
    const svg = await QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
    const body: TwoFactorQrCode = { svg, url };
    return body;
  });

  app.get('/api/user/two-factor-secret-key', MANAGE, async (request) => {
    const { secret } = await secretOf(request.authUser().id);
    return { secretKey: secret };
  });

  // Fortify's ConfirmTwoFactorAuthentication: the first code proves the app holds the secret.
  app.post('/api/user/confirmed-two-factor-authentication', MANAGE, async (request) => {
    const user = request.authUser();
    const { code } = validate(ConfirmTwoFactorInput, request.body);
    await database.transaction(async (tx) => {
      // Read under the row's lock: a set-up restarted in another tab meanwhile cannot slip a secret the
      // person never saw under this confirmation.
      const state = await store.read(user.id, tx, true);
      if (!state.secret) throw ValidationError.field('code', MESSAGES.twoFactorNotStarted);
      if (state.confirmed) throw ValidationError.field('code', MESSAGES.twoFactorAlreadyEnabled);
      if (!(await store.takeCode(user.id, state.secret, code, tx)) || !(await store.confirm(tx, user.id))) {
        throw ValidationError.field('code', MESSAGES.invalidTwoFactorCode);
      }
      await recordSecurityEvent(tx, {
        kind: 'two_factor_enabled',
        user: who(request),
        origin: requestOrigin(request),
      });
    });
    return {};
  });

  app.get('/api/user/two-factor-recovery-codes', MANAGE, async (request) => {
    const { recoveryCodes } = await secretOf(request.authUser().id);
    return recoveryCodes;
  });

  app.post('/api/user/two-factor-recovery-codes', MANAGE, async (request) => {
    const user = request.authUser();
    await database.transaction(async (tx) => {
      if (!(await store.regenerateCodes(tx, user.id))) {
        throw ValidationError.field('code', MESSAGES.twoFactorNotEnabled);
      }
      await recordSecurityEvent(tx, {
        kind: 'recovery_codes_regenerated',
        user: who(request),
        origin: requestOrigin(request),
      });
    });
    return {};
  });

  app.delete('/api/user/two-factor-authentication', MANAGE, async (request) => {
    const user = request.authUser();
    await database.transaction(async (tx) => {
      const removed = await store.remove(tx, user.id);
      // Dropping a set-up never confirmed is no security event: nothing protected the account yet.
      if (removed?.wasConfirmed) {
        await recordSecurityEvent(tx, {
          kind: 'two_factor_disabled',
          user: who(request),
          origin: requestOrigin(request),
        });
      }
    });
    return {};
  });

  // ---- The sign-in's second step ----

  const readPending = (request: FastifyRequest) =>
    request.session
      ? pendingLogins.read(request.cookies[PENDING_LOGIN_COOKIE], request.session.csrfToken)
      : null;

  // A browser's sign-in: an API token starts no session (decision 037).
  app.post('/api/two-factor-challenge', { config: { sessionOnly: true } }, async (request, reply) => {
    const input = validate(TwoFactorChallengeInput, request.body);
    const field = input.code ? 'code' : 'recovery_code';
    const pending = readPending(request);
    if (!pending) throw ValidationError.field(field, MESSAGES.twoFactorLoginExpired);
    // Fortify's two-factor limiter, as strict as the sign-in's and per account: an attacker holding the
    // password gains nothing by changing address.
    const throttle = `two-factor|${pending.userId}`;
    await takeAttemptOrRefuse(repository, throttle, field);
    const user = await store.signingInAccount(pending.userId);
    // Disabled, or its second factor reset, since the password was typed: start again.
    if (!user) throw ValidationError.field(field, MESSAGES.twoFactorLoginExpired);
    const origin = requestOrigin(request);
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
    await finishSignIn(request, reply, user, pending, field);
    return reply.code(204).send();
  });

  /** The second step passed: a new session id and CSRF token (session fixation), as at any sign-in. */
  async function finishSignIn(
    request: FastifyRequest,
    reply: FastifyReply,
    user: { id: number; name: string; email: string },
    pending: PendingLogin,
    method: 'code' | 'recovery_code' | 'passkey',
  ) {
    reply.clearCookie(PENDING_LOGIN_COOKIE, cookieOptions);
    await reply.startSession(user.id, pending.remember ? REMEMBER_LIFETIME_MINUTES : undefined);
    await auth.completeLogin(user, requestOrigin(request), { two_factor: method });
    await devices.signedIn(request, reply, user.id);
  }

  // The second step with one of the person's passkeys instead of a code (decision 036): options that
  // allow only their passkeys, then the answer, checked as at a passkey sign-in.
  app.post(
    '/api/two-factor-challenge/passkey-options',
    { config: { sessionOnly: true } },
    async (request) => {
      relyingParty.requireDomain();
      const pending = readPending(request);
      if (!pending) throw ValidationError.field('credential', MESSAGES.twoFactorLoginExpired);
      return { data: await relyingParty.requestOptions('second', pending.userId) };
    },
  );

  app.post('/api/two-factor-challenge/passkey', { config: { sessionOnly: true } }, async (request, reply) => {
    relyingParty.requireDomain();
    const input = validate(PasskeyChallengeInput, request.body);
    const pending = readPending(request);
    if (!pending) throw ValidationError.field('credential', MESSAGES.twoFactorLoginExpired);
    const throttle = `two-factor|${pending.userId}`;
    await takeAttemptOrRefuse(repository, throttle, 'credential');
    const assertion = await relyingParty.check(
      request.log,
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
    await finishSignIn(request, reply, user, pending, 'passkey');
    return reply.code(204).send();
  });

  // ---- An administrator's reset ----

  app.delete(
    '/api/users/:id/two-factor-authentication',
    { config: { permission: 'user.update' } },
    async (request, reply) => {
      const actor = request.authUser();
      const id = Number((request.params as { id: string }).id);
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
          origin: requestOrigin(request),
        });
        return row;
      });
      // The reset stands whether or not the mail leaves: it is logged, and the person sees it at sign-in.
      await mailer
        .send(twoFactorResetMail(config.appName, target, `${config.frontendUrl}/account#dos-pasos`))
        .catch((error: unknown) =>
          request.log.error({ err: error }, 'No se pudo avisar del restablecimiento de la verificación'),
        );
      return reply.code(204).send();
    },
  );

  return {
    begin(request, reply, login) {
      const value = pendingLogins.issue(login, request.session!.csrfToken);
      reply.setCookie(PENDING_LOGIN_COOKIE, value, {
        ...cookieOptions,
        maxAge: TWO_FACTOR_LOGIN_MINUTES * 60,
      });
    },
  };
}
