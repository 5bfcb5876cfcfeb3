import type { AuthUser } from '@gestor/shared';
import {
  ForgotPasswordInput,
  LoginInput,
  MESSAGES,
  RegisterInput,
  ResetLinkQuery,
  ResetPasswordInput,
} from '@gestor/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../../db/client';
import { forbidden } from '../../lib/http-errors';
import { validate } from '../../lib/validate';
import {
  addVary,
  COMPRESSION_THRESHOLD_BYTES,
  compress,
  type Encoding,
  encodingFor,
} from '../../plugins/compression';
import { recordSecurityEvent, requestOrigin } from '../activity/security-events';
import type { AuthService } from './auth-service';
import type { KnownDevices } from './known-devices';
import { REMEMBER_LIFETIME_MINUTES } from './session-store';

/**
 * The second factor's side of a sign-in (modules/two-factor gives it): declared here, where the
 * password's step hands over, so that sign-in does not import the module that builds on it.
 */
export interface TwoFactorSignIn {
  /** The password was right and the account has a second factor: remember the sign-in, sign in nobody. */
  begin(request: FastifyRequest, reply: FastifyReply, login: { userId: number; remember: boolean }): void;
}

// docs/http-api.md#sign-in-lifecycle: the Laravel Sanctum SPA routes.
export function authRoutes(
  app: FastifyInstance,
  {
    auth,
    database,
    devices,
    registrationEnabled,
    twoFactor,
  }: {
    auth: AuthService;
    database: Database;
    devices: KnownDevices;
    registrationEnabled: boolean;
    twoFactor: TwoFactorSignIn;
  },
) {
  // A browser's sign-in: refused to an API token (decision 037) before any password is checked.
  app.post('/api/login', { config: { sessionOnly: true } }, async (request, reply) => {
    const input = validate(LoginInput, request.body);
    const { userId, twoFactor: secondStep } = await auth.attemptLogin(input, requestOrigin(request), (id) =>
      devices.isKnown(request, id),
    );
    // Fortify: an account with two-factor sign-in answers {two_factor: true} and signs nobody in yet.
    if (secondStep) {
      twoFactor.begin(request, reply, { userId, remember: input.remember });
      return reply.code(200).send({ two_factor: true });
    }
    // A new session id and CSRF token at login (session fixation).
    await reply.startSession(userId, input.remember ? REMEMBER_LIFETIME_MINUTES : undefined);
    await devices.signedIn(request, reply, userId);
    return reply.code(204).send();
  });

  // The SPA asks on every navigation. A session kept in memory keeps its user object, so the body is
  // serialised once per loaded session rather than once per request, and compressed once per coding
  // the browsers ask for (the compression plugin leaves an answer with a Content-Encoding alone).
  const bodies = new WeakMap<AuthUser, { json: string; encoded: Partial<Record<Encoding, Buffer>> }>();
  app.get('/api/user', { config: { auth: true, beforeTwoFactor: true } }, async (request, reply) => {
    const user = request.authUser();
    let body = bodies.get(user);
    if (body === undefined) {
      body = { json: JSON.stringify({ data: user }), encoded: {} };
      bodies.set(user, body);
    }
    reply.type('application/json; charset=utf-8');
    if (Buffer.byteLength(body.json) < COMPRESSION_THRESHOLD_BYTES) return reply.send(body.json);
    reply.header('vary', addVary(reply.getHeader('vary'), 'Accept-Encoding'));
    const encoding = encodingFor(request.headers['accept-encoding']);
    if (!encoding) return reply.send(body.json);
    // Two first requests at once may both compress: the same bytes, kept once.
    const compressed = body.encoded[encoding] ?? (await compress(body.json, encoding));
    body.encoded[encoding] = compressed;
    return reply.header('content-encoding', encoding).send(compressed);
  });

  app.post('/api/logout', { config: { auth: true, beforeTwoFactor: true } }, async (request, reply) => {
    const user = request.authUser();
    await reply.endSession();
    await recordSecurityEvent(database, {
      kind: 'logout',
      user: { id: user.id, name: user.name, email: user.email },
      origin: requestOrigin(request),
    });
    return reply.code(204).send();
  });

  // Signs the new account in: a browser's, as the sign-in (decision 037).
  app.post('/api/register', { config: { sessionOnly: true } }, async (request, reply) => {
    if (!registrationEnabled) throw forbidden(MESSAGES.registrationDisabled);
    const userId = await auth.register(validate(RegisterInput, request.body));
    await reply.startSession(userId);
    await devices.signedIn(request, reply, userId);
    return reply.code(204).send();
  });

  app.post('/api/forgot-password', async (request) => {
    auth.requestPasswordReset(validate(ForgotPasswordInput, request.body));
    return { status: MESSAGES.resetLinkSent };
  });

  // Not a Laravel route, beside the Laravel one: the reset screen asks whether its link is an
  // invitation (its wording) and still valid, before the person types a password.
  app.get('/api/reset-password/:token', async (request) => {
    const { token } = request.params as { token: string };
    const { email } = request.query as { email?: unknown };
    return { data: await auth.describeResetLink(validate(ResetLinkQuery, { token, email })) };
  });

  app.post('/api/reset-password', async (request) => {
    await auth.resetPassword(validate(ResetPasswordInput, request.body), requestOrigin(request));
    return { status: MESSAGES.passwordReset };
  });
}
