import { setMaxListeners } from 'node:events';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import {
  WEBHOOK_RESPONSE_EXCERPT_BYTES,
  WEBHOOK_RETRY_SCHEDULE_SECONDS,
  WEBHOOK_TIMEOUT_SECONDS,
} from '@gestor/shared';
import type { Database } from '../../db/client';
import { type AddressGuard, RefusedAddress, type ResolvedAddress } from './address-guard';
import { signWebhook } from './signature';

// docs/webhooks.md#retries-and-guarantees and "each delivery is sent by exactly one of them": every server
// process runs this worker. It claims due deliveries with FOR UPDATE SKIP LOCKED, moving each one's
// next_attempt_at ahead by a lease and raising its attempt in the same statement (so another process
// neither waits for it nor takes it), sends it, and writes the outcome for that attempt only. A
// process that dies mid-send leaves the row to fall due when its lease ends: sent again, never lost.

type Log = { error(obj: object, msg: string): void; warn(obj: object, msg: string): void };

export interface DeliveryWorkerOptions {
  /** How often the outbox is looked at for other processes' rows and due retries. */
  pollIntervalMs?: number;
  /** The waits after each failed attempt (docs/webhooks.md's by default); then the delivery is failed. */
  retryScheduleMs?: readonly number[];
  /** No answer within this long is a failed attempt. */
  timeoutMs?: number;
  /** How long a claimed delivery is this process's: well beyond an attempt's timeout. */
  leaseMs?: number;
  /** Attempts in flight at once. */
  concurrency?: number;
  /** How long a stop waits for attempts in flight before it cuts them off (they are sent again later). */
  stopGraceMs?: number;
}

interface Claimed {
  id: number;
  attempt: number;
  message_id: string;
  payload: string;
  url: string;
  secret: string;
}

/** What one attempt came to. */
interface Outcome {
  delivered: boolean;
  httpStatus: number | null;
  durationMs: number;
  excerpt: string | null;
  error: string | null;
}

export const DEFAULT_RETRY_SCHEDULE_MS = WEBHOOK_RETRY_SCHEDULE_SECONDS.map((seconds) => seconds * 1000);

/**
 * Joined into the worker's own statements (claims, outcomes): that statement's commit does not wait
 * for the disk (synchronous_commit off for its transaction alone), which would otherwise cost an
 * fsync each. Should the database crash before they reach the disk, a delivery is sent once more,
 * never lost: the outbox rows were committed, durably, with the change that caused them.
 */
const ASYNC_COMMIT = `(SELECT set_config('synchronous_commit', 'off', true)) AS async_commit`;

/** Aborted by a stop: the claim is handed back, not counted as a failed attempt. */
class Stopped extends Error {}

/** Text PostgreSQL can store: U+0000 removed (a receiver may answer anything). */
const storable = (text: string) => text.replaceAll('\u0000', '');

/** One signed POST to the address checked, without following redirects. */
function post(
  url: URL,
  pinned: ResolvedAddress,
  headers: Record<string, string>,
  body: string,
  {
    timeoutMs,
    signal,
    agents,
  }: { timeoutMs: number; signal: AbortSignal; agents: { http: http.Agent; https: https.Agent } },
): Promise<Omit<Outcome, 'durationMs'>> {
  // Connect to the address the guard checked, whatever the name resolves to by now (DNS rebinding).
  const lookup: LookupFunction = (_hostname, options, callback) => {
    if ((options as { all?: boolean }).all) {
      (callback as unknown as (error: null, addresses: ResolvedAddress[]) => void)(null, [pinned]);
    } else callback(null, pinned.address, pinned.family);
  };
  const secure = url.protocol === 'https:';
  return new Promise((resolve, reject) => {
    const request = (secure ? https : http).request(url, {
      method: 'POST',
      headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
      agent: secure ? agents.https : agents.http,
      lookup,
      signal,
    });
    const timer = setTimeout(() => request.destroy(new Error('timeout')), timeoutMs);
    const finish = (outcome: Omit<Outcome, 'durationMs'>) => {
      clearTimeout(timer);
      resolve(outcome);
    };
    request.on('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      if (signal.aborted) return reject(new Stopped());
      finish({ delivered: false, httpStatus: null, excerpt: null, error: describeFailure(error, timeoutMs) });
    });
    request.on('response', (response) => {
      const status = response.statusCode ?? 0;
      const chunks: Buffer[] = [];
      let kept = 0;
      let read = 0;
      response.on('data', (chunk: Buffer) => {
        read += chunk.length;
        if (kept < WEBHOOK_RESPONSE_EXCERPT_BYTES) {
          const part = chunk.subarray(0, WEBHOOK_RESPONSE_EXCERPT_BYTES - kept);
          chunks.push(part);
          kept += part.length;
        }
        // A receiver that answers at length is not read to the end (nor kept alive).
        if (read > 64 * 1024) response.destroy();
      });
      const done = () =>
        finish({
          delivered: status >= 200 && status < 300,
          httpStatus: status,
          excerpt: storable(Buffer.concat(chunks).toString('utf8')),
          error:
            status >= 300 && status < 400
              ? `Redirección no seguida (HTTP ${status}): indique la dirección final del webhook.`
              : null,
        });
      response.on('end', done);
      response.on('close', done);
      response.on('error', () => {});
    });
    request.end(body);
  });
}

