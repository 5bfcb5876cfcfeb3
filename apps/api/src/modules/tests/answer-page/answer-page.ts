import { AttemptStartInput, type AttemptView, type PublicTest } from '@gestor/shared';
import querystring from 'fast-querystring';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../../config/config';
import { rateKey } from '../../../lib/client-address';
import { HttpError, ValidationError } from '../../../lib/http-errors';
import type { Answering, TestStanding } from '../answering';
import type { ProofOfWork } from '../proof-of-work';
import type { Responses } from '../responses';
import { ANSWER_SCRIPT } from './answer-script';
import { brandColours } from './brand';
import { answersFromForm, type FormBody, firstValue } from './form-answers';
import { type Html, html } from './html';
import { pageStyle } from './page-style';
import { createStartAllowance, type StartAllowance } from './start-allowance';
import {
  type FieldErrors,
  type FormAnswers,
  type IntroValues,
  introPage,
  madridDateTime,
  messagePage,
  type PageFrame,
  publishedResults,
  questionsPage,
  resultPage,
} from './templates';

// docs/public-api.md#questionnaires, the answering page Gestor serves (/t/…), decision 049:
// server-rendered forms that work with JavaScript off; answer-script.ts only adds autosave, the
// countdown and the proof of work. Everything here stays inside this plugin: the form bodies it
// parses, its error pages (HTML, not the API's JSON), its 404 for any /t/ address, and its headers —
// its own CSP, embeddable by TESTS_EMBED_ORIGINS, instead of the global `frame-ancestors 'none'`.

export interface AnswerPageOptions {
  answering: Answering;
  proof: ProofOfWork;
  /** A closed test's published results, shown where it used to be answered. */
  responses?: Pick<Responses, 'publicResults'>;
  config: Pick<Config, 'appName' | 'appUrl' | 'brandColor' | 'testsEmbedOrigins'>;
  /** Starts without a proof of work per address and hour (tests hand in their own). */
  allowance?: StartAllowance;
}

/** A form is a few kB; the largest is a test of 500 questions with long texts. */
const FORM_BODY_LIMIT = 256 * 1024;

const NOT_FOUND_LINES = [
  'No hay ningún cuestionario abierto en esta dirección. Compruebe el enlace que le han dado.',
];
const TOO_MANY_STARTS =
  'Se han empezado demasiados cuestionarios desde esta conexión sin la comprobación automática. Active JavaScript en su navegador o vuelva a intentarlo dentro de una hora.';

/** The start form's fields besides the proof (checked by the caller), as the public API reads them. */
const StartFields = AttemptStartInput.omit({ proof: true });

/** The cookie that remembers a browser's attempt at a test open by link (one per test, Path=/t/). */
const attemptCookie = (slug: string) => `gestor_t_${slug.replace(/[^a-z0-9-]/gi, '_')}`;

export async function answerPage(app: FastifyInstance, options: AnswerPageOptions): Promise<void> {
  await app.register(answerRoutes, { ...options, prefix: '/t' });
}

