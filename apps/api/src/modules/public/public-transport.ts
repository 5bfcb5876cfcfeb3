import { createHash } from 'node:crypto';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { MESSAGES, PUBLIC_API_PREFIX, PUBLIC_ROUTES, publicMethodsOf } from '@gestor/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../../db/client';
import { rateKey } from '../../lib/client-address';
import { parseQueryString } from '../../lib/query-string';
import {
  COMPRESSION_THRESHOLD_BYTES,
  compress,
  type Encoding,
  negotiateEncoding,
} from '../../plugins/compression';
import { isPublicApiUrl } from '../../plugins/no-store';

// How every answer under /api/public/v1 travels (docs/public-api.md#calling-it, decision 022):
// CORS for any origin, GET/HEAD/OPTIONS only, a rate limit per client address, strong ETags and 304s,
// compression, and an in-memory cache of whole answers that the database's announcements (migration
// 0016) and the next scheduled instant keep honest. No cookie is read or set on these paths. The one
// exception to GET-only: the answering paths (docs/public-api.md#questionnaires) take the POSTs and
// PUTs their routes declare (PUBLIC_ROUTES), still rate-limited and CORS for any origin, never cached.
//
// Two doors, one logic: `front` runs on the bare node:http request before Fastify (app.ts's
// serverFactory) and answers what needs no route: a refused method, a preflight, a 429, and a cache
// hit, which then costs what a static file server costs. Everything else goes on to Fastify, where
// the plugin's hooks do the same checks (for app.inject, which skips the server) and fill the cache.

export const CACHE_CONTROL_PUBLIC = 'public, max-age=60, stale-while-revalidate=300';
const ALLOWED_METHODS = 'GET, HEAD, OPTIONS';
/** What a preflight for an answering path allows: the writes a website's script makes there. */
const ANSWERING_METHODS = 'GET, HEAD, POST, PUT, OPTIONS';
/** What a website's script may send (a preflight asks) and read (CORS-safelisted headers aside). */
const ALLOWED_REQUEST_HEADERS =
  'Accept, Accept-Language, Cache-Control, Content-Language, Content-Type, If-Modified-Since, If-None-Match, X-Requested-With';
const EXPOSED_HEADERS = 'ETag, Retry-After, X-Robots-Tag';
export const RATE_WINDOW_MS = 60_000;

/**
 * The cache key of a request URL: its path without a trailing slash (the router ignores it) and its
 * query parameters as the router parses them (lib/query-string.ts), sorted by name, so `?b=2&a=1` and
 * `?a=1&b=2` share an answer and two queries a route reads differently never do (decision 038: a
 * second parser of ours had read `?search=%E9`, a literal search, as U+FFFD). A target with `#`
 * never gets here (lib/request-target.ts refuses it).
 */
