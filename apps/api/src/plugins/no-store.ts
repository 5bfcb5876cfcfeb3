import fp from 'fastify-plugin';

// What the API answers is someone's data (DESIGN.md §3 "Robustness"): no browser cache, shared proxy
// or back/forward cache may keep it, so after signing out it cannot be read back from a disk cache.
// Every /api/ and /sanctum/ answer, errors and 401s included, carries `Cache-Control: no-store`
// unless its route chose otherwise.

/** Whether a request URL is the API's (the JSON contract) rather than the SPA's. */
export function isApiUrl(url: string): boolean {
  return /^\/(?:api|sanctum)(?:[/?#]|$)/.test(url);
}

export default fp(
  async (app) => {
    app.addHook('onSend', (request, reply, _payload, done) => {
      if (isApiUrl(request.url) && !reply.hasHeader('cache-control'))
        reply.header('cache-control', 'no-store');
      done();
    });
  },
  { name: 'no-store' },
);
