import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import http from 'node:http';
import { pipeline } from 'node:stream/promises';

// Uploads from node the way a browser's FormData does (one `file` part, multipart/form-data), with
// the file streamed from disk: the client never holds it whole, and the Content-Length is known
// up front, as a browser sends it. Plus the clean-up of what the media cases upload.

const UPLOAD_TIMEOUT_MS = 120_000;

/**
 * @typedef {{ status: number, body: string, bytes: number, milliseconds: number }} UploadResult
 */

/**
 * POSTs `file` as the `file` part of a multipart/form-data request.
 * @param {{ url: string, headers?: Record<string, string>, file: string, filename: string,
 *   contentType: string, agent?: http.Agent }} options
 * @returns {Promise<UploadResult>}
 */
export async function uploadFile({ url, headers = {}, file, filename, contentType, agent }) {
  const { size } = await stat(file);
  const boundary = `----gestor-bench-${randomBytes(12).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
      `Content-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const bytes = head.length + size + tail.length;
  const started = performance.now();
  const request = http.request(url, {
    method: 'POST',
    agent,
    headers: {
      ...headers,
      'Content-Type': `multipart/form-data; boundary=${boundary}`,
      'Content-Length': String(bytes),
    },
    timeout: UPLOAD_TIMEOUT_MS,
  });
  request.once('timeout', () =>
    request.destroy(new Error(`${url}: no answer within ${UPLOAD_TIMEOUT_MS / 1000} s`)),
  );
  /** @type {Promise<http.IncomingMessage>} */
  const answered = new Promise((resolve, reject) => {
    request.once('response', resolve);
    request.once('error', reject);
  });
  // A server may answer (413, 401…) before reading the whole body; the answer is what counts then.
  const sent = pipeline(async function* () {
    yield head;
    yield* createReadStream(file, { highWaterMark: 256 * 1024 });
    yield tail;
  }, request).catch((/** @type {unknown} */ error) => error);
  const response = await answered;
  let body = '';
  response.setEncoding('utf8');
  for await (const chunk of response) body += chunk;
  const failure = await sent;
  if (failure && response.statusCode && response.statusCode < 400) throw failure;
  return { status: response.statusCode ?? 0, body, bytes, milliseconds: performance.now() - started };
}

/**
 * Uploads `file` and checks the answer is 201; returns the created media item's id (0 for a server
 * that answers no id, like the bare baseline) with the timing.
 * @param {Parameters<typeof uploadFile>[0]} options
 */
export async function uploadExpectingCreated(options) {
  const result = await uploadFile(options);
  if (result.status !== 201) {
    throw new Error(`POST ${options.url} answered ${result.status}: ${result.body.slice(0, 500)}`);
  }
  const parsed = /** @type {{ data?: { id?: number } }} */ (JSON.parse(result.body));
  return { ...result, id: parsed.data?.id ?? 0, record: parsed.data };
}

/**
 * Runs `connections` clients, each uploading one file after another, until `durationSeconds` have
 * passed (a started upload finishes) or `maxUploads` were started.
 * @param {{ connections: number, durationSeconds: number, maxUploads: number,
 *   upload: (agent: http.Agent) => Promise<{ bytes: number, id: number }> }} options
 */
export async function measureUploadThroughput({ connections, durationSeconds, maxUploads, upload }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  /** @type {number[]} */
  const ids = [];
  let started = 0;
  let bytes = 0;
  const begin = performance.now();
  const deadline = begin + durationSeconds * 1000;
  try {
    await Promise.all(
      Array.from({ length: connections }, async () => {
        while (performance.now() < deadline && started < maxUploads) {
          started++;
          const done = await upload(agent);
          bytes += done.bytes;
          ids.push(done.id);
        }
      }),
    );
  } finally {
    agent.destroy();
  }
  const seconds = (performance.now() - begin) / 1000;
  return {
    uploads: ids.length,
    bytes,
    seconds,
    megabytesPerSecond: bytes / 1e6 / seconds,
    uploadsPerSecond: ids.length / seconds,
    ids: ids.filter((id) => id > 0),
  };
}

/**
 * Deletes media items through the API (DELETE /api/multimedia {ids}), which removes their files.
 * @param {string} baseUrl
 * @param {Record<string, string>} headers  a signed-in session's (browserHeaders)
 * @param {number[]} ids
 */
export async function deleteMedia(baseUrl, headers, ids) {
  for (let from = 0; from < ids.length; from += 500) {
    const response = await fetch(`${baseUrl}/api/multimedia?lang=es`, {
      method: 'DELETE',
      headers: { ...headers, 'Content-Type': 'application/json' },
      body: JSON.stringify({ ids: ids.slice(from, from + 500) }),
    });
    const body = await response.text();
    if (response.status !== 204)
      throw new Error(`DELETE /api/multimedia answered ${response.status}: ${body}`);
  }
}
