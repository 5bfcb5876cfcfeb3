import type { Database } from '../../db/client';
import type { ChangeFeed, ResourceDefinition } from '../resource/resource-definition';
import { type AddressGuard, addressGuard, type Resolver } from './address-guard';
import { createDeliveryWorker, type DeliveryWorkerOptions } from './delivery-worker';
import { announceTimed, createOutbox, type Outbox, outboxFeed, pruneWebhookTables } from './outbox';

// The webhooks of one server process (decision 023): the address guard, the outbox the machinery
// writes into, the delivery worker, and the poller that announces scheduled items when their time
// comes. Started when the app is ready, stopped when it closes.

type Log = { error(obj: object, msg: string): void; warn(obj: object, msg: string): void };
type AnyDefinition = ResourceDefinition<{ id: number; updated_at: string }, unknown, unknown>;

/** What tests (and the benchmark) may change; the defaults are docs/public-api.md's rules. */
export interface WebhookOptions extends DeliveryWorkerOptions {
  /** How often scheduled items whose time has come are looked for: well within docs/public-api.md's minute. */
  scheduleIntervalMs?: number;
  /** How often old deliveries and marks are pruned. */
  pruneIntervalMs?: number;
  /** How host names are resolved (tests map names to addresses of their choice). */
  resolver?: Resolver;
}

export interface Webhooks {
  guard: AddressGuard;
  outbox: Outbox;
  /** The machinery's change feed: announced changes become outbox rows in their transaction. */
  feed: ChangeFeed;
  /** Looks at the outbox now. */
  wake(): void;
  /** The areas whose scheduled records are announced when their time comes. */
  watch(definitions: readonly AnyDefinition[]): void;
  start(): void;
  stop(): Promise<void>;
}

export function createWebhooks({
  database,
  log,
  allowPrivate,
  options = {},
}: {
  database: Database;
  log: Log;
  allowPrivate: boolean;
  options?: WebhookOptions;
}): Webhooks {
  const { scheduleIntervalMs = 30_000, pruneIntervalMs = 60 * 60 * 1000, resolver } = options;
  const guard = addressGuard({ allowPrivate, ...(resolver ? { resolver } : {}) });
  const outbox = createOutbox();
  const worker = createDeliveryWorker({ database, guard, log, options });
  let watched: readonly AnyDefinition[] = [];
  const timers: NodeJS.Timeout[] = [];
  let ticking: Promise<void> = Promise.resolve();
  let stopped = false;

  /** One run of a periodic task at a time, none after the stop, a failure logged and tried again later. */
  const tick = (task: () => Promise<void>, what: string) => {
    if (stopped) return;
    ticking = ticking.then(() =>
      stopped ? undefined : task().catch((error: unknown) => log.warn({ err: error }, what)),
    );
  };
  const announce = () =>
    tick(async () => {
      if ((await announceTimed(database, outbox, watched)) > 0) worker.wake();
    }, 'No se pudieron anunciar los elementos programados');
  const prune = () =>
    tick(() => pruneWebhookTables(database, watched), 'No se pudo podar el registro de webhooks');

  return {
    guard,
    outbox,
    feed: outboxFeed(outbox, () => worker.wake()),
    wake: () => worker.wake(),
    watch(definitions) {
      watched = definitions;
    },
    start() {
      if (stopped || timers.length) return;
      worker.start();
      announce();
      prune();
      timers.push(setInterval(announce, scheduleIntervalMs), setInterval(prune, pruneIntervalMs));
      for (const timer of timers) timer.unref();
    },
    async stop() {
      stopped = true;
      for (const timer of timers) clearInterval(timer);
      await ticking;
      await worker.stop();
    },
  };
}
