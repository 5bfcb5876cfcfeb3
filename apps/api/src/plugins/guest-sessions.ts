import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { LoadedSession } from './session-contract';

// A visitor who has not signed in needs a session only for its CSRF token (Sanctum's csrf-cookie,
// then login, forgot-password or reset). Storing one row per visitor made every anonymous request a
// database write, which slowed signed-in traffic and let anyone fill the sessions table (decision
// 007). So a guest session is not stored: its id is signed under APP_KEY and carries when it was
// issued, and its CSRF token is derived from it. Signing in replaces it with a stored session.

const RANDOM_BYTES = 24;
const MAC_BYTES = 16;
const ID_BYTES = RANDOM_BYTES + 4 + MAC_BYTES;

const guestSession = (csrfToken: string, lifetimeMinutes: number, issuedAt: Date): LoadedSession => ({
  key: '',
  guest: true,
  userId: null,
  csrfToken,
  lifetimeMinutes,
  lastActivity: issuedAt,
  user: null,
});

export function createGuestSessions(appKey: Buffer) {
  const mac = (body: Buffer) =>
    createHmac('sha256', appKey).update('gestor:guest-session:').update(body).digest().subarray(0, MAC_BYTES);
  const csrfOf = (random: Buffer) =>
    createHmac('sha256', appKey)
      .update('gestor:guest-csrf:')
      .update(random)
      .digest()
      .subarray(0, 30)
      .toString('base64url');

  return {
    /** A new guest session: its cookie id, and the session as read() would return it. */
    issue(lifetimeMinutes: number): { id: string; session: LoadedSession } {
      const random = randomBytes(RANDOM_BYTES);
      const issuedAt = Math.floor(Date.now() / 1000);
      const issued = Buffer.alloc(4);
      issued.writeUInt32BE(issuedAt);
      const body = Buffer.concat([random, issued]);
      return {
        id: Buffer.concat([body, mac(body)]).toString('base64url'),
        session: guestSession(csrfOf(random), lifetimeMinutes, new Date(issuedAt * 1000)),
      };
    },

    /** The guest session a cookie id names, if it is one of ours and has not expired; else null. */
    read(id: string, lifetimeMinutes: number): LoadedSession | null {
      if (id.length !== Math.ceil((ID_BYTES * 4) / 3)) return null;
      const bytes = Buffer.from(id, 'base64url');
      if (bytes.length !== ID_BYTES) return null;
      const body = bytes.subarray(0, RANDOM_BYTES + 4);
      if (!timingSafeEqual(bytes.subarray(RANDOM_BYTES + 4), mac(body))) return null;
      const issuedAt = new Date(body.readUInt32BE(RANDOM_BYTES) * 1000);
      if (issuedAt.getTime() + lifetimeMinutes * 60_000 <= Date.now()) return null;
      return guestSession(csrfOf(body.subarray(0, RANDOM_BYTES)), lifetimeMinutes, issuedAt);
    },
  };
}

export type GuestSessions = ReturnType<typeof createGuestSessions>;
