import http from 'node:http';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { createOpenQuiz, solvedProof, startAttempt } from '../lib/quiz-fixture.mjs';
import { formatKb, round } from '../lib/stats.mjs';

// Decision 049: the answering page Gestor serves weighs "at most 50 kB before the first question
// shows". The page of an attempt, /t/{slug}/r/{token}, for the quiz of `test-answering`
// (30 single-choice questions of 4 options, made through the admin API; the attempt started through
// the public API with a solved proof of work), fetched as Chromium asks for it (Accept-Encoding
// `gzip, deflate, br, zstd`). Counted: the HTML as sent — its body's bytes in the content coding the
// server chose, the whole document (not only up to the first <fieldset>), plus its header lines — and
// every file that blocks rendering before the first <fieldset>: stylesheets (`<link
// rel=stylesheet>`, not `media=print`, with their `@import`s) and classic scripts without `defer` or
// `async`, each fetched the same way. Deferred and async scripts, images and the like do not hold the
// first question back: they are listed apart, not counted. No browser: the page works without
// JavaScript (§4), so what the HTML and those files weigh is what comes before the first question.
// Measured once, on PGlite.

export const name = 'answer-page-weight';
export const engines = 'once';

const TARGET_BYTES = 50_000;
const QUESTIONS = 30;
const OPTIONS = 4;
const ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

/**
 * One GET as a browser sends it; the bytes as they arrive (body and header lines), then the body decoded.
 * @param {string} url
 * @param {string} accept
 * @returns {Promise<{ status: number, sent: number, bodyBytes: number, text: string, encoding: string, type: string }>}
 */
function get(url, accept) {
  return new Promise((resolve, reject) => {
    const request = http.get(
      url,
      { headers: { Accept: accept, 'Accept-Encoding': ACCEPT_ENCODING }, timeout: 30_000 },
      (response) => {
        /** @type {Buffer[]} */
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const body = Buffer.concat(chunks);
          const raw = response.rawHeaders;
          let headerBytes = Buffer.byteLength(
            `HTTP/${response.httpVersion} ${response.statusCode} ${response.statusMessage}\r\n\r\n`,
          );
          for (let i = 0; i < raw.length; i += 2)
            headerBytes += Buffer.byteLength(`${raw[i]}: ${raw[i + 1]}\r\n`);
          const encoding = String(response.headers['content-encoding'] ?? 'identity');
          const decoded =
            encoding === 'br'
              ? brotliDecompressSync(body)
              : encoding === 'gzip'
                ? gunzipSync(body)
                : encoding === 'deflate'
                  ? inflateSync(body)
                  : body;
          resolve({
            status: response.statusCode ?? 0,
            sent: headerBytes + body.length,
            bodyBytes: decoded.length,
            text: decoded.toString('utf8'),
            encoding,
            type: String(response.headers['content-type'] ?? ''),
          });
        });
      },
    );
    request.on('timeout', () => request.destroy(new Error(`${url}: no answer within 30 s`)));
    request.on('error', reject);
  });
}

/**
 * @param {string} tag
 * @returns {Record<string, string>}
 */