function describeFailure(error: NodeJS.ErrnoException, timeoutMs: number): string {
  if (error.message === 'timeout') return `Sin respuesta en ${Math.round(timeoutMs / 1000)} s.`;
  switch (error.code) {
    case 'ECONNREFUSED':
      return 'El servidor rechazó la conexión.';
    case 'ECONNRESET':
    case 'EPIPE':
      return 'El servidor cortó la conexión.';
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return 'No se puede llegar al servidor.';
    default:
      if (error.code?.startsWith('ERR_TLS') || /certificate|ssl|tls/i.test(error.message)) {
        return 'No se pudo establecer una conexión segura (HTTPS) con el servidor.';
      }
      return `No se pudo conectar con el servidor${error.code ? ` (${error.code})` : ''}.`;
  }
}

export interface DeliveryWorker {
  start(): void;
  /** Looks at the outbox now (after a commit that queued deliveries). */
  wake(): void;
  /** Stops claiming; waits a moment for attempts in flight, then cuts them off and hands their rows back. */
  stop(): Promise<void>;
}

export function createDeliveryWorker({
  database,
  guard,
  log,
  options = {},
}: {
  database: Database;
  guard: AddressGuard;
  log: Log;
  options?: DeliveryWorkerOptions;
}): DeliveryWorker {
  const {
    pollIntervalMs = 5000,
    retryScheduleMs = DEFAULT_RETRY_SCHEDULE_MS,
    timeoutMs = WEBHOOK_TIMEOUT_SECONDS * 1000,
    leaseMs = Math.max(60_000, timeoutMs * 6),
    concurrency = 16,
    stopGraceMs = 2000,
  } = options;
  const agents = {
    http: new http.Agent({ keepAlive: true, maxSockets: concurrency }),
    https: new https.Agent({ keepAlive: true, maxSockets: concurrency }),
  };
  const stopping = new AbortController();
  // Every attempt in flight listens to it.
  setMaxListeners(0, stopping.signal);
  const inFlight = new Set<Promise<void>>();
  let started = false;
  let stopped = false;
  let claiming = false;
  let drained = false;
  // Woken while a claim ran: that claim may have missed what the waking commit queued.
  let lookAgain = false;
  let timer: NodeJS.Timeout | null = null;

  /** Takes up to `limit` due deliveries for this process (none that another process holds). */
  async function claim(limit: number): Promise<Claimed[]> {
    return database.query<Claimed>(
      `WITH due AS (
         SELECT id FROM webhook_deliveries
          WHERE next_attempt_at <= now()
          ORDER BY next_attempt_at, id
          LIMIT $1
          FOR UPDATE SKIP LOCKED
       )
       UPDATE webhook_deliveries d
          SET attempt = d.attempt + 1, next_attempt_at = now() + $2 * interval '1 millisecond'
         FROM due, webhooks w, ${ASYNC_COMMIT}
        WHERE d.id = due.id AND w.id = d.webhook_id
       RETURNING d.id, d.attempt, d.message_id, d.payload, w.url, w.secret`,
      [limit, leaseMs],
    );
  }

  /** What attempts came to, waiting to be written (one statement for all of them). */
  const outcomes: Array<{ delivery: Claimed; outcome: Outcome; at: string }> = [];
  let flushing: Promise<void> | null = null;
  let flushTimer: NodeJS.Timeout | null = null;

  /**
   * A batch as soon as it is full, else a moment after the first outcome (≤ 50 ms late): one
   * statement for many attempts rather than a statement and a commit each.
   */
  function recordSoon() {
    if (outcomes.length >= concurrency * 4) void flush();
    else flushTimer ??= setTimeout(() => void flush(), 50);
  }

  /**
   * Writes the buffered outcomes, each for its attempt only: should a lease have ended and another
   * process taken the row meanwhile, that attempt is the one that counts. Under load the buffer
   * fills while the previous write runs, so one statement records many attempts.
   */
  function flush(): Promise<void> {
    if (flushTimer) clearTimeout(flushTimer);
    flushTimer = null;
    flushing ??= (async () => {
      while (outcomes.length) {
        const batch = outcomes.splice(0);
        const rows = batch.map(({ delivery, outcome, at }) => {
          const retryIn = outcome.delivered ? undefined : retryScheduleMs[delivery.attempt - 1];
          return {
            id: delivery.id,
            attempt: delivery.attempt,
            status: outcome.delivered ? 'delivered' : retryIn === undefined ? 'failed' : 'retrying',
            http_status: outcome.httpStatus,
            duration_ms: outcome.durationMs,
            excerpt: outcome.excerpt,
            error: outcome.error,
            at,
            retry_ms: retryIn ?? 0,
          };
        });
        await database
          .query(
            `UPDATE webhook_deliveries d
                SET status = o.status, http_status = o.http_status, duration_ms = o.duration_ms,
                    response_excerpt = o.excerpt, error = o.error, attempted_at = o.at,
                    delivered_at = CASE WHEN o.status = 'delivered' THEN o.at ELSE d.delivered_at END,
                    next_attempt_at = CASE WHEN o.status = 'retrying' THEN now() + o.retry_ms * interval '1 millisecond' END
               FROM jsonb_to_recordset($1::jsonb) AS o (id bigint, attempt integer, status text, http_status integer,
                    duration_ms integer, excerpt text, error text, at timestamptz, retry_ms float8),
                    ${ASYNC_COMMIT}
              WHERE d.id = ANY ($2::bigint[]) AND d.id = o.id AND d.attempt = o.attempt`,
            [JSON.stringify(rows), rows.map((row) => row.id)],
          )
          .catch((error: unknown) => log.error({ err: error }, 'No se pudo anotar un envío de webhook'));
      }
    })().finally(() => {
      flushing = null;
    });
    return flushing;
  }

  async function attempt(delivery: Claimed) {
    const started = performance.now();
    let outcome: Outcome;
    try {
      const url = new URL(delivery.url);
      // Checked again now, after resolving the name: the address may have changed since the save.
      const pinned = await guard.resolve(url);
      const timestamp = Math.floor(Date.now() / 1000);
      const headers = {
        'content-type': 'application/json',
        'user-agent': 'Gestor-Webhooks',
        'webhook-id': delivery.message_id,
        'webhook-timestamp': String(timestamp),
        'webhook-signature': signWebhook(delivery.secret, delivery.message_id, timestamp, delivery.payload),
      };
      const result = await post(url, pinned, headers, delivery.payload, {
        timeoutMs,
        signal: stopping.signal,
        agents,
      });
      outcome = { ...result, durationMs: Math.round(performance.now() - started) };
    } catch (error) {
      if (error instanceof Stopped) {
        handedBack.push(delivery);
        return;
      }
      outcome = {
        delivered: false,
        httpStatus: null,
        durationMs: Math.round(performance.now() - started),
        excerpt: null,
        error: error instanceof RefusedAddress ? error.message : 'No se pudo enviar.',
      };
      if (!(error instanceof RefusedAddress)) log.error({ err: error }, 'Un envío de webhook ha fallado');
    }
    outcomes.push({ delivery, outcome, at: new Date().toISOString() });
    recordSoon();
  }

  /** Claimed rows this process will not send after all (a stop): due again now, for any process. */
  const handedBack: Claimed[] = [];
  async function handBack() {
    const rows = handedBack.splice(0).map(({ id, attempt }) => ({ id, attempt }));
    if (!rows.length) return;
    await database
      .query(
        `UPDATE webhook_deliveries d SET attempt = d.attempt - 1, next_attempt_at = now()
           FROM jsonb_to_recordset($1::jsonb) AS o (id bigint, attempt integer), ${ASYNC_COMMIT}
          WHERE d.id = o.id AND d.attempt = o.attempt`,
        [JSON.stringify(rows)],
      )
      .catch(() => {});
  }

  /** When the outbox should be looked at next: the earliest due row, or the poll interval. */
  async function scheduleNext() {
    if (stopped) return;
    let wait = pollIntervalMs;
    try {
      await flush();
      const [row] = await database.query<{ wait: number | null }>(
        `SELECT (extract(epoch FROM min(next_attempt_at) - now()) * 1000)::float8 AS wait
           FROM webhook_deliveries WHERE next_attempt_at IS NOT NULL`,
      );
      if (row?.wait !== null && row?.wait !== undefined) wait = Math.min(wait, Math.max(0, row.wait + 5));
    } catch {
      // The database is away for a moment: look again at the usual interval.
    }
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(look, wait);
    timer.unref();
  }

  /** Claimed rows waiting for a free slot: claimed a few at a time, so a claim serves many attempts. */
  const queue: Claimed[] = [];

  function dispatch(delivery: Claimed) {
    const running: Promise<void> = attempt(delivery)
      .catch((error: unknown) => log.error({ err: error }, 'Un envío de webhook ha fallado'))
      .finally(() => {
        inFlight.delete(running);
        if (!stopped) void pump();
      });
    inFlight.add(running);
  }

  /**
   * Dispatches claimed rows into free slots and claims the next batch before the queue runs dry, so
   * no slot waits for a claim. A claim that finds fewer rows than it asked for means the outbox is
   * drained: no more claims until a commit wakes the worker or the timer fires.
   */
  async function pump(): Promise<void> {
    if (stopped) return;
    while (queue.length && inFlight.size < concurrency) dispatch(queue.shift()!);
    if (claiming || drained || queue.length >= concurrency) return idleCheck();
    claiming = true;
    const limit = concurrency * 4;
    try {
      const claimed = await claim(limit);
      queue.push(...claimed);
      if (claimed.length < limit && !lookAgain) drained = true;
      lookAgain = false;
    } catch (error) {
      drained = true;
      if (!stopped) log.warn({ err: error }, 'No se pudo consultar la cola de webhooks');
    } finally {
      claiming = false;
    }
    return pump();
  }

  /** Idle (nothing in flight or queued, the outbox drained): look again at the earliest due retry, or after the poll interval. */
  async function idleCheck() {
    if (drained && !claiming && inFlight.size === 0 && queue.length === 0) await scheduleNext();
  }

  /** Looks at the outbox again (a commit queued deliveries, a timer fired). */
  function look() {
    drained = false;
    if (claiming) lookAgain = true;
    void pump();
  }

  return {
    start() {
      if (started) return;
      started = true;
      look();
    },
    wake() {
      if (started) look();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      // A claim in progress first: what it takes is queued once it returns.
      while (claiming) await new Promise((resolve) => setTimeout(resolve, 10));
      handedBack.push(...queue.splice(0));
      if (inFlight.size) {
        const grace = new Promise((resolve) => setTimeout(resolve, stopGraceMs).unref());
        await Promise.race([Promise.allSettled([...inFlight]), grace]);
        stopping.abort();
        await Promise.allSettled([...inFlight]);
      }
      await flush();
      await handBack();
      agents.http.destroy();
      agents.https.destroy();
    },
  };
}
