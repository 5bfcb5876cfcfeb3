import type { IncomingMessage } from 'node:http';
import fp from 'fastify-plugin';

// request.clientAddress: the client's address in its one spelling, as lib/client-address.ts reads it
// behind TRUST_PROXY (decision 039). Every limiter and log reads this, never request.ip, which keeps
// whatever spelling the header or the socket had (`::ffff:10.9.9.9`, `010.9.9.9`).

declare module 'fastify' {
  interface FastifyRequest {
    clientAddress: string;
  }
}

export default fp<{ clientAddress: (request: IncomingMessage) => string }>(
  async (app, { clientAddress }) => {
    app.decorateRequest('clientAddress', {
      getter() {
        return clientAddress(this.raw);
      },
    });
  },
  { name: 'client-address' },
);