const attributes = (tag) =>
  Object.fromEntries(
    [...tag.matchAll(/([a-z-]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/gi)]
      .slice(1)
      .map((m) => [m[1]?.toLowerCase() ?? '', m[2] ?? m[3] ?? m[4] ?? '']),
  );

/**
 * The files of `html` before its first <fieldset>: those that block rendering, and the rest.
 * @param {string} html
 * @param {string} base
 */
function filesBeforeFirstQuestion(html, base) {
  const end = html.search(/<fieldset[\s>]/i);
  if (end < 0) throw new Error('the page has no <fieldset>: no question shows');
  const before = html.slice(0, end);
  /** @type {Array<{ url: string, kind: string }>} */
  const blocking = [];
  /** @type {Array<{ url: string, kind: string }>} */
  const other = [];
  for (const [tag] of before.matchAll(/<(?:link|script|img|iframe)\b[^>]*>/gi)) {
    const attrs = attributes(tag);
    const name = tag.slice(1).split(/[\s>]/)[0]?.toLowerCase();
    if (name === 'link') {
      const rel = (attrs.rel ?? '').toLowerCase().split(/\s+/);
      if (!attrs.href) continue;
      const url = new URL(attrs.href, base).href;
      if (rel.includes('stylesheet') && !/^print$/i.test(attrs.media ?? ''))
        blocking.push({ url, kind: 'stylesheet' });
      else if (rel.some((r) => ['preload', 'modulepreload', 'icon', 'manifest'].includes(r)))
        other.push({ url, kind: `link ${rel.join(' ')}` });
    } else if (name === 'script' && attrs.src) {
      const url = new URL(attrs.src, base).href;
      const deferred = 'defer' in attrs || 'async' in attrs || (attrs.type ?? '').toLowerCase() === 'module';
      (deferred ? other : blocking).push({ url, kind: deferred ? 'script (defer/async)' : 'script' });
    } else if (attrs.src) {
      other.push({ url: new URL(attrs.src, base).href, kind: name ?? 'element' });
    }
  }
  return { blocking, other, firstQuestionAt: end };
}

/** @param {import('../lib/cases.mjs').CaseContext} context */
export async function run({ server, log }) {
  const quiz = await createOpenQuiz(server.url, { questions: QUESTIONS, options: OPTIONS });
  const token = await startAttempt(server.url, quiz.slug, await solvedProof(server.url, quiz.slug));
  const pagePath = `/t/${encodeURIComponent(quiz.slug)}/r/${encodeURIComponent(token)}`;
  const pageUrl = `${server.url}${pagePath}`;
  const page = await get(pageUrl, 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8');
  if (page.status !== 200 || !page.type.startsWith('text/html')) {
    throw new Error(`GET /t/{slug}/r/{token} answered ${page.status} ${page.type}`);
  }
  const fieldsets = (page.text.match(/<fieldset[\s>]/gi) ?? []).length;
  if (fieldsets !== QUESTIONS)
    throw new Error(`the page shows ${fieldsets} questions, expected ${QUESTIONS}`);
  const { blocking, other } = filesBeforeFirstQuestion(page.text, pageUrl);

  /** @type {Array<{ url: string, kind: string, sent: number, bytes: number, encoding: string }>} */
  const counted = [];
  const queue = [...blocking];
  while (queue.length && counted.length < 50) {
    const file = /** @type {{ url: string, kind: string }} */ (queue.shift());
    if (counted.some((seen) => seen.url === file.url)) continue;
    const answer = await get(file.url, file.kind === 'stylesheet' ? 'text/css,*/*;q=0.1' : '*/*');
    if (answer.status !== 200) throw new Error(`${file.url} answered ${answer.status}`);
    counted.push({ ...file, sent: answer.sent, bytes: answer.bodyBytes, encoding: answer.encoding });
    if (file.kind === 'stylesheet') {
      for (const m of answer.text.matchAll(/@import\s+(?:url\()?\s*["']?([^"')\s;]+)/gi)) {
        if (m[1]) queue.push({ url: new URL(m[1], file.url).href, kind: 'stylesheet' });
      }
    }
  }
  // What the page loads without waiting for it, weighed for the record.
  /** @type {Array<{ url: string, kind: string, sent: number | null }>} */
  const apart = [];
  for (const file of other.slice(0, 20)) {
    const answer = await get(file.url, '*/*').catch(() => null);
    apart.push({ ...file, sent: answer?.status === 200 ? answer.sent : null });
  }
  const total = page.sent + counted.reduce((sum, file) => sum + file.sent, 0);
  const uncompressed = page.bodyBytes + counted.reduce((sum, file) => sum + file.bytes, 0);
  const fileLines = counted.map(
    (file) => `${new URL(file.url).pathname} (${file.kind}): ${formatKb(file.sent)} sent, ${file.encoding}`,
  );
  log(
    `page ${formatKb(page.sent)} sent (${page.encoding}, ${formatKb(page.bodyBytes)} of HTML), ${counted.length} blocking files`,
  );
  return [
    {
      measurement: `Answering page /t/{slug}/r/{token}, ${QUESTIONS} questions, bytes before the first question`,
      engine: '—',
      figure: formatKb(total),
      baseline: `${formatKb(uncompressed)} uncompressed`,
      ratio: round(total / uncompressed),
      target: `≤ ${TARGET_BYTES / 1000} kB`,
      met: total <= TARGET_BYTES,
      data: { page: { ...page, text: undefined }, counted, apart, fieldsets },
      notes: [
        `HTML: ${formatKb(page.sent)} sent (headers and body, ${page.encoding}; ${formatKb(page.bodyBytes)} decoded)`,
        ...(fileLines.length
          ? fileLines
          : ['no stylesheet or script blocks rendering before the first <fieldset>']),
        ...apart.map(
          (file) =>
            `not counted (does not hold the first question back): ${new URL(file.url).pathname} (${file.kind})${file.sent === null ? '' : `, ${formatKb(file.sent)} sent`}`,
        ),
      ],
    },
  ];
}