export function cacheKey(url: string): string {
  const q = url.indexOf('?');
  let path = q === -1 ? url : url.slice(0, q);
  if (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
  if (q === -1 || q === url.length - 1) return path;
  const parsed = parseQueryString(url.slice(q + 1));
  const names = Object.keys(parsed).sort();
  if (names.length === 0) return path;
  // JSON: one spelling per parsed query, whatever characters its names and values hold.
  return `${path}?${JSON.stringify(names.map((name) => [name, parsed[name]]))}`;
}

/**
 * Whether an If-None-Match header matches `etag` (RFC 9110 §13.1.2): `*`, or any listed tag by the
 * weak comparison (`W/"x"` matches `"x"`), which is what GET's conditional requires.
 */
export function noneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  // What a website sends back almost always: the tag itself.
  if (header === etag) return true;
  if (header.trim() === '*') return true;
  const opaque = etag.startsWith('W/') ? etag.slice(2) : etag;
  for (const match of header.matchAll(/(?:W\/)?("[^"]*")/g)) if (match[1] === opaque) return true;
  return false;
}

/**
 * Fixed one-minute windows per client, in this process's memory. The map holds at most `maxClients`
 * windows, oldest first (a window is re-inserted when it restarts), so an attacker rotating addresses
 * pushes the oldest windows out instead of growing the map.
 */
export function createRateLimiter(limit: number, maxClients = 50_000) {
  const windows = new Map<string, { count: number; resetAt: number }>();
  return {
    /** Counts one request; returns 0 when allowed, else the seconds until the window restarts (Retry-After). */
    hit(client: string, now: number): number {
      let window = windows.get(client);
      if (!window || window.resetAt <= now) {
        if (window) windows.delete(client);
        window = { count: 0, resetAt: now + RATE_WINDOW_MS };
        windows.set(client, window);
        if (windows.size > maxClients) windows.delete(windows.keys().next().value!);
      }
      window.count++;
      return window.count > limit ? Math.max(1, Math.ceil((window.resetAt - now) / 1000)) : 0;
    },
    size: () => windows.size,
  };
}

/** A path that takes writes, and the methods it takes (its `Allow`). */
interface WritablePath {
  pattern: RegExp;
  methods: ReadonlySet<string>;
  allow: string;
}

/**
 * The paths that take a POST or a PUT, from the routes that declare one (`{slug}`, `{token}`: one
 * segment), each as a pattern on the request URL (a trailing slash and a query allowed, as the router
 * reads them) with the methods its routes declare.
 */
export function writablePaths(routes = PUBLIC_ROUTES): WritablePath[] {
  const paths = [
    ...new Set(routes.filter((route) => (route.method ?? 'GET') !== 'GET').map((route) => route.path)),
  ];
  return paths.map((path) => {
    const methods = publicMethodsOf(path);
    const segments = path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\w+\}/g, '[^/?]+');
    return {
      pattern: new RegExp(`^${PUBLIC_API_PREFIX}${segments}/?(?:\\?|$)`),
      methods: new Set(methods),
      allow: [...methods, 'OPTIONS'].join(', '),
    };
  });
}

/** JSON and the text formats the public API and its reference page send (XML feeds, HTML, CSS, JS). */
const COMPRESSIBLE = /^(?:application\/(?:[\w.-]+\+)?(?:json|xml|javascript)|text\/[\w.+-]+)\s*(?:;|$)/i;

/** One answer as sent: its bytes before and after content coding, and its headers, built once. */
export interface CachedAnswer {
  /** The cache key it is kept under. */
  key: string;
  status: 200 | 404;
  etag: string | null;
  body: Buffer;
  /** Compressed forms, made on first demand and kept. */
  encoded: Partial<Record<Encoding, Buffer>>;
  compressible: boolean;
  headers: OutgoingHttpHeaders;
  /** The 304's headers, built on first use. */
  notModified?: OutgoingHttpHeaders;
  /** What the cache's size cap counts. */
  bytes: number;
}

const NOTHING = Buffer.alloc(0);

export interface PublicTransportOptions {
  database: Database;
  /** PUBLIC_API_RATE_LIMIT: requests per minute per client address. */
  rateLimit: number;
  /** The client's address behind TRUST_PROXY (lib/client-address.ts), on the bare node:http request. */
  clientAddress: (request: IncomingMessage) => string;
  /** The security headers every response carries (plugins/security.ts), for answers sent before Fastify. */
  securityHeaders: Record<string, string>;
  /** At most this many answers are kept (least recently used go first). */
  maxEntries?: number;
  /** And at most this many bytes of them (identity and compressed forms together). */
  maxBytes?: number;
}

/** A moment a public answer changes with no write: `at` of the rows of `table` (as `t`) meeting `condition`. */
export interface PublicMoment {
  table: string;
  condition: string;
  at: string;
}

/**
 * The earliest future instant at which a public answer changes with no write (decision 022), over
 * the moments the public areas declare (`changesAt`): a scheduled news item's time, a slide's window
 * opening or closing, an event's publication or end. Pages have no such instant.
 */
export function nextChangeSql(moments: readonly PublicMoment[]): string {
  if (moments.length === 0) return 'SELECT NULL::timestamptz AS next_change, now() AS now';
  const each = moments.map(
    ({ table, condition, at }) => `(SELECT min(${at}) FROM ${table} t WHERE ${condition} AND ${at} > now())`,
  );
  return `SELECT least(${each.join(', ')}) AS next_change, now() AS now`;
}

