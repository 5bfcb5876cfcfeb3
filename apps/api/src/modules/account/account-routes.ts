import { ConfirmEmailInput, MESSAGES, UpdatePasswordInput, UpdateProfileInput } from '@gestor/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../config/config';
import type { Database } from '../../db/client';
import type { Mailer } from '../../lib/mailer';
import { validate } from '../../lib/validate';
import { ACCOUNT_ROUTE } from '../../plugins/auth';
import { requestOrigin } from '../activity/security-events';
import { createAccountService } from './account-service';

// "Mi cuenta" (issue 21, decision 034): the signed-in person's own name, email, password and sessions.
// Fortify's routes under the /api prefix; every one is for a browser session, never an API token.

export function accountRoutes(
  app: FastifyInstance,
  deps: { database: Database; config: Pick<Config, 'appKey' | 'appName' | 'frontendUrl'>; mailer: Mailer },
) {
  const account = createAccountService(deps);

  /** The session of this request: a signed-in one, as `auth: true` has made sure. */
  const currentKey = (request: FastifyRequest) => request.session!.key;

  app.put('/api/user/profile-information', { config: ACCOUNT_ROUTE }, async (request) => {
    const user = request.authUser();
    const input = validate(UpdateProfileInput, request.body);
    const { newEmail } = await account.updateProfile(user, input, requestOrigin(request), request.log);
    return { status: newEmail ? MESSAGES.emailChangeSent(newEmail) : MESSAGES.profileUpdated };
  });

  app.get('/api/user/email-change', { config: ACCOUNT_ROUTE }, async (request) => ({
    data: await account.pendingEmailChange(request.authUser().id),
  }));

  app.delete('/api/user/email-change', { config: ACCOUNT_ROUTE }, async (request, reply) => {
    await account.cancelEmailChange(request.authUser().id);
    return reply.code(204).send();
  });

  app.post('/api/user/confirm-email', { config: ACCOUNT_ROUTE }, async (request) => {
    const user = request.authUser();
    const { token } = validate(ConfirmEmailInput, request.body);
    const email = await account.confirmEmailChange(user, token, requestOrigin(request));
    return { status: MESSAGES.emailChanged(email) };
  });

  app.put('/api/user/password', { config: ACCOUNT_ROUTE }, async (request) => {
    const user = request.authUser();
    const input = validate(UpdatePasswordInput, request.body);
    await account.changePassword(user, input, currentKey(request), requestOrigin(request));
    return { status: MESSAGES.passwordUpdated };
  });

  app.get('/api/user/sessions', { config: ACCOUNT_ROUTE }, async (request) => ({
    data: await account.listSessions(request.authUser().id, currentKey(request)),
  }));

  app.delete('/api/user/sessions/:id', { config: ACCOUNT_ROUTE }, async (request, reply) => {
    const user = request.authUser();
    const { id } = request.params as { id: string };
    await account.endSession(user, id, currentKey(request), requestOrigin(request));
    return reply.code(204).send();
  });

  app.delete('/api/user/other-sessions', { config: ACCOUNT_ROUTE }, async (request, reply) => {
    await account.endOtherSessions(request.authUser(), currentKey(request), requestOrigin(request));
    return reply.code(204).send();
  });
}
