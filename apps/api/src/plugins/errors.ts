import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { hasNul, MESSAGES } from '@gestor/shared';
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifyServerOptions,
} from 'fastify';
import fp from 'fastify-plugin';
import { HttpError, notFound, rawJsonResponse, ValidationError } from '../lib/http-errors';

// Every error body is JSON with a Spanish `message` (docs/http-api.md); a server fault never shows internals.
// That includes what the framework answers before any of our code runs (docs/http-api.md#errors):
// malformed URLs and HTTP, too-long URLs and headers, too-large bodies, wrong content types, unknown
// methods; none of them echoes the request's URL. And secrets never reach the request log.

const STATUS_MESSAGES: Record<number, string> = {
  400: MESSAGES.badRequest,
  401: MESSAGES.unauthenticated,
  403: MESSAGES.forbidden,
  404: MESSAGES.routeNotFound,
  405: MESSAGES.methodNotAllowed,
  408: MESSAGES.requestTimeout,
  413: MESSAGES.bodyTooLarge,
  414: MESSAGES.uriTooLong,
  415: MESSAGES.unsupportedMediaType,
  429: MESSAGES.tooManyRequests,
  431: MESSAGES.headersTooLarge,
};

/**
 * Fastify's `frameworkErrors`: what the router refuses before any route or hook runs. Its own answers
 * are English and echo the URL (`'/api/users/%c0%ae' is not a valid url component`).
 */
export const frameworkErrors: NonNullable<FastifyServerOptions['frameworkErrors']> = (
  error,
  _request,
  reply: FastifyReply,
) => {
  const status =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : error.code === 'FST_ERR_BAD_URL' ? 400 : 500;
  const message =
    status === 414 ? MESSAGES.uriTooLong : status === 400 ? MESSAGES.badUrl : MESSAGES.serverError;
  reply.code(status).header('cache-control', 'no-store').send({ message });
};

/** How big the request line may be before a header overflow is blamed on the URL (414) rather than 431. */
const LONG_REQUEST_LINE = 8 * 1024;

/** Status and message for an error of Node's HTTP parser ('clientError'). */
export function clientErrorAnswer(error: { code?: string; rawPacket?: unknown }): [number, string] {
  const code = error.code ?? '';
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT' || code === 'ERR_HTTP_HEADERS_TIMEOUT') {
    return [408, MESSAGES.requestTimeout];
  }
  if (code === 'HPE_HEADER_OVERFLOW') {
    // The request line counts towards the header limit: a URL that long is a 414.
    const packet = Buffer.isBuffer(error.rawPacket) ? error.rawPacket : undefined;
    const lineEnd = packet ? packet.indexOf('\r\n') : -1;
    const urlTooLong = packet !== undefined && (lineEnd === -1 || lineEnd > LONG_REQUEST_LINE);
    return urlTooLong ? [414, MESSAGES.uriTooLong] : [431, MESSAGES.headersTooLarge];
  }
  if (/URI|URL/.test(code)) return [400, MESSAGES.badUrl];
  return [400, MESSAGES.badRequest];
}

/**
 * Fastify's `clientErrorHandler` (Node's 'clientError' event): a request the HTTP parser refused.
 * Fastify's own answer is English ("Client Error"); this one is Spanish JSON, and closes the connection.
 */
export const clientErrorHandler: NonNullable<FastifyServerOptions['clientErrorHandler']> = function (
  this: FastifyInstance,
  error,
  socket,
) {
  // A reset connection has nobody left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] = clientErrorAnswer(error);
  this.log.debug({ code: error.code, status }, 'Petición HTTP no válida');
  if (socket.writable) socket.write(rawJsonResponse(status, message));
  socket.destroy();
};

/** The reason phrase of a 419 (Laravel's TokenMismatchException: "Page Expired"). */
export const PAGE_EXPIRED = 'Page Expired';

/** What replaces a secret in a log line (the same placeholder the audit uses). */
export const REDACTED = '[oculto]';
const SECRET_PARAMETER = /token|password|secret/i;

/** The answering page of a test (`/t/{slug}`), whose `code` and `start` parameters start an attempt. */
const ANSWERING_PAGE = /^\/t\/[^/]+\/?$/i;
const ANSWERING_PAGE_PARAMETER = /^(?:code|start)$/i;

