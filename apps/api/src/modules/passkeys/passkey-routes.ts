import {
  CreatePasskeyInput,
  MESSAGES,
  PASSKEYS_PER_USER,
  PasskeyLoginInput,
  PasskeyOptionsInput,
  RenamePasskeyInput,
} from '@gestor/shared';
import {
  type AuthenticationResponseJSON,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type { FastifyInstance } from 'fastify';
import type { Connection, Database } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { rateKey } from '../../lib/client-address';
import { notFound, ValidationError } from '../../lib/http-errors';
import { validate } from '../../lib/validate';
import { ACCOUNT_ROUTE } from '../../plugins/auth';
import { createPasswordCheck } from '../account/password-check';
import { recordSecurityEvent, requestOrigin } from '../activity/security-events';
import { createAuthRepository } from '../auth/auth-repository';
import type { KnownDevices } from '../auth/known-devices';
import { REMEMBER_LIFETIME_MINUTES } from '../auth/session-store';
import { takeAttemptOrRefuse } from '../auth/throttle';
import { CHALLENGE_SECONDS } from './challenges';
import { createPasskeyStore } from './passkey-store';
import {
  NOT_CHECKED,
  type PasskeyRow,
  presentPasskey,
  type RelyingParty,
  transportsOf,
} from './relying-party';

// Passkeys (issue 21, decision 036): WebAuthn credentials added in "Mi cuenta" and used to sign in
// with no password ("Acceder con llave de acceso"): the authenticator checks the person (a PIN, a
// fingerprint: user verification is required), so a passkey counts as two factors. The relying party
// is APP_URL's host; answers are accepted from APP_URL's and FRONTEND_URL's origins.

const TOO_MANY_PASSKEYS = `Puede tener como mucho ${PASSKEYS_PER_USER} llaves de acceso: elimine alguna antes de añadir otra.`;

export function passkeyRoutes(
  app: FastifyInstance,
  {
    database,
    appName,
    relyingParty,
    devices,
  }: { database: Database; appName: string; relyingParty: RelyingParty; devices: KnownDevices },
) {
  const { challenges, checked, origins, requireDomain, rpID, userHandle } = relyingParty;
  const confirmPassword = createPasswordCheck(database);
  const repository = createAuthRepository(database);
  const store = createPasskeyStore(database);

  const ownPasskeys = (userId: number) => relyingParty.passkeysOf(userId);

  async function ownPasskey(userId: number, rawId: string, conn: Connection = database) {
    const id = Number(rawId);
    if (!Number.isSafeInteger(id) || id < 1) throw notFound();
    const row = await store.owned(userId, id, conn);
    if (!row) throw notFound();
    return row;
  }

  app.get('/api/user/passkeys', { config: ACCOUNT_ROUTE }, async (request) => ({
    data: (await ownPasskeys(request.authUser().id)).map(presentPasskey),
  }));

  // Adding a passkey gives a way in that needs no password: the password is asked first, so a session
  // left open is not enough to add one.
  app.post('/api/user/passkeys/options', { config: ACCOUNT_ROUTE }, async (request) => {
    requireDomain();
    const user = request.authUser();
    const input = validate(PasskeyOptionsInput, request.body);
    await confirmPassword(user.id, input.current_password, 'current_password', MESSAGES.wrongCurrentPassword);
    const existing = await ownPasskeys(user.id);
    if (existing.length >= PASSKEYS_PER_USER) {
      throw ValidationError.field('current_password', TOO_MANY_PASSKEYS);
    }
    const options = await generateRegistrationOptions({
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
    return { data: options };
  });

  app.post('/api/user/passkeys', { config: ACCOUNT_ROUTE }, async (request, reply) => {
    requireDomain();
    const user = request.authUser();
    const input = validate(CreatePasskeyInput, request.body);
    let challenge = '';
    const { registrationInfo } = await checked(request.log, async () => {
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
        if (!(await challenges.spend(tx, challenge))) throw ValidationError.field('credential', NOT_CHECKED);
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
          origin: requestOrigin(request),
          details: { name: input.name },
        });
        return inserted;
      });
      return reply.code(201).send({ data: presentPasskey(row) });
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw ValidationError.field('credential', 'Esta llave de acceso ya está añadida.');
      }
      throw error;
    }
  });

  app.patch('/api/user/passkeys/:id', { config: ACCOUNT_ROUTE }, async (request) => {
    const user = request.authUser();
    const { id } = request.params as { id: string };
    const input = validate(RenamePasskeyInput, request.body);
    const row = await ownPasskey(user.id, id);
    const renamed = await store.rename(user.id, row.id, input.name);
    if (!renamed) throw notFound();
    return { data: presentPasskey(renamed) };
  });

  app.delete('/api/user/passkeys/:id', { config: ACCOUNT_ROUTE }, async (request, reply) => {
    const user = request.authUser();
    const { id } = request.params as { id: string };
    const row = await ownPasskey(user.id, id);
    await database.transaction(async (tx) => {
      if (!(await store.remove(tx, user.id, row.id))) throw notFound();
      await recordSecurityEvent(tx, {
        kind: 'passkey_removed',
        user: { id: user.id, name: user.name, email: user.email },
        origin: requestOrigin(request),
        details: { name: row.name },
      });
    });
    return reply.code(204).send();
  });

  // Signing in: the browser is asked for any passkey of this site (a discoverable credential), so the
  // person types nothing; the answer names the credential, and so the person.
  // A guest's, never an API token's: a token starts no session (decision 037).
  const GUEST = { sessionOnly: true } as const;

  app.post('/api/passkeys/login-options', { config: GUEST }, async () => {
    requireDomain();
    return { data: await relyingParty.requestOptions('login') };
  });

  app.post('/api/passkeys/login', { config: GUEST }, async (request, reply) => {
    requireDomain();
    const input = validate(PasskeyLoginInput, request.body);
    const origin = requestOrigin(request);
    // The sign-in's limiter, per address (an IPv6 client by its /64): each refused answer counts, as a
    // refused password does.
    const throttle = `passkey|${rateKey(origin.ip ?? '')}`;
    await takeAttemptOrRefuse(repository, throttle, 'credential');
    const assertion = await relyingParty.check(
      request.log,
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
    await reply.startSession(account.id, input.remember ? REMEMBER_LIFETIME_MINUTES : undefined);
    await devices.signedIn(request, reply, account.id);
    return reply.code(204).send();
  });
}
