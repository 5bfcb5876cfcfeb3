import { describeUserAgent } from '@gestor/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config/config';
import type { Database } from '../../db/client';
import type { Mailer } from '../../lib/mailer';
import { keyedHash, randomToken } from '../../lib/tokens';
import { requestOrigin } from '../activity/security-events';
import { newDeviceMail } from './auth-mails';

// Issue 21, "Nuevo inicio de sesión en Gestor" (decision 034): a browser is named by a random value
// in a long-lived cookie of its own, which outlives sign-outs and the session. A completed sign-in
// from a browser the person has not signed in from before is told to them by mail, unless it is the
// account's very first one (an invitation's first sign-in, or the first after this feature arrived):
// that one would only be noise.

/** How long a browser's cookie lasts: the most a browser keeps a cookie (RFC 6265bis, 400 days). */
const DEVICE_COOKIE_DAYS = 400;
/** How many browsers are remembered per person; the least recently seen is forgotten first. */
export const KNOWN_DEVICES_PER_USER = 50;
const DEVICE_ID = /^[A-Za-z0-9_-]{43}$/;

type Log = { error(obj: object, msg: string): void };

export function createKnownDevices({
  database,
  config,
  mailer,
  log,
}: {
  database: Database;
  config: Pick<Config, 'appKey' | 'appName' | 'frontendUrl' | 'session'>;
  mailer: Mailer;
  log: Log;
}) {
  const cookieName = `${config.session.cookieName.replace(/_session$/, '')}_device`;

  /** This browser's id: the one its cookie carries, or a new one set now. */
  function deviceId(request: FastifyRequest, reply: FastifyReply): string {
    const carried = request.cookies[cookieName];
    if (carried && DEVICE_ID.test(carried)) return carried;
    const id = randomToken(32);
    reply.setCookie(cookieName, id, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: config.session.secure,
      maxAge: DEVICE_COOKIE_DAYS * 86_400,
      ...(config.session.domain ? { domain: config.session.domain } : {}),
    });
    return id;
  }

  return {
    /**
     * Whether this browser has completed a sign-in to the account before (its cookie names a device
     * the account keeps). Sets no cookie: asking is not signing in.
     */
    async isKnown(request: FastifyRequest, userId: number): Promise<boolean> {
      const carried = request.cookies[cookieName];
      if (!carried || !DEVICE_ID.test(carried)) return false;
      const rows = await database.query(
        'SELECT 1 FROM known_devices WHERE user_id = $1 AND device_hash = $2',
        [userId, keyedHash(config.appKey, `device|${carried}`)],
      );
      return rows.length > 0;
    },

    /**
     * Call once a sign-in has completed (a session now belongs to the user). Remembers this browser
     * for the person and, when it is new to an account that had signed in elsewhere before, mails
     * them after the response; a mail that cannot be sent is logged, never the sign-in's failure.
     */
    async signedIn(request: FastifyRequest, reply: FastifyReply, userId: number): Promise<void> {
      const hash = keyedHash(config.appKey, `device|${deviceId(request, reply)}`);
      const { ip, userAgent } = requestOrigin(request);
      const user = await database.transaction(async (tx) => {
        const inserted = await tx.query<{ id: string }>(
          `INSERT INTO known_devices (user_id, device_hash, user_agent, ip) VALUES ($1, $2, $3, $4)
           ON CONFLICT (user_id, device_hash) DO NOTHING RETURNING id`,
          [userId, hash, userAgent, ip],
        );
        if (inserted.length === 0) {
          await tx.query(
            `UPDATE known_devices SET last_seen_at = now(), user_agent = $3, ip = $4
              WHERE user_id = $1 AND device_hash = $2`,
            [userId, hash, userAgent, ip],
          );
          return null;
        }
        const [others] = await tx.query<{ others: number }>(
          `SELECT count(*)::int AS others FROM known_devices WHERE user_id = $1 AND id <> $2`,
          [userId, inserted[0]!.id],
        );
        await tx.query(
          `DELETE FROM known_devices WHERE user_id = $1 AND id NOT IN (
             SELECT id FROM known_devices WHERE user_id = $1 ORDER BY last_seen_at DESC, id DESC LIMIT $2)`,
          [userId, KNOWN_DEVICES_PER_USER],
        );
        if (others!.others === 0) return null;
        const [user] = await tx.query<{ name: string; email: string }>(
          'SELECT name, email FROM users WHERE id = $1',
          [userId],
        );
        return user ?? null;
      });
      if (!user) return;
      const mail = newDeviceMail(
        config.appName,
        user,
        { device: describeUserAgent(userAgent), ip, at: new Date() },
        `${config.frontendUrl}/account#sesiones`,
      );
      setImmediate(() => {
        mailer
          .send(mail)
          .catch((error: unknown) =>
            log.error({ err: error }, 'No se pudo enviar el aviso de nuevo inicio de sesión'),
          );
      });
    },
  };
}

export type KnownDevices = ReturnType<typeof createKnownDevices>;
