import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import fp from 'fastify-plugin';

// JSON answers of 1 kB or more are compressed when the client accepts it: a list
// page of news is tens of kB of repetitive JSON that brotli shrinks to a tenth. So are the HTML pages
// the server renders itself (the answering page of tests, /t/…): a test of many questions is tens of
// kB of markup that must arrive fast on a phone.
//
// Only JSON the server has serialised whole (a string or a Buffer) is touched. Streams are left as
// they are: the SPA's files are compressed at build time and sent by @fastify/static as `.br`/`.gz`
// (plugins/spa.ts), uploaded media are images, video and PDFs, and the CSV export is a spooled file
// (decision 012). An answer that already has a Content-Encoding is never compressed twice.
// Headers such as Cache-Control (no-store on /api, plugins/no-store.ts) are left alone.
//
// Written here rather than taken from @fastify/compress, which also decompresses request bodies
// (a way to send the server a zip bomb) and compresses streams we want untouched.

/** Below this, compression saves less than its cost (and a TLS record holds it anyway). */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

export type Encoding = 'br' | 'gzip';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** `application/json`, the `+json` types such as `application/problem+json`, and `text/html`. */
const COMPRESSED_TYPE = /^(?:application\/(?:[\w.-]+\+)?json|text\/html)\s*(?:;|$)/i;

/**
 * The encoding to answer with for an Accept-Encoding header (RFC 9110 §12.5.3), or null for none:
 * the accepted one with the highest q-value, brotli before gzip on a tie. `q=0` refuses a coding;
 * `*` stands for any coding not named.
 */
export function negotiateEncoding(header: string | string[] | undefined): Encoding | null {
  const text = Array.isArray(header) ? header.join(',') : (header ?? '');
  const weights = new Map<string, number>();
  for (const part of text.split(',')) {
    const [name = '', ...parameters] = part.split(';').map((piece) => piece.trim().toLowerCase());
    if (!name) continue;
    let weight = 1;
    for (const parameter of parameters) {
      const match = /^q\s*=\s*([01](?:\.\d{0,3})?)$/.exec(parameter);
      if (match) weight = Number(match[1]);
    }
    // x-gzip is gzip's old name (RFC 9110 §8.4.1.3).
    const coding = name === 'x-gzip' ? 'gzip' : name;
    weights.set(coding, Math.max(weights.get(coding) ?? 0, weight));
  }
  const any = weights.get('*') ?? 0;
  let best: Encoding | null = null;
  let bestWeight = 0;
  for (const coding of ['br', 'gzip'] as const) {
    const weight = weights.get(coding) ?? any;
    if (weight > bestWeight) {
      best = coding;
      bestWeight = weight;
    }
  }
  return best;
}

/**
 * gzip's window and hash table: zlib's defaults (32 kB, memLevel 8) allocate about 270 kB of state per
 * call, which the allocator maps and unmaps each time, about 20 page faults and half the call's CPU
 * in the kernel for a 20 kB list (decision 042). JSON repeats its keys within a record or two, so an
 * 8 kB window compresses a list page as well (within 0.5 %) at a third of the cost.
 */
const GZIP_OPTIONS = { level: 6, windowBits: 13, memLevel: 6 };

/** Brotli's settings for a body of `bytes`: quality 5, most of its gain at a small fraction of 11's time. */
const brotliOptions = (bytes: number) => ({
  params: {
    [constants.BROTLI_PARAM_QUALITY]: 5,
    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    [constants.BROTLI_PARAM_SIZE_HINT]: bytes,
  },
});

/**
 * Up to this size an answer is compressed on the request's own thread (decision 042). Handing it to
 * libuv's thread pool and back cost more than compressing it: brotli takes about 0.5 ms for a 25 kB list
 * page here, the round trip through the pool 0.25 ms more at the median and several ms in one answer
 * in a hundred (the media grid's first page at 100 000 items, asked as Chromium asks: median 3.67 →
 * 3.13 ms). Larger answers (a page of 100 news bodies) still go to the pool, so one never holds the
 * others for long.
 */
export const INLINE_COMPRESSION_MAX_BYTES = 64 * 1024;

/** One answer in a coding, at once (see INLINE_COMPRESSION_MAX_BYTES). */
function compressInline(body: string | Buffer, encoding: Encoding, bytes: number): Buffer {
  return encoding === 'gzip' ? gzipSync(body, GZIP_OPTIONS) : brotliCompressSync(body, brotliOptions(bytes));
}

/** One answer in a coding (also the public API's cache, which keeps the result: modules/public). */
export function compress(body: string | Buffer, encoding: Encoding): Promise<Buffer> {
  const bytes = Buffer.byteLength(body);
  if (bytes <= INLINE_COMPRESSION_MAX_BYTES) {
    try {
      return Promise.resolve(compressInline(body, encoding, bytes));
    } catch (error) {
      return Promise.reject(error);
    }
  }
  return encoding === 'gzip' ? gzipAsync(body, GZIP_OPTIONS) : brotli(body, brotliOptions(bytes));
}

/** A Vary header's value with `value` added, unless it is there already (or `*`). */
export function addVary(current: unknown, value: string): string {
  if (current === undefined) return value;
  const existing = Array.isArray(current) ? current.join(', ') : typeof current === 'string' ? current : '';
  const names = existing
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (names.some((name) => name === '*' || name.toLowerCase() === value.toLowerCase())) return existing;
  return [...names, value].join(', ');
}

/** A browser sends the same Accept-Encoding on every call: its answer is remembered (a bounded memo). */
const negotiated = new Map<string, Encoding | null>();
export function encodingFor(header: string | string[] | undefined): Encoding | null {
  if (Array.isArray(header)) return negotiateEncoding(header);
  // No header at all reads as an empty one (a client of the API, a load generator).
  const key = header ?? '';
  let encoding = negotiated.get(key);
  if (encoding === undefined) {
    encoding = negotiateEncoding(key);
    if (negotiated.size >= 100) negotiated.clear();
    negotiated.set(key, encoding);
  }
  return encoding;
}

export default fp(
  async (app) => {
    // Callback-style: an answer left as it is (most of them) costs no promise (decision 042).
    app.addHook('onSend', (request, reply, payload, done) => {
      if (
        (typeof payload !== 'string' && !Buffer.isBuffer(payload)) ||
        reply.hasHeader('content-encoding') ||
        !COMPRESSED_TYPE.test(String(reply.getHeader('content-type') ?? '')) ||
        Buffer.byteLength(payload) < COMPRESSION_THRESHOLD_BYTES
      ) {
        done(null, payload);
        return;
      }
      // The answer depends on Accept-Encoding from here on, whichever way it goes.
      reply.header('vary', addVary(reply.getHeader('vary'), 'Accept-Encoding'));
      const encoding = encodingFor(request.headers['accept-encoding']);
      if (!encoding) {
        done(null, payload);
        return;
      }
      // compress() answers at once up to INLINE_COMPRESSION_MAX_BYTES (no trip to the pool).
      compress(payload, encoding).then((compressed) => {
        reply.header('content-encoding', encoding);
        reply.removeHeader('content-length');
        done(null, compressed);
      }, done);
    });
  },
  { name: 'compression' },
);
