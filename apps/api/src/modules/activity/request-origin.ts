import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyRequest, preHandlerHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { type RequestOrigin, requestOrigin } from './security-events';

// The security log records where a change came from (decision 031). The writes that record one (a
// role's permissions, a user's roles) run deep in the resource machinery, which knows the actor but
// not the request; rather than thread the address through every area's write, each request's origin
// is kept for the work it starts, as Node's AsyncLocalStorage does for request-scoped values.
//
// On Node 20 an AsyncLocalStorage that has run installs promise hooks for the whole process, and
// they stay until it is disabled: every `await` of every request then costs about three times as
// much (decision 042). So the origin is kept only for the requests that may write (not GET, HEAD or
// OPTIONS: reads record no security event), and the storage is disabled again as soon as no such
// request is in flight, so reading traffic runs without the hooks.

const origins = new AsyncLocalStorage<RequestOrigin>();
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Writes whose handler is running inside `origins`; the hooks are on while this is above zero. */
let inFlight = 0;

/** The address and browser of the request being handled; null outside one (the command line, a read). */
export function currentOrigin(): RequestOrigin | null {
  return origins.getStore() ?? null;
}

/** Whether the storage's promise hooks are on, i.e. a writing request is being handled (tests). */
export function originTracking(): boolean {
  return inFlight > 0;
}

const settle = () => {
  inFlight--;
  // disable() turns the process's promise hooks off once no storage needs them; a later write's
  // run() turns them on again.
  if (inFlight === 0) origins.disable();
};

/**
 * Entered at preHandler, once the body has been read: the handler and everything it awaits run
 * inside (a body parser's stream events would otherwise have lost an earlier context). Left when the
 * answer has gone or the connection has closed, whichever comes first.
 */
const enter: preHandlerHookHandler = (request: FastifyRequest, reply, done) => {
  inFlight++;
  let left = false;
  const leave = () => {
    if (left) return;
    left = true;
    settle();
  };
  reply.raw.once('finish', leave);
  reply.raw.once('close', leave);
  origins.run(requestOrigin(request), done);
};

export const requestOriginPlugin = fp(
  async (app) => {
    // Route by route, so a read's route carries no such hook at all.
    app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      if (methods.every((method) => READS.has(method))) return;
      const own = route.preHandler;
      route.preHandler = [...(Array.isArray(own) ? own : own ? [own] : []), enter];
    });
  },
  { name: 'request-origin' },
);
