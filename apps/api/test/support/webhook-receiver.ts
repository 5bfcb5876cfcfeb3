import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// A website's webhook endpoint for tests: a real HTTP server on 127.0.0.1 that records every request
// and answers as the test says (a status, a hang, a redirect).

export interface ReceivedHook {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
}

/** How to answer one request: a status (200 by default), or `hang` to never answer. */
export type Answer = number | 'hang' | ((response: ServerResponse) => void);

export interface WebhookReceiver {
  url: string;
  port: number;
  received: ReceivedHook[];
  /** How the n-th request (0-based) is answered; 200 when it returns undefined. */
  answer: (request: ReceivedHook, index: number) => Answer | undefined;
  /** Resolves once `count` requests have arrived (fails after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedHook[]>;
  close(): Promise<void>;
}

export async function startReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedHook[] = [];
  const hanging: ServerResponse[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const hook: ReceivedHook = {
        path: request.url ?? '/',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        at: Date.now(),
      };
      const index = received.push(hook) - 1;
      const answer = receiver.answer(hook, index) ?? 200;
      if (answer === 'hang') {
        hanging.push(response);
        return;
      }
      if (typeof answer === 'function') return answer(response);
      response.writeHead(answer, { 'content-type': 'text/plain; charset=utf-8' }).end(`respuesta ${answer}`);
    });
  });
  server.keepAliveTimeout = 500;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const receiver: WebhookReceiver = {
    url: `http://127.0.0.1:${port}`,
    port,
    received,
    answer: () => undefined,
    async waitFor(count, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) {
          throw new Error(`Expected ${count} webhook requests, got ${received.length}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return received.slice(0, count);
    },
    async close() {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return receiver;
}

/** Waits until `check` returns something truthy (polling), or fails after `timeoutMs`. */
export async function eventually<T>(
  check: () => Promise<T> | T,
  timeoutMs = 10_000,
  what = 'condition',
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
