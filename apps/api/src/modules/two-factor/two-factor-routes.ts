import {
  ConfirmPasswordInput,
  ConfirmTwoFactorInput,
  MESSAGES,
  PasskeyChallengeInput,
  TWO_FACTOR_LOGIN_MINUTES,
  TwoFactorChallengeInput,
} from '@gestor/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config/config';
import type { Database } from '../../db/client';
import type { Mailer } from '../../lib/mailer';
import { validate } from '../../lib/validate';
import { ACCOUNT_ROUTE } from '../../plugins/auth';
import { requestOrigin } from '../activity/security-events';
import type { TwoFactorSignIn } from '../auth/auth-routes';
import type { AuthService } from '../auth/auth-service';
import type { KnownDevices } from '../auth/known-devices';
import { REMEMBER_LIFETIME_MINUTES } from '../auth/session-store';
import { requireWebAuthnDomain } from '../passkeys/passkey-routes';
import type { RelyingParty } from '../passkeys/relying-party';
import { createPendingLogins, PENDING_LOGIN_COOKIE } from './pending-login';
import { createTwoFactorService, type SecondStepPassed } from './two-factor-service';

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
  const twoFactor = createTwoFactorService({ database, config, mailer, auth, relyingParty });
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

  /** The session of this request: a signed-in one, as `auth: true` has made sure. */
  const sessionKey = (request: FastifyRequest) => request.session!.key;

  // ---- Password confirmation (Fortify's ConfirmablePasswordController, Laravel's password.confirm) ----

  app.post('/api/user/confirm-password', { config: TWO_FACTOR }, async (request, reply) => {
    const user = request.authUser();
    const { password } = validate(ConfirmPasswordInput, request.body);
    await twoFactor.confirmPassword(user.id, password, sessionKey(request));
    return reply.code(201).send();
  });

  app.get('/api/user/confirmed-password-status', { config: TWO_FACTOR }, async (request) => ({
    confirmed: await twoFactor.passwordConfirmed(sessionKey(request)),
  }));

  /** Laravel's RequirePassword middleware: the routes that manage the second factor ask for it. */
  const requirePasswordConfirmation = async (request: FastifyRequest) => {
    request.authUser();
    await twoFactor.requirePasswordConfirmation(sessionKey(request));
  };
  const MANAGE = { config: TWO_FACTOR, preHandler: requirePasswordConfirmation };

  // ---- Set-up and management ----

  app.post('/api/user/two-factor-authentication', MANAGE, async (request) => {
    await twoFactor.start(request.authUser().id);
    return {};
  });

  app.get('/api/user/two-factor-qr-code', MANAGE, async (request) => twoFactor.qrCode(request.authUser()));

  app.get('/api/user/two-factor-secret-key', MANAGE, async (request) => ({
    secretKey: await twoFactor.secretKey(request.authUser().id),
  }));

  app.post('/api/user/confirmed-two-factor-authentication', MANAGE, async (request) => {
    const user = request.authUser();
    const { code } = validate(ConfirmTwoFactorInput, request.body);
    await twoFactor.confirm(user, code, requestOrigin(request));
    return {};
  });

  app.get('/api/user/two-factor-recovery-codes', MANAGE, async (request) =>
    twoFactor.recoveryCodes(request.authUser().id),
  );

  app.post('/api/user/two-factor-recovery-codes', MANAGE, async (request) => {
    await twoFactor.regenerateRecoveryCodes(request.authUser(), requestOrigin(request));
    return {};
  });

  app.delete('/api/user/two-factor-authentication', MANAGE, async (request) => {
    await twoFactor.disable(request.authUser(), requestOrigin(request));
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
    const passed = await twoFactor.passChallenge(readPending(request), input, requestOrigin(request));
    await finishSignIn(request, reply, passed);
    return reply.code(204).send();
  });

  /** The second step passed: a new session id and CSRF token (session fixation), as at any sign-in. */
  async function finishSignIn(request: FastifyRequest, reply: FastifyReply, passed: SecondStepPassed) {
    reply.clearCookie(PENDING_LOGIN_COOKIE, cookieOptions);
    await reply.startSession(passed.user.id, passed.remember ? REMEMBER_LIFETIME_MINUTES : undefined);
    await twoFactor.completeSignIn(passed, requestOrigin(request));
    await devices.signedIn(request, reply, passed.user.id);
  }

  const PASSKEY_STEP = { config: { sessionOnly: true }, preHandler: requireWebAuthnDomain(relyingParty) };

  app.post('/api/two-factor-challenge/passkey-options', PASSKEY_STEP, async (request) => ({
    data: await twoFactor.passkeyChallengeOptions(readPending(request)),
  }));

  app.post('/api/two-factor-challenge/passkey', PASSKEY_STEP, async (request, reply) => {
    const input = validate(PasskeyChallengeInput, request.body);
    const passed = await twoFactor.passPasskeyChallenge(readPending(request), input, request.log);
    await finishSignIn(request, reply, passed);
    return reply.code(204).send();
  });

  // ---- An administrator's reset ----

  app.delete(
    '/api/users/:id/two-factor-authentication',
    { config: { permission: 'user.update' } },
    async (request, reply) => {
      const { id } = request.params as { id: string };
      await twoFactor.reset(request.authUser(), id, requestOrigin(request), request.log);
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
