import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { MESSAGES } from '@gestor/shared';
import { rateKey } from './client-address';
import { rawJsonResponse } from './http-errors';

// What Node's HTTP server leaves open at the entrance (decision 038): with Fastify's requestTimeout of
// 0, a request whose body stops arriving is never cut off, and nothing bounds how many connections
// one address holds. A connection is closed when the client owes bytes (the headers of a request, or
// the rest of its body) and has sent none for `idleMs`; an upload that keeps sending, however slowly,
// is never cut. And each address holds at most `maxPerAddress` connections at once.

export const REQUEST_IDLE_TIMEOUT_MS = 30_000;

interface ConnectionState {
  /** The address the bound counts (rateKey: IPv4-mapped as IPv4, IPv6 by its /64). */
  address: string;
  /** socket.bytesRead when last seen, and since when it has not moved. */
  bytes: number;
  quietSince: number;
  /** The latest request handed to the application on this connection, and its answer. */
  request: IncomingMessage | null;
  response: ServerResponse | null;
  /** socket.bytesRead once that request was read and answered: more means another one has begun. */
  restBytes: number;
  restFor: IncomingMessage | null;
}

const STATE = Symbol('gestor.connection');
type Guarded = Socket & { [STATE]?: ConnectionState };

/**
 * Whether an answer to the request being read on this socket has already gone out: a parse error in
 * its body must then write nothing more (a second answer on one connection), only close it.
 */
export function answerAlreadySent(socket: Socket): boolean {
  const state = (socket as Guarded)[STATE];
  return !!state?.response?.headersSent && !!state.request && !state.request.complete;
}

/** Whether the connection is waiting on its client (not on us, and not idle between requests). */
function owedByClient(state: ConnectionState, socket: Socket): boolean {
  const { request, response } = state;
  // Connected, and not even a request's headers complete yet.
  if (!request || !response) return true;
  if (!request.complete) {
    // What arrived and the application has not read yet: the wait is ours, not the client's.
    return request.readableLength === 0;
  }
  if (!response.writableFinished) return false;
  // Answered: idle between requests is keepAliveTimeout's business, unless another request has begun.
  if (state.restFor !== request) {
    state.restFor = request;
    state.restBytes = socket.bytesRead;
  }
  return socket.bytesRead > state.restBytes;
}

export interface ConnectionGuardOptions {
  /** How long a client that owes bytes may send none (REQUEST_IDLE_TIMEOUT_MS; tests use less). */
  idleMs: number;
  /** MAX_CONNECTIONS_PER_IP: open connections per address; 0 for no bound. */
  maxPerAddress: number;
}

/** Watches a server's connections; `track` is called with each request as it is handed over. */
export function guardConnections(server: Server, { idleMs, maxPerAddress }: ConnectionGuardOptions) {
  const open = new Map<string, number>();
  const sockets = new Set<Guarded>();

  server.on('connection', (socket: Guarded) => {
    const address = rateKey(socket.remoteAddress ?? '');
    const count = (open.get(address) ?? 0) + 1;
    if (maxPerAddress > 0 && count > maxPerAddress) {
      // Refused before a byte is read: the answer, then the connection closes.
      if (socket.writable) socket.write(rawJsonResponse(429, MESSAGES.tooManyRequests));
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket[STATE] = {
      address,
      bytes: socket.bytesRead,
      quietSince: Date.now(),
      request: null,
      response: null,
      restBytes: 0,
      restFor: null,
    };
    sockets.add(socket);
    socket.once('close', () => {
      sockets.delete(socket);
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });

  // One sweep for all connections (a timer per connection would cost more than it saves), often
  // enough that a stalled one goes within a quarter of the idle time after its due.
  const sweep = setInterval(
    () => {
      const now = Date.now();
      for (const socket of sockets) {
        const state = socket[STATE]!;
        const read = socket.bytesRead;
        if (read !== state.bytes) {
          state.bytes = read;
          state.quietSince = now;
          continue;
        }
        if (now - state.quietSince < idleMs || !owedByClient(state, socket)) continue;
        // Nothing answered yet: say why, as Node does for a request that takes too long.
        if (!state.response?.headersSent && socket.writable) {
          socket.write(rawJsonResponse(408, MESSAGES.requestTimeout));
        }
        socket.destroy();
      }
    },
    Math.max(50, Math.min(1_000, Math.floor(idleMs / 4))),
  );
  sweep.unref();
  server.on('close', () => clearInterval(sweep));

  return {
    /** Records the request the application is handed (two assignments: the hot path stays cheap). */
    track(request: IncomingMessage, response: ServerResponse) {
      const state = (request.socket as Guarded)[STATE];
      if (!state) return;
      state.request = request;
      state.response = response;
    },
    /** Open connections per counted address, for tests. */
    openConnections: () => new Map(open),
  };
}
