import { API_TOKEN_MESSAGES, type AuthUser, type Permission } from '@gestor/shared';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden, unauthenticated } from '../lib/http-errors';

// Who is asking, and may they? Routes declare it in their config:
//   { config: { auth: true } }                  → 401 without a signed-in user
//   { config: { permission: 'user.view' } }     → 401, then 403 without the permission
//   { config: { sessionOnly: true } }           → 403 for an API token's request (decision 037)
// docs/http-api.md: the server checks every request; the SPA only hides what the user may not do.

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: boolean;
    /**
     * The account's own security (password, email, two-factor, passkeys, tokens, sessions): only a
     * signed-in browser session may use the route, never an API token (issue 21, decision 037).
     */
    sessionOnly?: boolean;
    permission?: Permission | ((request: FastifyRequest) => Permission);
  }
  interface FastifyRequest {
    /** The signed-in user of this request's session, or null. */
    readonly user: AuthUser | null;
    /** The signed-in user; throws 401 when there is none. */
    authUser(): AuthUser;
    can(permission: Permission): boolean;
  }
}

/** The account's own security routes (Mi cuenta, two-factor, passkeys, tokens): signed in, by a browser. */
export const ACCOUNT_ROUTE = { auth: true, sessionOnly: true } as const;

export default fp(
  async (app) => {
    app.decorateRequest('user', {
      getter(this: FastifyRequest) {
        // A bearer request has no session (plugins/api-tokens.ts): its user is the token's owner, with
        // only the permissions both the token and the owner hold.
        return this.session?.user ?? this.apiToken?.user ?? null;
      },
    });
    app.decorateRequest('authUser', function (this: FastifyRequest) {
      const user = this.user;
      if (!user) throw unauthenticated();
      return user;
    });
    app.decorateRequest('can', function (this: FastifyRequest, permission: Permission) {
      return this.user?.permissions.includes(permission) ?? false;
    });

    // Callback-style (a throw here reaches the error handler as done(error) would): nothing to wait
    // for, so no promise per request (decision 042).
    app.addHook('preHandler', (request, _reply, done) => {
      const { auth, permission, sessionOnly } = request.routeOptions.config;
      if (sessionOnly && request.apiToken) throw forbidden(API_TOKEN_MESSAGES.sessionOnly);
      if (auth || permission) {
        request.authUser();
        if (permission) {
          const needed = typeof permission === 'function' ? permission(request) : permission;
          if (!request.can(needed)) throw forbidden();
        }
      }
      done();
    });
  },
  { name: 'auth', dependencies: ['session', 'api-tokens'] },
);
