import {
  AttemptAnswersInput,
  AttemptStartInput,
  EMAIL_START_SENT,
  PUBLIC_ANSWERING_PATHS,
  PUBLIC_API_PREFIX,
  PUBLIC_NOT_FOUND_MESSAGE,
  SLUG_MAX,
  SLUG_PATTERN,
} from '@gestor/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../../lib/http-errors';
import { validate } from '../../lib/validate';
import type { Answering } from './answering';
import type { ProofOfWork } from './proof-of-work';
import type { Responses } from './responses';

// docs/public-api.md#questionnaires: the public API's answering routes. The transport around them is
// the public API's (modules/public/public-transport.ts: CORS for any origin, the rate limit, no
// cookie; these are the only paths there that take a POST or a PUT). No session and no CSRF token:
// the session plugin skips the prefix, and what authorises a write is the proof of work (to start)
// and then the attempt's token, which a page on another site holds as well as ours. Every answer is
// `no-store`: it changes with every save and with the test's window.

/** What every test that is not open to the public now answers: nothing tells them apart. */
const testNotFound = () => new HttpError(404, PUBLIC_NOT_FOUND_MESSAGE);

/** An OpenAPI path (`/tests/{slug}`) as Fastify's router writes it (`/tests/:slug`). */
const route = (path: string) => `${PUBLIC_API_PREFIX}${path.replace(/\{(\w+)\}/g, ':$1')}`;

/** A slug as a path holds it; anything else names no test. */
function slugOf(request: FastifyRequest): string {
  const { slug } = request.params as { slug: string };
  if (slug.length > SLUG_MAX || !SLUG_PATTERN.test(slug)) throw testNotFound();
  return slug;
}

const tokenOf = (request: FastifyRequest) => (request.params as { token: string }).token;

export interface AnsweringRoutesOptions {
  answering: Answering;
  proof: ProofOfWork;
  /** The published results of closed tests (docs/public-api.md#questionnaires). */
  responses: Responses;
}

export function answeringRoutes(
  app: FastifyInstance,
  { answering, proof, responses }: AnsweringRoutesOptions,
) {
  // Set before the handler runs, so errors (a 404, a 409, a 422) carry it too; the transport keeps
  // nothing a route marks no-store.
  const neverStored = (_request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex');
    done();
  };
  const options = { onRequest: neverStored };

  app.get(route(PUBLIC_ANSWERING_PATHS.tests), options, async () => ({ data: await answering.openTests() }));

  app.get(route(PUBLIC_ANSWERING_PATHS.test), options, async (request) => {
    const test = await answering.publicTest(slugOf(request));
    if (!test) throw testNotFound();
    return { data: test };
  });

  // A challenge only for a test open now: a closed one answers the same 404 as a missing one.
  app.get(route(PUBLIC_ANSWERING_PATHS.challenge), options, async (request) => {
    const slug = slugOf(request);
    if (!(await answering.publicTest(slug))) throw testNotFound();
    return proof.challenge(slug);
  });

  app.post(route(PUBLIC_ANSWERING_PATHS.attempts), options, async (request, reply) => {
    const slug = slugOf(request);
    const input = validate(AttemptStartInput, request.body);
    // The proof first: without the work done, nothing else is looked up or written.
    await proof.verify(slug, input.proof);
    const { proof: _proof, ...asked } = input;
    const started = await answering.start(slug, asked);
    if (started.kind === 'mailed') {
      reply.code(202);
      return { message: EMAIL_START_SENT };
    }
    reply.code(201);
    return { data: { token: started.token, ...started.view } };
  });

  app.get(route(PUBLIC_ANSWERING_PATHS.attempt), options, async (request) => ({
    data: await answering.read(tokenOf(request)),
  }));

  app.put(route(PUBLIC_ANSWERING_PATHS.answers), options, async (request) => {
    const { answers } = validate(AttemptAnswersInput, request.body);
    return { data: await answering.save(tokenOf(request), answers) };
  });

  app.post(route(PUBLIC_ANSWERING_PATHS.submit), options, async (request) => ({
    data: await answering.submit(tokenOf(request)),
  }));

  // Distributions only, and only once the test has closed: anything else is the same 404.
  app.get(route(PUBLIC_ANSWERING_PATHS.results), options, async (request) => {
    const results = await responses.publicResults(slugOf(request));
    if (!results) throw testNotFound();
    return { data: results };
  });
}
