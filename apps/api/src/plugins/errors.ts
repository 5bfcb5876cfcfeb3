import { MESSAGES } from '@gestor/shared';
import type { FastifyError } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError, ValidationError } from '../lib/http-errors';

// Every error body is JSON with a Spanish `message` (DESIGN.md §3); a server fault never shows internals.

const STATUS_MESSAGES: Record<number, string> = {
  400: MESSAGES.invalidJson,
  401: MESSAGES.unauthenticated,
  403: MESSAGES.forbidden,
  404: MESSAGES.routeNotFound,
  405: MESSAGES.methodNotAllowed,
  413: MESSAGES.bodyTooLarge,
  415: MESSAGES.unsupportedMediaType,
  429: MESSAGES.tooManyRequests,
};

export default fp(
  async (app) => {
    // An empty JSON body is an empty object (the SPA may send Content-Type without a body);
    // anything else must be valid JSON.
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
      const text = (body as string).trim();
      if (text === '') return done(null, undefined);
      try {
        done(null, JSON.parse(text));
      } catch {
        done(new HttpError(400, MESSAGES.invalidJson), undefined);
      }
    });

    app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
      if (error instanceof ValidationError) {
        return reply
          .code(error.statusCode)
          .headers(error.headers)
          .send({ message: error.message, errors: error.errors });
      }
      if (error instanceof HttpError) {
        return reply.code(error.statusCode).headers(error.headers).send({ message: error.message });
      }
      const status = (error as FastifyError).statusCode;
      if (status && status >= 400 && status < 500) {
        return reply.code(status).send({ message: STATUS_MESSAGES[status] ?? MESSAGES.validationFailed });
      }
      request.log.error({ err: error }, 'Error no controlado');
      return reply.code(500).send({ message: MESSAGES.serverError });
    });
  },
  { name: 'errors' },
);
