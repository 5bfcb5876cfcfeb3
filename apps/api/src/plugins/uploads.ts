import multipart from '@fastify/multipart';
import { MESSAGES } from '@gestor/shared';
import fp from 'fastify-plugin';
import { HttpError } from '../lib/http-errors';

// Decision 008: multipart bodies are read only by the routes of areas whose records are files, which
// say so with `config: { acceptsMultipart: true }`. Any other route keeps answering a multipart body
// with the JSON 415 it gives every content type it does not read.

declare module 'fastify' {
  interface FastifyContextConfig {
    acceptsMultipart?: boolean;
  }
}

export default fp(
  async (app) => {
    await app.register(multipart);
    // Callback-style: nothing to wait for, so no promise per request (decision 042).
    app.addHook('preValidation', (request, _reply, done) => {
      if (request.isMultipart() && !request.routeOptions.config.acceptsMultipart) {
        done(new HttpError(415, MESSAGES.unsupportedMediaType));
        return;
      }
      done();
    });
  },
  { name: 'uploads' },
);
