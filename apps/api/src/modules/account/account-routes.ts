import { createHash } from 'node:crypto';
import {
  type AccountSession,
  describeUserAgent,
  MESSAGES,
  UpdatePasswordInput,
  UpdateProfileInput,
} from '@gestor/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../../db/client';
import { notFound, ValidationError } from '../../lib/http-errors';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { validate } from '../../lib/validate';
import { recordSecurityEvent, requestOrigin } from '../activity/security-events';
import { createAuthRepository } from '../auth/auth-repository';
import { auditUser, PASSWORD_CHANGED } from '../users/user-audit';

// "Mi cuenta" (issue 21, decision 034): the signed-in person's own name, password and sessions.
// Fortify's routes under the /api prefix; every one is for a browser session, never an API token.

const ACCOUNT = { auth: true, sessionOnly: true } as const;

/** What the sessions list calls a session: a hash of its stored key, so neither cookie nor key leaves. */
const sessionHandle = (key: string) => createHash('sha256').update(key).digest('hex').slice(0, 32);

interface SessionRow {
  id: string;
  ip_address: string | null;
  user_agent: string | null;
  last_activity: Date;
  created_at: Date;
}

export function accountRoutes(app: FastifyInstance, { database }: { database: Database }) {
  const repository = createAuthRepository(database);

  /** The session of this request: a signed-in one, as `auth: true` has made sure. */
  const currentKey = (request: FastifyRequest) => request.session!.key;

  /** The live sessions of a person, newest activity first. */
  const liveSessions = (userId: number) =>
    database.query<SessionRow>(
      `SELECT id, ip_address, user_agent, last_activity, created_at FROM sessions
        WHERE user_id = $1 AND last_activity > now() - make_interval(mins => lifetime_minutes)
        ORDER BY last_activity DESC, created_at DESC`,
      [userId],
    );

  app.put('/api/user/profile-information', { config: ACCOUNT }, async (request) => {
    const user = request.authUser();
    const input = validate(UpdateProfileInput, request.body);
    if (input.name !== user.name) {
      await database.transaction(async (tx) => {
        const [before] = await tx.query<{ name: string }>('SELECT name FROM users WHERE id = $1 FOR UPDATE', [
          user.id,
        ]);
        if (!before || before.name === input.name) return;
        await tx.query('UPDATE users SET name = $2, updated_at = now() WHERE id = $1', [user.id, input.name]);
        await auditUser(tx, { id: user.id, name: input.name }, user.id, 'updated', {
          name: { from: before.name, to: input.name },
        });
        await recordSecurityEvent(tx, {
          kind: 'profile_changed',
          user: { id: user.id, name: input.name, email: user.email },
          origin: requestOrigin(request),
          details: { fields: ['name'] },
        });
      });
    }
    return { status: MESSAGES.profileUpdated };
  });

  // Fortify's UpdateUserPassword, with Laravel's logoutOtherDevices: the current session stays.
  app.put('/api/user/password', { config: ACCOUNT }, async (request) => {
    const user = request.authUser();
    const input = validate(UpdatePasswordInput, request.body);
    // A stolen session must not try passwords at will: the login's throttle, per account.
    const throttle = `password-confirm|${user.id}`;
    const wait = await repository.takeAttempt(throttle);
    if (wait > 0) {
      throw ValidationError.field('current_password', MESSAGES.throttled(wait), 429, {
        'Retry-After': String(wait),
      });
    }
    const [stored] = await database.query<{ password: string | null }>(
      'SELECT password FROM users WHERE id = $1',
      [user.id],
    );
    if (!(await verifyPassword(stored?.password ?? null, input.current_password))) {
      throw ValidationError.field('current_password', MESSAGES.wrongCurrentPassword);
    }
    await repository.clearThrottle(throttle);
    const hash = await hashPassword(input.password);
    const key = currentKey(request);
    await database.transaction(async (tx) => {
      await createAuthRepository(tx).setPassword(user.id, hash);
      await tx.query('DELETE FROM sessions WHERE user_id = $1 AND id <> $2', [user.id, key]);
      await auditUser(tx, { id: user.id, name: user.name }, user.id, 'updated', PASSWORD_CHANGED);
      await recordSecurityEvent(tx, {
        kind: 'password_changed',
        user: { id: user.id, name: user.name, email: user.email },
        origin: requestOrigin(request),
      });
    });
    return { status: MESSAGES.passwordUpdated };
  });

  app.get('/api/user/sessions', { config: ACCOUNT }, async (request) => {
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
      await tx.query('DELETE FROM sessions WHERE user_id = $1 AND id = ANY($2::text[])', [
        user.id,
        ended.map((row) => row.id),
      ]);
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

  app.delete('/api/user/sessions/:id', { config: ACCOUNT }, async (request, reply) => {
    const { id } = request.params as { id: string };
    if (sessionHandle(currentKey(request)) === id) {
      throw ValidationError.field('id', MESSAGES.endCurrentSessionWithLogout);
    }
    const count = await endSessions(request, (row) => sessionHandle(row.id) === id);
    if (count === 0) throw notFound();
    return reply.code(204).send();
  });

  app.delete('/api/user/other-sessions', { config: ACCOUNT }, async (request, reply) => {
    await endSessions(request, () => true);
    return reply.code(204).send();
  });
}