/**
 * A URL fit for the log: the token of a reset link (`/auth/reset/{token}`), of a draft's preview
 * (`/api/public/v1/preview/{token}`, which shows the draft to whoever holds it) or of an attempt at a
 * test (`/api/public/v1/attempts/{token}…`, `/t/{slug}/r/{token}…`: the one key to someone's
 * answers), the values of query parameters named like a token or a password, and the code or start
 * link's secret on a test's answering page (`/t/{slug}?code=…`, `?start=…`) are replaced by [oculto].
 */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  const path = (q === -1 ? url : url.slice(0, q))
    .replace(
      /(\/(?:reset(?:-password)?|preview)\/)[^/]+/gi,
      (_match, prefix: string) => `${prefix}${REDACTED}`,
    )
    .replace(
      /^(\/api\/public\/v1\/attempts\/|\/t\/[^/]+\/r\/)[^/]+/i,
      (_match, prefix: string) => `${prefix}${REDACTED}`,
    );
  if (q === -1) return path;
  const answeringPage = ANSWERING_PAGE.test(path);
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const rawName = eq === -1 ? pair : pair.slice(0, eq);
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, ' '));
      } catch {
        // An invalid escape: judged as written.
      }
      const secret = SECRET_PARAMETER.test(name) || (answeringPage && ANSWERING_PAGE_PARAMETER.test(name));
      return secret && eq !== -1 ? `${rawName}=${REDACTED}` : pair;
    })
    .join('&');
  return `${path}?${query}`;
}

/** Fastify's request serializer, with the URL redacted (the logger's `serializers.req`). */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url ?? ''),
    host: request.host,
    remoteAddress: request.clientAddress,
    remotePort: request.socket?.remotePort,
  };
}

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
    // The API reads JSON only: a text/plain body is a 415 like any other type, not a string to validate.
    app.removeContentTypeParser('text/plain');

    // CONNECT never reaches Fastify: without a listener, Node drops the connection. Answered, and what
    // the client still sends is read and discarded until it closes (a reset could lose the answer).
    app.server.on('connect', (_request, socket: Socket) => {
      if (!socket.writable) return socket.destroy();
      socket.on('error', () => socket.destroy());
      socket.setTimeout(5_000, () => socket.destroy());
      socket.resume();
      socket.end(rawJsonResponse(405, MESSAGES.methodNotAllowed));
    });

    // Node answers an expectation it cannot meet (any Expect but 100-continue) with an empty 417 of
    // its own unless someone listens (RFC 9110 §10.1.1): the same answer, in Spanish JSON.
    app.server.on('checkExpectation', (_request: IncomingMessage, response: ServerResponse) => {
      const body = JSON.stringify({ message: MESSAGES.expectationFailed });
      response.writeHead(417, {
        'Content-Type': 'application/json; charset=utf-8',
        'Content-Length': Buffer.byteLength(body),
        'Cache-Control': 'no-store',
        'X-Content-Type-Options': 'nosniff',
        Connection: 'close',
      });
      response.end(body);
    });

    // RFC 9112 §3.2: an HTTP/1.1 request without Host is a 400. Node's own check (requireHostHeader,
    // turned off in app.ts) answers with an empty body; this one says why.
    // Callback-style, as every hook on the way of each request: an async hook costs a promise and a
    // turn of the microtask queue even when it has nothing to wait for (decision 042).
    app.addHook('onRequest', (request, reply, done) => {
      if (request.raw.httpVersion === '1.1' && request.headers.host === undefined) {
        reply.code(400).header('connection', 'close').send({ message: MESSAGES.missingHost });
        return;
      }
      done();
    });

    // A path parameter with U+0000 names no record (PostgreSQL cannot even compare it): a 404 on
    // every route with parameters, after the route's own checks (401, 403) have run.
    const nulParams = async (request: FastifyRequest) => {
      const params = request.params as Record<string, unknown> | undefined;
      if (params && Object.values(params).some((value) => typeof value === 'string' && hasNul(value))) {
        throw notFound();
      }
    };
    app.addHook('onRoute', (route) => {
      if (!route.url.includes(':') && !route.url.includes('*')) return;
      const own = route.preHandler;
      route.preHandler = [...(Array.isArray(own) ? own : own ? [own] : []), nulParams];
    });

    app.setErrorHandler((error: FastifyError | HttpError, request, reply: FastifyReply) => {
      if (error instanceof ValidationError) {
        return reply
          .code(error.statusCode)
          .headers(error.headers)
          .send({ message: error.message, errors: error.errors });
      }
      if (error instanceof HttpError) {
        // Laravel's name for its CSRF status (its 419 error page's title); Node would write "unknown".
        if (error.statusCode === 419) reply.raw.statusMessage = PAGE_EXPIRED;
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
