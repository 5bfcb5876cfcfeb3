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
    app.addHook('preValidation', async (request) => {
      if (request.isMultipart() && !request.routeOptions.config.acceptsMultipart) {
        throw new HttpError(415, MESSAGES.unsupportedMediaType);
      }
    });
  },
  { name: 'uploads' },
);
