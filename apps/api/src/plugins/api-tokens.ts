import type { AuthUser } from '@gestor/shared';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { bearerCredential } from '../lib/bearer';
import { unauthenticated } from '../lib/http-errors';
import { isPublicApiUrl } from './no-store';

// Sanctum's second guard (issue 21, decision 037): a request to /api with `Authorization: Bearer
// <token>` is authenticated by the token alone. It reads no session cookie and sets none (the session
// plugin leaves it alone), so it needs no CSRF token: a browser never adds this header by itself.
// A bad, revoked or expired token is a 401 whatever the route, never a silent guest.

/** A token that opens the API: its id and its owner (modules/api-tokens/token-store.ts finds it). */
export interface ResolvedToken {
  id: number;
  /** The owner, with `permissions` = the token's abilities ∩ the owner's current permissions. */
  user: AuthUser;
}

/** How the plugin finds a token (modules/api-tokens/token-store.ts): null when none opens the API. */
export interface TokenLookup {
  find(credential: string): Promise<ResolvedToken | null>;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The API token this request came with, or null (a session's request, or a guest's). */
    apiToken: ResolvedToken | null;
  }
}

/** Whether a request is a bearer one to the admin API (the public read API takes no tokens). */
export function isBearerApiRequest(request: FastifyRequest): boolean {
  return (
    request.url.startsWith('/api/') && !isPublicApiUrl(request.url) && bearerCredential(request) !== null
  );
}

export default fp(
  async (app, { tokens }: { tokens: TokenLookup }) => {
    app.decorateRequest('apiToken', null);
    const authenticate = async (request: FastifyRequest) => {
      const token = await tokens.find(bearerCredential(request) ?? '');
      if (!token) throw unauthenticated();
      request.apiToken = token;
    };
    // A session's request (most of them) passes without a promise; only a bearer one waits for its
    // token (decision 042).
    app.addHook('onRequest', (request, _reply, done) => {
      if (request.is404 || !isBearerApiRequest(request)) {
        done();
        return;
      }
      authenticate(request).then(() => done(), done);
    });
  },
  { name: 'api-tokens', dependencies: ['session'] },
);