async function answerRoutes(
  app: FastifyInstance,
  { answering, proof, responses, config, allowance }: AnswerPageOptions,
) {
  const frame: PageFrame = {
    appName: config.appName,
    style: pageStyle(brandColours(config.brandColor)),
    embedOrigins: config.testsEmbedOrigins,
  };
  const starts = allowance ?? createStartAllowance();
  const secureCookie = config.appUrl.startsWith('https:');
  // The page's own policy: no inline script, nothing from elsewhere, framed only where allowed.
  const headers = {
    'content-security-policy': [
      "default-src 'none'",
      "script-src 'self'",
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data:",
      "connect-src 'self'",
      "form-action 'self'",
      "base-uri 'none'",
      `frame-ancestors 'self'${config.testsEmbedOrigins.map((origin) => ` ${origin}`).join('')}`,
    ].join('; '),
    // A token in the address (…/r/<token>, ?code=, ?start=) is never sent on to another site.
    'referrer-policy': 'no-referrer',
    'x-robots-tag': 'noindex',
    'cache-control': 'no-store',
  };
  app.addHook('onRequest', (_request, reply, done) => {
    // Replaces the global X-Frame-Options: DENY (plugins/security.ts); frame-ancestors says who may embed.
    reply.removeHeader('x-frame-options');
    reply.headers(headers);
    done();
  });

  // Form posts only, parsed here and nowhere else in the app (decision 049).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (_request, body, done) => {
      done(null, querystring.parse(body as string));
    },
  );

  const send = (reply: FastifyReply, status: number, markup: Html) =>
    reply.code(status).type('text/html; charset=utf-8').send(markup.value);

  const notFoundPage = (reply: FastifyReply) =>
    send(
      reply,
      404,
      messagePage(frame, {
        title: 'No encontrado',
        heading: 'Cuestionario no encontrado',
        lines: NOT_FOUND_LINES,
      }),
    );

  /** A test that is not open: a clear page for each reason, in Spanish, with Madrid's date and time. */
  const standingPage = async (reply: FastifyReply, standing: Exclude<TestStanding, { state: 'open' }>) => {
    if (standing.state === 'missing') return notFoundPage(reply);
    const when = (instant: string) => {
      const { date, time } = madridDateTime(instant);
      return `el ${date} a las ${time}`;
    };
    const line =
      standing.state === 'not_yet'
        ? `Este cuestionario aún no está abierto: se abrirá ${when(standing.opens_at)}.`
        : standing.state === 'closed'
          ? `Este cuestionario se cerró ${when(standing.closes_at)}. Ya no admite respuestas.`
          : 'Este cuestionario ya ha recibido todas las respuestas que admitía.';
    const { title } = standing;
    // Closed, with its results public: the distributions follow (docs/areas.md#what-the-answers-say).
    const results = standing.state === 'closed' ? await responses?.publicResults(standing.slug) : null;
    return send(
      reply,
      200,
      messagePage(frame, {
        title,
        heading: title,
        lines: [line],
        more: results ? publishedResults(results) : undefined,
      }),
    );
  };

  const attemptUrl = (slug: string, token: string, flag?: 'guardado' | 'enviado') =>
    `/t/${encodeURIComponent(slug)}/r/${encodeURIComponent(token)}${flag ? `?${flag}=1` : ''}`;

  /** A 404 from the service (no such attempt or test) as this page's 404; anything else thrown on. */
  const readAttempt = async (token: string): Promise<AttemptView | null> => {
    try {
      return await answering.read(token);
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 404) return null;
      throw error;
    }
  };

  /**
   * `access: link` without identity: the attempt this browser made, remembered by a cookie (best
   * effort, said on the page). Open: it is resumed; over: the page says it was answered from here.
   */
  const rememberedAttempt = async (request: FastifyRequest, reply: FastifyReply, test: PublicTest) => {
    const name = attemptCookie(test.slug);
    const token = request.cookies[name];
    if (!token) return null;
    const view = await readAttempt(token);
    if (!view) {
      reply.clearCookie(name, { path: '/t/' });
      return null;
    }
    if (view.state === 'open') return reply.redirect(attemptUrl(test.slug, token), 303);
    return send(
      reply,
      200,
      messagePage(frame, {
        title: test.title,
        heading: test.title,
        slug: test.slug,
        lines: [
          'Ya se ha respondido a este cuestionario desde este navegador: solo se admite una respuesta por navegador.',
          // The result stays where it was: a link to it, not a second copy here.
          ...(view.state === 'submitted' ? [resultLink(attemptUrl(test.slug, token))] : []),
        ],
      }),
    );
  };

  app.get('/assets/:file', (request, reply) => {
    const { file } = request.params as { file: string };
    if (`/t/assets/${file}` !== ANSWER_SCRIPT.path) return notFoundPage(reply);
    return reply
      .header('cache-control', 'public, max-age=31536000, immutable')
      .type('text/javascript; charset=utf-8')
      .send(ANSWER_SCRIPT.source);
  });

  // The proof of work's challenge, on the page's own origin and path (the public API offers the same).
  app.get('/:slug/challenge', async (request, reply) => {
    const { slug } = request.params as { slug: string };
    return reply.type('application/json; charset=utf-8').send(await proof.challenge(slug));
  });

  /**
   * The open test an intro page is about, or the page to answer instead: why it is not open, or (a
   * test open by link that asks nothing) the attempt this browser made already.
   */
  const introOf = async (request: FastifyRequest, reply: FastifyReply) => {
    const { slug } = request.params as { slug: string };
    const standing = await answering.standing(slug);
    if (standing.state !== 'open') return { page: await standingPage(reply, standing) };
    const test = standing.test;
    const oneBrowser = test.start.asks === 'nothing';
    const remembered = oneBrowser ? await rememberedAttempt(request, reply, test) : null;
    return remembered ? { page: remembered } : { test, oneBrowser };
  };

  app.get('/:slug', async (request, reply) => {
    const intro = await introOf(request, reply);
    if ('page' in intro) return intro.page;
    const { test, oneBrowser } = intro;
    const query = request.query as FormBody;
    const values: IntroValues = {
      code: firstValue(query, 'code')?.slice(0, 64),
      start: test.start.asks === 'email' ? firstValue(query, 'start')?.slice(0, 200) : undefined,
    };
    return send(reply, 200, introPage(frame, { test, values, oneBrowser }));
  });

  app.post('/:slug', async (request, reply) => {
    const intro = await introOf(request, reply);
    if ('page' in intro) return intro.page;
    const { test, oneBrowser } = intro;
    const { slug } = test;
    const body = (request.body ?? {}) as FormBody;
    const text = (name: string) => {
      const value = firstValue(body, name)?.trim();
      return value ? value : undefined;
    };
    const values: IntroValues = {
      pin: text('pin'),
      code: text('code'),
      email: text('email'),
      consent: firstValue(body, 'consent') !== undefined,
      start: firstValue(body, 'start'),
    };
    const refused = (status: number, errors: FieldErrors) =>
      send(reply, status, introPage(frame, { test, values, errors, oneBrowser }));

    const fields = StartFields.safeParse({
      ...(values.pin !== undefined ? { pin: values.pin } : {}),
      ...(values.code !== undefined ? { code: values.code } : {}),
      ...(values.email !== undefined ? { email: values.email } : {}),
      ...(values.start !== undefined ? { start: values.start } : {}),
      ...(values.consent ? { consent: true } : {}),
    });
    if (!fields.success) {
      const errors: FieldErrors = {};
      for (const issue of fields.error.issues) errors[String(issue.path[0] ?? '')] ??= [issue.message];
      return refused(422, errors);
    }
    try {
      // Decision 049: with JavaScript off there is no proof; a few such starts per address and hour.
      const proofValue = firstValue(body, 'proof');
      if (proofValue) await proof.verify(slug, proofValue);
      else if (!starts.take(rateKey(request.clientAddress))) return refused(429, { '': [TOO_MANY_STARTS] });
      const result = await answering.start(slug, fields.data);
      if (result.kind === 'mailed') {
        return send(
          reply,
          200,
          messagePage(frame, {
            title: test.title,
            heading: 'Revise su correo',
            slug,
            lines: [
              `Si la dirección ${fields.data.email ?? ''} puede responder a este cuestionario, recibirá en unos minutos un correo con el enlace para empezar. El enlace vale 24 horas.`,
              'Si no lo ve, mire en la carpeta de correo no deseado.',
            ],
          }),
        );
      }
      if (oneBrowser) {
        reply.setCookie(attemptCookie(test.slug), result.token, {
          path: '/t/',
          httpOnly: true,
          sameSite: 'lax',
          secure: secureCookie,
          maxAge: 365 * 24 * 3600,
        });
      }
      return reply.redirect(attemptUrl(slug, result.token), 303);
    } catch (error) {
      if (error instanceof ValidationError) return refused(error.statusCode, error.errors);
      if (error instanceof HttpError && error.statusCode === 404) return notFoundPage(reply);
      if (error instanceof HttpError && error.statusCode < 500)
        return refused(error.statusCode, { '': [error.message] });
      throw error;
    }
  });

  /**
   * An attempt and its test as the person sees them, whatever the test's state now; null for no such
   * attempt, a test in the trash, or an address whose slug is another test's.
   */
  const attemptAt = async (slug: string, token: string) => {
    try {
      const found = await answering.attemptWithTest(token);
      return found.test.slug === slug ? found : null;
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 404) return null;
      throw error;
    }
  };

  /** What an attempt's address shows: its questions while open, else its result or why it ended. */
  const attemptPage = (
    reply: FastifyReply,
    token: string,
    { view, test }: { view: AttemptView; test: PublicTest },
    form: {
      status: number;
      answers?: FormAnswers;
      errors?: FieldErrors;
      saved?: boolean;
      submitted?: boolean;
    },
  ) => {
    const { slug, title } = test;
    if (view.state === 'open') {
      return send(
        reply,
        form.status,
        questionsPage(frame, {
          test,
          view,
          token,
          answers: form.answers ?? view.answers,
          errors: form.errors,
          saved: form.saved,
        }),
      );
    }
    if (view.state === 'submitted') {
      return send(
        reply,
        200,
        resultPage(frame, { title, slug, test, view, justSubmitted: form.submitted ?? false }),
      );
    }
    return send(
      reply,
      200,
      messagePage(frame, {
        title,
        heading: 'El tiempo ha terminado',
        slug,
        lines: [
          view.state === 'discarded'
            ? 'El tiempo terminó y, como indica este cuestionario, sus respuestas no cuentan.'
            : 'El plazo para enviar terminó y sus respuestas no cuentan.',
        ],
      }),
    );
  };

  app.get('/:slug/r/:token', async (request, reply) => {
    const { slug, token } = request.params as { slug: string; token: string };
    const found = await attemptAt(slug, token);
    if (!found) return notFoundPage(reply);
    const query = request.query as FormBody;
    return attemptPage(reply, token, found, {
      status: 200,
      saved: firstValue(query, 'guardado') !== undefined,
      submitted: firstValue(query, 'enviado') !== undefined,
    });
  });

  app.post('/:slug/r/:token', async (request, reply) => {
    const { slug, token } = request.params as { slug: string; token: string };
    const body = (request.body ?? {}) as FormBody;
    const submit = firstValue(body, 'action') === 'submit';
    const found = await attemptAt(slug, token);
    if (!found) return notFoundPage(reply);
    // Over meanwhile (submitted in another tab, time up): the attempt's page says what became of it.
    if (found.view.state !== 'open') return reply.redirect(attemptUrl(slug, token), 303);
    const { answers, errors } = answersFromForm(found.test.questions, body);
    const again = async (status: number, problems: FieldErrors) => {
      const now = await attemptAt(slug, token);
      if (!now) return notFoundPage(reply);
      return attemptPage(reply, token, now, { status, answers, errors: problems });
    };
    if (Object.keys(errors).length) return again(422, errors);
    try {
      // Saved first, on «Enviar» too: what the form holds is never lost to a refused submit.
      await answering.save(token, answers);
      if (!submit) return reply.redirect(attemptUrl(slug, token, 'guardado'), 303);
      await answering.submit(token);
      return reply.redirect(attemptUrl(slug, token, 'enviado'), 303);
    } catch (error) {
      if (error instanceof ValidationError) return again(error.statusCode, error.errors);
      if (error instanceof HttpError && error.statusCode === 404) return notFoundPage(reply);
      if (error instanceof HttpError && error.statusCode === 409) {
        // Time is up (the page shows what on_expiry made of it), or the test filled up: said here.
        const now = await attemptAt(slug, token);
        if (now?.view.state === 'open') return again(409, { '': [error.message] });
        return reply.redirect(attemptUrl(slug, token), 303);
      }
      throw error;
    }
  });

  // Any other /t/ address is this page's 404, never the SPA: its static files' wildcard route (GET /*,
  // plugins/spa.ts) would take a GET before any not-found handler is asked, so ours is a route too.
  app.get('/', (_request, reply) => notFoundPage(reply));
  app.get('/*', (_request, reply) => notFoundPage(reply));
  app.setNotFoundHandler((_request, reply) => notFoundPage(reply));

  app.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
    const status =
      error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
    if (status === 404) return notFoundPage(reply);
    if (status >= 500) request.log.error({ err: error }, 'Error no controlado en la página de cuestionarios');
    const line =
      status >= 500
        ? 'Algo ha fallado al atender su petición. Sus respuestas guardadas no se han perdido: vuelva a intentarlo en unos minutos.'
        : status === 413
          ? 'Lo enviado es demasiado grande.'
          : status === 429
            ? 'Demasiadas peticiones seguidas: espere un momento y vuelva a intentarlo.'
            : error instanceof HttpError
              ? error.message
              : 'La petición no es válida.';
    return send(
      reply,
      status,
      messagePage(frame, {
        title: 'Error',
        heading: status >= 500 ? 'Algo ha fallado' : 'No se ha podido atender',
        lines: [line],
      }),
    );
  });
}

/** The link from "already answered from this browser" to the result. */
function resultLink(href: string): Html {
  return html`<a href="${href}">Ver sus respuestas enviadas</a>`;
}
