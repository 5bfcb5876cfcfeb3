import {
  CreatePasskeyInput,
  PasskeyLoginInput,
  PasskeyOptionsInput,
  RenamePasskeyInput,
} from '@gestor/shared';
import type { FastifyInstance, preHandlerHookHandler } from 'fastify';
import type { Database } from '../../db/client';
import { validate } from '../../lib/validate';
import { ACCOUNT_ROUTE } from '../../plugins/auth';
import { requestOrigin } from '../activity/security-events';
import type { KnownDevices } from '../auth/known-devices';
import { REMEMBER_LIFETIME_MINUTES } from '../auth/session-store';
import { createPasskeyService } from './passkey-service';
import type { RelyingParty } from './relying-party';

// Passkeys (issue 21, decision 036): WebAuthn credentials added in "Mi cuenta" and used to sign in
// with no password ("Acceder con llave de acceso"): the authenticator checks the person (a PIN, a
// fingerprint: user verification is required), so a passkey counts as two factors. The relying party
// is APP_URL's host; answers are accepted from APP_URL's and FRONTEND_URL's origins.

/**
 * WebAuthn refuses an IP address as relying party: a route that asks for or checks a passkey's answer
 * says so (503) before it reads anything. Callback-style: no promise per request (decision 042).
 */
export const requireWebAuthnDomain =
  (relyingParty: RelyingParty): preHandlerHookHandler =>
  (_request, _reply, done) => {
    relyingParty.requireDomain();
    done();
  };

export function passkeyRoutes(
  app: FastifyInstance,
  {
    database,
    appName,
    relyingParty,
    devices,
  }: { database: Database; appName: string; relyingParty: RelyingParty; devices: KnownDevices },
) {
  const passkeys = createPasskeyService({ database, appName, relyingParty });
  const WEBAUTHN = { config: ACCOUNT_ROUTE, preHandler: requireWebAuthnDomain(relyingParty) };

  app.get('/api/user/passkeys', { config: ACCOUNT_ROUTE }, async (request) => ({
    data: await passkeys.list(request.authUser().id),
  }));

  app.post('/api/user/passkeys/options', WEBAUTHN, async (request) => {
    const user = request.authUser();
    const input = validate(PasskeyOptionsInput, request.body);
    return { data: await passkeys.registrationOptions(user, input) };
  });

  app.post('/api/user/passkeys', WEBAUTHN, async (request, reply) => {
    const user = request.authUser();
    const input = validate(CreatePasskeyInput, request.body);
    const data = await passkeys.register(user, input, requestOrigin(request), request.log);
    return reply.code(201).send({ data });
  });

  app.patch('/api/user/passkeys/:id', { config: ACCOUNT_ROUTE }, async (request) => {
    const user = request.authUser();
    const { id } = request.params as { id: string };
    const input = validate(RenamePasskeyInput, request.body);
    return { data: await passkeys.rename(user.id, id, input) };
  });

  app.delete('/api/user/passkeys/:id', { config: ACCOUNT_ROUTE }, async (request, reply) => {
    const user = request.authUser();
    const { id } = request.params as { id: string };
    await passkeys.remove(user, id, requestOrigin(request));
    return reply.code(204).send();
  });

  // Signing in: the browser is asked for any passkey of this site (a discoverable credential), so the
  // person types nothing; the answer names the credential, and so the person.
  // A guest's, never an API token's: a token starts no session (decision 037).
  const GUEST = { config: { sessionOnly: true }, preHandler: requireWebAuthnDomain(relyingParty) } as const;

  app.post('/api/passkeys/login-options', GUEST, async () => ({ data: await passkeys.loginOptions() }));

  app.post('/api/passkeys/login', GUEST, async (request, reply) => {
    const input = validate(PasskeyLoginInput, request.body);
    const userId = await passkeys.signIn(input, requestOrigin(request), request.log);
    await reply.startSession(userId, input.remember ? REMEMBER_LIFETIME_MINUTES : undefined);
    await devices.signedIn(request, reply, userId);
    return reply.code(204).send();
  });
}
