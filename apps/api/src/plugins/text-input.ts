import fp from 'fastify-plugin';
import { refuseNulParameters } from '../lib/validate';

// docs/http-api.md#errors: text with U+0000 is a 422 on its field, never a 500 from PostgreSQL
// (which can neither store nor compare it). Every query string and path parameter is checked here,
// once, before any route reads it, so a route that reads `request.query` by hand is covered too.
// Bodies are checked where they are parsed, by lib/validate.ts's validate() (JSON and multipart text
// fields alike), which names each field by its Spanish label; headers cannot carry U+0000 (Node's
// HTTP parser answers 400 first).

export default fp(
  async (app) => {
    // U+0000 reaches a parameter only as `%00` in the target (the HTTP parser refuses a raw one):
    // every other request passes with one search of its URL, no promise and no allocation.
    app.addHook('onRequest', (request, _reply, done) => {
      if (!request.url.includes('%00')) return done();
      try {
        refuseNulParameters(request.query, request.params);
      } catch (error) {
        return done(error as Error);
      }
      done();
    });
  },
  { name: 'text-input' },
);
