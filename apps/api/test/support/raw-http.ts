import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { connect } from 'node:net';

// Bytes straight onto a socket, for what fetch refuses to send: malformed request lines, invalid
// percent-escapes, oversized headers, unknown methods. The answer is read until the server closes the
// connection (or answers with a complete Content-Length body), then split into status, headers and body.

export interface RawResponse {
  /** 0 when the server closed or reset the connection without a status line. */
  status: number;
  headers: Record<string, string>;
  body: string;
  /** The whole answer as received. */
  raw: string;
  /** Set when the socket failed (ECONNRESET…) before a complete answer arrived. */
  error?: string;
}

export function rawRequest(
  port: number,
  data: string | Buffer,
  { timeoutMs = 5_000 }: { timeoutMs?: number } = {},
): Promise<RawResponse> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let settled = false;
    const socket = connect({ port, host: '127.0.0.1' });
    const finish = (error?: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(parse(Buffer.concat(chunks).toString('utf8'), error));
    };
    const timer = setTimeout(() => finish('timeout'), timeoutMs);
    socket.on('connect', () => socket.write(data));
    socket.on('data', (chunk) => {
      chunks.push(chunk);
      const parsed = parse(Buffer.concat(chunks).toString('utf8'));
      const length = Number(parsed.headers['content-length']);
      if (parsed.status && Number.isFinite(length) && Buffer.byteLength(parsed.body) >= length) finish();
    });
    socket.on('end', () => finish());
    socket.on('close', () => finish());
    socket.on('error', (error: NodeJS.ErrnoException) => {
      // A reset after a complete answer (the server closes once it has written) is not a failure.
      const parsed = parse(Buffer.concat(chunks).toString('utf8'));
      const length = Number(parsed.headers['content-length']);
      const complete = parsed.status && Number.isFinite(length) && Buffer.byteLength(parsed.body) >= length;
      finish(complete ? undefined : (error.code ?? error.message));
    });
  });
}

function parse(received: string, error?: string): RawResponse {
  // Interim answers (100 Continue) come before the real one.
  const raw = received.replace(/^(HTTP\/1\.[01] 1\d\d[^\r]*\r\n(?:[^\r]+\r\n)*\r\n)+/, '');
  const end = raw.indexOf('\r\n\r\n');
  const head = end === -1 ? raw : raw.slice(0, end);
  const body = end === -1 ? '' : raw.slice(end + 4);
  const [statusLine = '', ...lines] = head.split('\r\n');
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? 0);
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const i = line.indexOf(':');
    if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
  }
  const decoded = headers['transfer-encoding'] === 'chunked' ? dechunk(body) : body;
  return { status, headers, body: decoded, raw: received, ...(error ? { error } : {}) };
}

/** The body of a chunked answer (sizes in bytes, counted on the UTF-8 text). */
function dechunk(body: string): string {
  const bytes = Buffer.from(body, 'utf8');
  const parts: Buffer[] = [];
  let at = 0;
  while (at < bytes.length) {
    const lineEnd = bytes.indexOf('\r\n', at);
    if (lineEnd === -1) break;
    const size = Number.parseInt(bytes.subarray(at, lineEnd).toString('latin1'), 16);
    if (!Number.isFinite(size) || size === 0) break;
    parts.push(bytes.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(parts).toString('utf8');
}

/**
 * A GET whose body comes back as it travelled: fetch would ask for compression and undo it on its
 * own, hiding what the server sent.
 */
export function rawGet(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end();
  });
}
