import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { startScriptServer } from './ports.mjs';

// The baseline of a throughput measurement: a bare node:http server, in a process of its own like
// the real one, answering every request with a recorded response (same status, headers and body).
// The gap between the two is what the framework, the session lookup and the database cost.

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'date']);

/**
 * Records a real response for the bare server to replay.
 * @param {Response} response
 */
export async function recordResponse(response) {
  /** @type {Record<string, string | string[]>} */
  const headers = {};
  for (const [name, value] of response.headers) {
    if (!HOP_BY_HOP.has(name) && name !== 'set-cookie') headers[name] = value;
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length) headers['set-cookie'] = cookies;
  return { status: response.status, headers, body: await response.text() };
}

/**
 * Starts the bare server in a child process on 127.0.0.1.
 * @param {{ status: number, headers: Record<string, string | string[]>, body: string }} recorded
 * @returns {Promise<{ url: string, pid: number, stop(): Promise<void> }>}
 */
export function startBareServer(recorded) {
  return startScriptServer(
    fileURLToPath(import.meta.url),
    { BARE_RESPONSE: JSON.stringify(recorded) },
    { name: 'the bare server', graceMs: 2_000 },
  );
}

// Run as a script: serve BARE_RESPONSE and print {"port": …} once listening.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { status, headers, body } = JSON.parse(process.env.BARE_RESPONSE ?? '{}');
  const payload = Buffer.from(body);
  const server = createServer((request, response) => {
    request.resume();
    response.writeHead(status, { ...headers, 'content-length': payload.length });
    response.end(payload);
  });
  // Same keep-alive window as Fastify's default, so connections are reused the same way.
  server.keepAliveTimeout = 72_000;
  server.listen(0, '127.0.0.1', () => {
    process.stdout.write(`${JSON.stringify({ port: /** @type {any} */ (server.address()).port })}\n`);
  });
  process.once('SIGTERM', () => server.close(() => process.exit(0)));
}