// What a request that went on to Fastify carries: counted already (by `front`), and the cache's
// generation read before its handler ran (only an answer loaded within one generation is kept).
const COUNTED = Symbol('gestor.publicCounted');
const STAMP = Symbol('gestor.publicStamp');
type Marked = IncomingMessage & { [COUNTED]?: true; [STAMP]?: number };

export function createPublicTransport({
  database,
  rateLimit,
  clientAddress,
  securityHeaders,
  maxEntries = 5_000,
  maxBytes = 64 * 1024 * 1024,
}: PublicTransportOptions) {
  const limiter = createRateLimiter(rateLimit);
  // The moments are the public areas' (`watch`, once the registry is known); none until then.
  let nextChange = { text: nextChangeSql([]), name: 'gestor_public_next_change_none' };
  const corsHeaders: Record<string, string> = {
    'access-control-allow-origin': '*',
    'access-control-expose-headers': EXPOSED_HEADERS,
  };
  // A website on another origin may read and embed what is public (plugins/security.ts keeps the
  // admin API's answers same-origin).
  const baseHeaders: Record<string, string> = {
    ...securityHeaders,
    'cross-origin-resource-policy': 'cross-origin',
    ...corsHeaders,
  };

  // ---- The answer cache --------------------------------------------------------------------------
  // A Map in least-recently-used order (a hit moves its key to the end). Any announcement drops
  // everything: tracking which answer read which row would cost more than refilling a few answers.
  const entries = new Map<string, CachedAnswer>();
  let cachedBytes = 0;
  // Moves on every announcement and when the next scheduled instant passes: an answer loaded while it
  // moved may hold the old state and is not kept.
  let generation = 0;
  // The next scheduled instant, in this process's clock, as known for `boundaryGeneration`.
  let boundaryAt = Number.NEGATIVE_INFINITY;
  let boundaryGeneration = -1;
  let boundaryLoad: Promise<void> | null = null;

  const dropAll = () => {
    generation++;
    entries.clear();
    cachedBytes = 0;
    boundaryGeneration = -1;
    boundaryLoad = null;
  };
  // After an announcement, the next scheduled instant is read at once (once for a burst of them) when
  // the cache was in use, so the first request after a write waits for its own statement only. It
  // still runs before that request's handler: a request that comes meanwhile waits for it.
  let prefetch: NodeJS.Immediate | null = null;
  database.onContentChange(() => {
    const inUse = entries.size > 0;
    dropAll();
    if (!inUse || prefetch) return;
    prefetch = setImmediate(() => {
      prefetch = null;
      if (database.hearsContentChanges()) knowBoundary().catch(() => {});
    });
  });

  /** Whether answers may be served from memory and kept now. */
  const usable = () => {
    if (!database.hearsContentChanges()) return false;
    if (boundaryGeneration === generation && Date.now() >= boundaryAt) dropAll();
    return true;
  };

  /** Reads the next scheduled instant once per generation (concurrent misses share the query). */
  const knowBoundary = (): Promise<void> => {
    if (boundaryGeneration === generation) return Promise.resolve();
    if (boundaryLoad) return boundaryLoad;
    const stamp = generation;
    const load = (async () => {
      const asked = Date.now();
      const [row] = await database.query<{ next_change: Date | null; now: Date }>(
        nextChange.text,
        [],
        nextChange.name,
      );
      const answered = Date.now();
      if (generation !== stamp || !row) return;
      // The instant in this process's clock: the database's now() against the round trip's midpoint.
      const offset = row.now.getTime() - (asked + answered) / 2;
      boundaryAt = row.next_change ? row.next_change.getTime() - offset : Number.POSITIVE_INFINITY;
      boundaryGeneration = stamp;
    })().finally(() => {
      if (boundaryLoad === load) boundaryLoad = null;
    });
    boundaryLoad = load;
    return load;
  };

  const remember = (key: string, answer: CachedAnswer) => {
    const previous = entries.get(key);
    if (previous) {
      cachedBytes -= previous.bytes;
      entries.delete(key);
    }
    if (answer.bytes > maxBytes / 4) return;
    entries.set(key, answer);
    cachedBytes += answer.bytes;
    while (entries.size > maxEntries || cachedBytes > maxBytes) {
      const [oldestKey, oldest] = entries.entries().next().value!;
      entries.delete(oldestKey);
      cachedBytes -= oldest.bytes;
    }
  };

  const lookup = (key: string): CachedAnswer | undefined => {
    const answer = entries.get(key);
    if (answer && entries.size > 1) {
      entries.delete(key);
      entries.set(key, answer);
    }
    return answer;
  };

  /** A compressed form of an answer, made once; null when it is not worth it or not accepted. */
  const encodedBody = async (answer: CachedAnswer, encoding: Encoding | null): Promise<Buffer | null> => {
    if (!encoding || !answer.compressible) return null;
    const kept = answer.encoded[encoding];
    if (kept) return kept;
    const made = await compress(answer.body, encoding);
    // Counted against the cap only while the answer is still the one kept.
    if (!answer.encoded[encoding]) {
      answer.encoded[encoding] = made;
      answer.bytes += made.length;
      if (entries.get(answer.key) === answer) cachedBytes += made.length;
    }
    return made;
  };

  // ---- Answers that need no route ------------------------------------------------------------------
  type Plain = { status: number; headers: OutgoingHttpHeaders; body: Buffer };
  const message = (status: number, text: string, extra: OutgoingHttpHeaders = {}): Plain => {
    const body = Buffer.from(JSON.stringify({ message: text }));
    return {
      status,
      headers: {
        ...baseHeaders,
        'cache-control': 'no-store',
        'content-type': 'application/json; charset=utf-8',
        'content-length': String(body.length),
        ...extra,
      },
      body,
    };
  };
  const methodRefused = message(405, MESSAGES.methodNotAllowed, { allow: ALLOWED_METHODS });
  const preflightFor = (methods: string): Plain => ({
    status: 204,
    headers: {
      ...baseHeaders,
      'access-control-allow-methods': methods,
      'access-control-allow-headers': ALLOWED_REQUEST_HEADERS,
      'access-control-max-age': '86400',
      'cache-control': 'no-store',
    },
    body: NOTHING,
  });
  const preflight = preflightFor(ALLOWED_METHODS);
  const answeringPreflight = preflightFor(ANSWERING_METHODS);
  // The answering paths' writes (docs/public-api.md#questionnaires), each with its own 405.
  const writable = writablePaths().map((path) => ({
    ...path,
    refused: message(405, MESSAGES.methodNotAllowed, { allow: path.allow }),
  }));
  const writableOf = (url: string | undefined) =>
    url === undefined ? undefined : writable.find(({ pattern }) => pattern.test(url));

  /** Counts the request and answers what needs no route: 429, 405, a preflight. */
  const early = (req: IncomingMessage, address: string): Plain | null => {
    const retryAfter = limiter.hit(rateKey(address), Date.now());
    if (retryAfter) return message(429, MESSAGES.tooManyRequests, { 'retry-after': String(retryAfter) });
    const method = req.method;
    if (method === 'GET' || method === 'HEAD') return null;
    // Only what is not a read looks further: the answering paths take their declared writes.
    const path = writableOf(req.url);
    if (method === 'OPTIONS') return path ? answeringPreflight : preflight;
    if (!path) return methodRefused;
    return path.methods.has(method ?? '') ? null : path.refused;
  };

  // Accept-Encoding takes a handful of forms in practice: remember the answer for each.
  const encodings = new Map<string, Encoding | null>();
  const encodingFor = (header: string | undefined): Encoding | null => {
    if (!header) return null;
    let encoding = encodings.get(header);
    if (encoding === undefined) {
      encoding = negotiateEncoding(header);
      if (encodings.size >= 100) encodings.clear();
      encodings.set(header, encoding);
    }
    return encoding;
  };

  /** Headers and body for a kept answer, as this request asks (304, coding; Node sends no body to HEAD). */
  const respond = (
    answer: CachedAnswer,
    req: IncomingMessage,
    encoded: Buffer | null,
    encoding: Encoding | null,
  ): Plain => {
    if (answer.status === 200 && answer.etag && noneMatch(req.headers['if-none-match'], answer.etag)) {
      answer.notModified ??= {
        ...baseHeaders,
        etag: answer.etag,
        'cache-control': CACHE_CONTROL_PUBLIC,
        ...(answer.compressible ? { vary: 'Accept-Encoding' } : {}),
      };
      return { status: 304, headers: answer.notModified, body: NOTHING };
    }
    const body = encoded ?? answer.body;
    const headers: OutgoingHttpHeaders = { ...answer.headers, 'content-length': String(body.length) };
    if (encoded && encoding) headers['content-encoding'] = encoding;
    return { status: answer.status, headers, body };
  };

  const write = (res: ServerResponse, plain: Plain) => {
    res.writeHead(plain.status, plain.headers);
    res.end(plain.body.length ? plain.body : undefined);
  };

  // A website asks the same few addresses again and again: their keys are worked out once.
  const keys = new Map<string, string>();
  const keyOf = (url: string) => {
    let key = keys.get(url);
    if (key === undefined) {
      key = cacheKey(url);
      if (keys.size >= 10_000) keys.clear();
      keys.set(url, key);
    }
    return key;
  };

  /** A kept answer for this request now, or undefined. */
  const hit = (req: IncomingMessage): CachedAnswer | undefined => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return undefined;
    if (!usable() || entries.size === 0) return undefined;
    return lookup(keyOf(req.url ?? ''));
  };

  /** Sends a kept answer; compresses it first if this coding was never asked for. */
  const serve = (answer: CachedAnswer, req: IncomingMessage, res: ServerResponse) => {
    const encoding = answer.compressible ? encodingFor(req.headers['accept-encoding']) : null;
    const kept = encoding ? answer.encoded[encoding] : undefined;
    if (!encoding || kept) return write(res, respond(answer, req, kept ?? null, encoding));
    encodedBody(answer, encoding).then(
      (made) => write(res, respond(answer, req, made, encoding)),
      () => write(res, respond(answer, req, null, null)),
    );
  };

  /** Builds the answer to keep and send from what a route sent. */
  const answerOf = (
    key: string,
    status: 200 | 404,
    payload: Buffer,
    contentType: string,
    extra: OutgoingHttpHeaders,
  ) => {
    const compressible = COMPRESSIBLE.test(contentType) && payload.length >= COMPRESSION_THRESHOLD_BYTES;
    // Strong: the hash of the exact bytes before content coding, the same tag whichever coding
    // travels (what sites compare); a 404 carries none and is not cacheable by others (decision 022).
    const etag =
      status === 200 ? `"${createHash('sha256').update(payload).digest('base64url').slice(0, 32)}"` : null;
    const headers: OutgoingHttpHeaders = {
      ...baseHeaders,
      ...extra,
      'content-type': contentType,
      'cache-control': status === 200 ? CACHE_CONTROL_PUBLIC : 'no-store',
      ...(etag ? { etag } : {}),
      ...(compressible ? { vary: 'Accept-Encoding' } : {}),
    };
    const answer: CachedAnswer = {
      key,
      status,
      etag,
      body: payload,
      encoded: {},
      compressible,
      headers,
      bytes: payload.length + 512,
    };
    return answer;
  };

  return {
    /** The moments the public areas declare (their `changesAt`): the cache is emptied as each comes. */
    watch(moments: readonly PublicMoment[]) {
      const text = nextChangeSql(moments);
      nextChange = {
        text,
        name: `gestor_public_next_change_${createHash('sha1').update(text).digest('hex').slice(0, 12)}`,
      };
      boundaryGeneration = -1;
    },
    /**
     * For app.ts's serverFactory: answers a public request that needs no route (429, 405, preflight,
     * a cache hit) straight on the node:http objects and returns true; false lets Fastify handle it.
     */
    front(req: IncomingMessage, res: ServerResponse): boolean {
      const url = req.url;
      if (!url || !isPublicApiUrl(url)) return false;
      // HTTP/1.1 without Host: the errors plugin answers the 400.
      if (req.headers.host === undefined) return false;
      (req as Marked)[COUNTED] = true;
      const plain = early(req, clientAddress(req));
      if (plain) {
        write(res, plain);
        return true;
      }
      const answer = hit(req);
      if (!answer) return false;
      serve(answer, req, res);
      return true;
    },

    /** The Fastify side: the same checks for requests `front` did not see, and filling the cache. */
    plugin: fp(
      async (app) => {
        const onPublicRequest = async (request: FastifyRequest, reply: FastifyReply) => {
          const req = request.raw as Marked;
          if (!req[COUNTED]) {
            req[COUNTED] = true;
            const plain = early(req, request.clientAddress);
            const answer = plain ? undefined : hit(req);
            if (plain || answer) {
              reply.hijack();
              if (plain) write(reply.raw, plain);
              else serve(answer!, req, reply.raw);
              return reply;
            }
          }
          reply.headers(corsHeaders);
          if (request.method !== 'GET' || request.is404 || !usable()) return;
          // The generation before anything is read, then the next scheduled instant (once per
          // generation): an answer is kept only if neither moved by the time it is sent.
          req[STAMP] = generation;
          await knowBoundary();
        };

        const onPublicSend = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
          // A route may not grant credentials or narrow the origin here (plugins/security.ts's CORS
          // is for the SPA on FRONTEND_URL).
          reply.headers(corsHeaders);
          reply.removeHeader('access-control-allow-credentials');
          reply.header('cross-origin-resource-policy', 'cross-origin');
          const status = reply.statusCode;
          // A preview (no-store) is never kept, and keeps its own headers, whatever its status.
          const ownCaching = reply.getHeader('cache-control');
          const ownNoStore = ownCaching !== undefined && /no-store|private/i.test(String(ownCaching));
          // Only a 200 is cacheable by others; errors (422, a 404…) are not (plugins/no-store.ts leaves
          // this prefix to this layer).
          if (ownCaching === undefined && status !== 200) reply.header('cache-control', 'no-store');
          if (ownNoStore || (status !== 200 && status !== 404)) return payload;
          if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
          if (reply.hasHeader('content-encoding')) return payload;
          const req = request.raw as Marked;
          const contentType = String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8');
          const extra: OutgoingHttpHeaders = {};
          const robots = reply.getHeader('x-robots-tag');
          if (robots !== undefined) extra['x-robots-tag'] = robots;
          const key = keyOf(request.url);
          const answer = answerOf(key, status, Buffer.from(payload), contentType, extra);
          // Kept only if loaded within one generation whose next scheduled instant is known and ahead.
          const stamp = req[STAMP];
          // (usable() first: it moves the generation when that instant has passed.)
          if (request.method === 'GET' && usable() && stamp === generation && boundaryGeneration === stamp) {
            remember(key, answer);
          }
          const encoding = answer.compressible ? encodingFor(request.headers['accept-encoding']) : null;
          const encoded = await encodedBody(answer, encoding).catch(() => null);
          const plain = respond(answer, req, encoded, encoded ? encoding : null);
          reply.code(plain.status);
          reply.removeHeader('content-length');
          if (plain.status === 304) reply.removeHeader('content-type');
          reply.headers(plain.headers as Record<string, string>);
          return plain.status === 304 ? null : plain.body;
        };

        // Callback-style, so the requests of every other prefix pass without a promise (decision 042).
        app.addHook('onRequest', (request, reply, done) => {
          if (!isPublicApiUrl(request.url)) {
            done();
            return;
          }
          onPublicRequest(request, reply).then(() => done(), done);
        });
        app.addHook('onSend', (request, reply, payload, done) => {
          if (!isPublicApiUrl(request.url)) {
            done(null, payload);
            return;
          }
          onPublicSend(request, reply, payload).then((sent) => done(null, sent), done);
        });
      },
      { name: 'public-transport' },
    ),

    /** For tests and benchmarks: how many answers are kept. */
    size: () => entries.size,
  };
}

export type PublicTransport = ReturnType<typeof createPublicTransport>;
