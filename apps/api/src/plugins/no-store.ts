import { PUBLIC_API_PREFIX } from '@gestor/shared';
import fp from 'fastify-plugin';

// What the API answers is someone's data (docs/http-api.md#errors): no browser cache, shared proxy
// or back/forward cache may keep it, so after signing out it cannot be read back from a disk cache.
// Every /api/ and /sanctum/ answer, errors and 401s included, carries `Cache-Control: no-store`
// unless its route chose otherwise. The public read API is not someone's data: it is left out (its
// answering routes, which are, set no-store themselves: modules/tests/answering-routes.ts).

/** Whether a request URL is the API's (the JSON contract) rather than the SPA's. */
export function isApiUrl(url: string): boolean {
  return /^\/(?:api|sanctum)(?:[/?#]|$)/.test(url);
}

/**
 * Whether a request URL is the public read API's (docs/public-api.md): anyone's, cacheable, no session. Its
 * own layer sets Cache-Control there (a preview sets no-store itself).
 */
export function isPublicApiUrl(url: string): boolean {
  if (!url.startsWith(PUBLIC_API_PREFIX)) return false;
  const next = url.charCodeAt(PUBLIC_API_PREFIX.length);
  // End, '/', '?' or '#'.
  return Number.isNaN(next) || next === 47 || next === 63 || next === 35;
}

export default fp(
  async (app) => {
    app.addHook('onSend', (request, reply, _payload, done) => {
      if (isApiUrl(request.url) && !isPublicApiUrl(request.url) && !reply.hasHeader('cache-control'))
        reply.header('cache-control', 'no-store');
      done();
    });
  },
  { name: 'no-store' },
);
