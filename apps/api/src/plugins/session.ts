import { API_TOKEN_MESSAGES, MESSAGES } from '@gestor/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config/config';
import { HttpError } from '../lib/http-errors';
import { safeEqual } from '../lib/tokens';
import { isBearerApiRequest } from './api-tokens';
import { createGuestSessions } from './guest-sessions';
import { isPublicApiUrl } from './no-store';
import type { LoadedSession, SessionStorage } from './session-contract';

// The Laravel Sanctum SPA contract (docs/http-api.md#sessions-and-csrf): a cookie session for requests
// from stateful origins, a readable XSRF-TOKEN cookie, and a 419 for state-changing requests whose
// X-XSRF-TOKEN header does not match the session's token.

declare module 'fastify' {
  interface FastifyRequest {
    /** The session of this request, or null (no cookie, expired, or not from a stateful origin). */
    session: LoadedSession | null;
  }
  interface FastifyReply {
    /** Replaces the session with a new one (new id, new CSRF token) and sets both cookies. */
    startSession(userId: number | null, lifetimeMinutes?: number): Promise<void>;
    /** Destroys the session server-side; a new guest session with a fresh CSRF token takes its place. */
    endSession(): Promise<void>;
  }
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
// How often the last activity is written back: every request would be one more write per request.
const TOUCH_AFTER_MS = 60_000;

function patternToRegExp(pattern: string): RegExp {
  const escaped = pattern
    .replace(/^https?:\/\//, '')
    .replace(/\/+$/, '')
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${escaped}$`, 'i');
}

/** Sanctum: cookie sessions only for stateful origins (SANCTUM_STATEFUL_DOMAINS), matched on host[:port]. */
export function statefulMatcher(patterns: string[]): (request: FastifyRequest) => boolean {
  const regexps = patterns.map(patternToRegExp);
  const isStatefulSource = (source: string) => {
    try {
      const host = new URL(source).host;
      return regexps.some((re) => re.test(host));
    } catch {
      return false;
    }
  };
  // A browser sends the same Origin on every call: remember the answers (a bounded memo).
  const known = new Map<string, boolean>();
  return (request) => {
    const source = request.headers.origin ?? request.headers.referer;
    if (!source) return false;
    let stateful = known.get(source);
    if (stateful === undefined) {
      stateful = isStatefulSource(source);
      if (known.size >= 1000) known.clear();
      known.set(source, stateful);
    }
    return stateful;
  };
}

export default fp(
  async (app, { config, store }: { config: Config; store: SessionStorage }) => {
    const isStateful = statefulMatcher(config.session.statefulDomains);
    const guests = createGuestSessions(config.appKey);
    const cookieBase = {
      path: '/',
      sameSite: 'lax' as const,
      secure: config.session.secure,
      ...(config.session.domain ? { domain: config.session.domain } : {}),
    };

    const setCookies = (
      reply: FastifyReply,
      id: string | null,
      csrfToken: string,
      lifetimeMinutes: number,
    ) => {
      const maxAge = lifetimeMinutes * 60;
      if (id !== null)
        reply.setCookie(config.session.cookieName, id, { ...cookieBase, httpOnly: true, maxAge });
      reply.setCookie('XSRF-TOKEN', csrfToken, { ...cookieBase, httpOnly: false, maxAge });
    };

    app.decorateRequest('session', null);

    app.decorateReply('startSession', async function (this: FastifyReply, userId, lifetimeMinutes) {
      const request = this.request;
      // A token's request has no session to start or end (decision 037): sign-in, sign-out and the like
      // are for browsers.
      if (isBearerApiRequest(request)) throw new HttpError(403, API_TOKEN_MESSAGES.sessionOnly);
      if (request.session && !request.session.guest) await store.destroy(request.session.key);
      if (userId === null) {
        // A visitor: nothing stored (guest-sessions.ts, decision 007).
        const guest = guests.issue(config.session.lifetimeMinutes);
        request.session = guest.session;
        setCookies(this, guest.id, guest.session.csrfToken, config.session.lifetimeMinutes);
        return;
      }
      const created = await store.create(userId, lifetimeMinutes ?? config.session.lifetimeMinutes, {
        ip: request.clientAddress,
        userAgent: request.headers['user-agent'],
      });
      request.session = {
        key: created.key,
        guest: false,
        userId,
        csrfToken: created.csrfToken,
        lifetimeMinutes: created.lifetimeMinutes,
        lastActivity: new Date(),
        user: null,
      };
      setCookies(this, created.id, created.csrfToken, created.lifetimeMinutes);
    });

    app.decorateReply('endSession', async function (this: FastifyReply) {
      await this.startSession(null, config.session.lifetimeMinutes);
    });

    /** The session is known: kept on the request, and its last activity written back now and then. */
    const settle = (
      request: FastifyRequest,
      reply: FastifyReply,
      id: string,
      session: LoadedSession | null,
    ): Promise<void> | undefined => {
      request.session = session;
      if (session && !session.guest && Date.now() - session.lastActivity.getTime() > TOUCH_AFTER_MS) {
        return store.touch(session.key).then(() => {
          // Sliding expiry: the cookies live as long as the session does.
          setCookies(reply, id, session.csrfToken, session.lifetimeMinutes);
        });
      }
      return undefined;
    };

    const checkCsrf = (request: FastifyRequest) => {
      if (UNSAFE_METHODS.has(request.method) && request.url.startsWith('/api/')) {
        const header = request.headers['x-xsrf-token'];
        const token = Array.isArray(header) ? header[0] : header;
        if (!request.session || !token || !safeEqual(token, request.session.csrfToken)) {
          throw new HttpError(419, MESSAGES.csrfMismatch);
        }
      }
    };

    // Callback-style: a session kept in memory (decision 007) is found without a promise or a turn of
    // the microtask queue; only a read from the database or a touch is waited for (decision 042).
    app.addHook('onRequest', (request, reply, done) => {
      const url = request.url;
      // An unknown address is a 404 whatever the method (as in Laravel, where middleware runs on routes).
      // docs/public-api.md: the public API reads no cookie and sets none, whoever calls it (a write there is
      // no session's: refused as a method, not as a CSRF mismatch, except the answering paths' writes,
      // which a proof of work or an attempt's token authorises, never a session: no CSRF token either).
      // Sanctum's token guard: a bearer request reads no session and needs no CSRF token (plugins/api-tokens.ts).
      if (
        request.is404 ||
        (!url.startsWith('/api/') && !url.startsWith('/sanctum/')) ||
        isPublicApiUrl(url) ||
        isBearerApiRequest(request)
      ) {
        done();
        return;
      }
      const id = request.cookies[config.session.cookieName];
      let pending: Promise<void> | undefined;
      if (id && id.length <= 128 && isStateful(request)) {
        const known = guests.read(id, config.session.lifetimeMinutes) ?? store.cached(id);
        pending =
          known === undefined
            ? store.find(id).then((session) => settle(request, reply, id, session))
            : settle(request, reply, id, known);
      }
      if (!pending) {
        // A throw here reaches the error handler as done(error) would.
        checkCsrf(request);
        done();
        return;
      }
      pending.then(() => checkCsrf(request)).then(() => done(), done);
    });

    // GET /sanctum/csrf-cookie → 204 with the session cookie and XSRF-TOKEN (a guest session if none).
    // As in Sanctum, whose route is in the `web` group, this answers from the session cookie whatever
    // the origin: a visit without Origin/Referer (the address typed in) must not replace, and so end,
    // the session. It returns no data, and CORS keeps a foreign origin from reading the token.
    app.get('/sanctum/csrf-cookie', async (request, reply) => {
      const id = request.cookies[config.session.cookieName];
      const session =
        request.session ??
        (id && id.length <= 128
          ? (guests.read(id, config.session.lifetimeMinutes) ?? (await store.find(id)))
          : null);
      // A guest session past half its life is renewed, so the token the SPA is about to use stays valid.
      const aging =
        session?.guest &&
        Date.now() - session.lastActivity.getTime() > (session.lifetimeMinutes * 60_000) / 2;
      if (session && id && !aging) setCookies(reply, id, session.csrfToken, session.lifetimeMinutes);
      else await reply.startSession(null);
      return reply.code(204).send();
    });
  },
  { name: 'session', dependencies: ['@fastify/cookie'] },
);
