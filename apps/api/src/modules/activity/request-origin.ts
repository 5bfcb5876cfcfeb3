import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type RequestOrigin, requestOrigin } from './security-events';

// The security log records where a change came from (decision 031). The writes that record one (a
// role's permissions, a user's roles) run deep in the resource machinery, which knows the actor but
// not the request; rather than thread the address through every area's write, each request's origin
// is kept for the work it starts, as Node's AsyncLocalStorage does for request-scoped values.

const origins = new AsyncLocalStorage<RequestOrigin>();

/** The address and browser of the request being handled; null outside one (the command line). */
export function currentOrigin(): RequestOrigin | null {
  return origins.getStore() ?? null;
}

/**
 * Entered at preHandler, once the body has been read: the handler and everything it awaits run
 * inside (a body parser's stream events would otherwise have lost an earlier context).
 */
export const requestOriginPlugin = fp(
  async (app) => {
    app.addHook('preHandler', (request: FastifyRequest, _reply, done) => {
      origins.run(requestOrigin(request), done);
    });
  },
  { name: 'request-origin' },
);
