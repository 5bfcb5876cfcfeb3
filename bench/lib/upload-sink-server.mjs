import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, unlink } from 'node:fs/promises';
import { createServer } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { startScriptServer } from './ports.mjs';

// The baseline of the upload measurements: a bare node:http server, in a process of its own like
// the real one, that streams each request's body (the whole multipart request, unparsed) to a new
// file on disk, then answers 201. The floor of "receive the bytes and put them on disk": no
// parsing, no hashing, no copy to storage, no database.

/**
 * Starts the sink server in a child process on 127.0.0.1.
 * @returns {Promise<{ url: string, pid: number, stop(): Promise<void> }>}
 */
export function startUploadSink() {
  return startScriptServer(
    fileURLToPath(import.meta.url),
    { TMPDIR: os.tmpdir() },
    { name: 'the upload sink', graceMs: 5_000 },
  );
}

// Run as a script: write every request body to a file of its own in a temporary directory, remove
// it once written (the disk would fill up otherwise), answer 201, and print {"port": …}.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'gestor-bench-sink-'));
  const answer = Buffer.from('{"data":{"id":0}}');
  const server = createServer(async (request, response) => {
    const target = path.join(directory, `upload-${randomBytes(12).toString('hex')}`);
    try {
      await pipeline(request, createWriteStream(target));
      response.writeHead(201, {
        'content-type': 'application/json; charset=utf-8',
        'content-length': answer.length,
      });
      response.end(answer);
    } catch (error) {
      response.writeHead(500);
      response.end(String(error));
    } finally {
      await unlink(target).catch(() => {});
    }
  });
  // Same keep-alive window as Fastify's default, so connections are reused the same way.
  server.keepAliveTimeout = 72_000;
  server.listen(0, '127.0.0.1', () => {
    process.stdout.write(`${JSON.stringify({ port: /** @type {any} */ (server.address()).port })}\n`);
  });
  process.once('SIGTERM', () => {
    server.close();
    void rm(directory, { recursive: true, force: true }).finally(() => process.exit(0));
  });
}
