import {
  type Area,
  publicFieldsOf,
  WEBHOOK_EVENTS,
  WEBHOOK_LOG_SIZE,
  type WebhookDeliveryType,
  type WebhookEvent,
  type WebhookPayload,
  webhookModeOf,
} from '@gestor/shared';
import type { Connection, Database } from '../../db/client';
import type {
  ChangeFeed,
  RecordChange,
  ResourceDefinition,
  WriteContext,
} from '../resource/resource-definition';
import { newMessageId } from './signature';

// docs/webhooks.md#retries-and-guarantees: an event is written in the transaction of the change that causes it,
// as one outbox row per subscribed active webhook (webhook_deliveries); the delivery worker sends
// them once the transaction has committed. What rolls back was never announced.

type AnyDefinition = ResourceDefinition<{ id: number; updated_at: string }, unknown, unknown>;

export interface Outbox {
  /**
   * Queues `type` for every active webhook subscribed to it (or for `webhookId` alone, whatever it
   * subscribes to: a test). Returns the ids of the deliveries queued.
   */
  enqueue(
    tx: Connection,
    type: WebhookDeliveryType,
    data: WebhookPayload['data'],
    options?: { webhookId?: number },
  ): Promise<number[]>;
}

export function createOutbox(): Outbox {
  return {
    async enqueue(tx, type, data, { webhookId } = {}) {
      const payload: WebhookPayload = { type, timestamp: new Date().toISOString(), data };
      const rows = await tx.query<{ id: number }>(
        webhookId === undefined
          ? `INSERT INTO webhook_deliveries (webhook_id, message_id, type, payload)
             SELECT w.id, $1, $2, $3 FROM webhooks w WHERE w.active AND $2 = ANY (w.events)
             RETURNING id`
          : `INSERT INTO webhook_deliveries (webhook_id, message_id, type, payload)
             SELECT w.id, $1, $2, $3 FROM webhooks w WHERE w.id = $4
             RETURNING id`,
        [newMessageId(), type, JSON.stringify(payload), ...(webhookId === undefined ? [] : [webhookId])],
      );
      return rows.map((row) => Number(row.id));
    },
  };
}

const isEvent = (name: string): name is WebhookEvent => (WEBHOOK_EVENTS as readonly string[]).includes(name);

/**
 * Whether an edit changed what the website reads of the record (decision 047): a field its table
 * marks public, or one the area's own public values are computed from. An area with no public side
 * (the media library, read through the records that show its files) is seen whole.
 */
function seenByWebsite({ definition, before, after }: RecordChange): boolean {
  const side = definition.publicSide;
  if (!side || !before || !after) return true;
  const read = [
    ...publicFieldsOf(definition.contract.fields).map((field) => field.name),
    ...Object.values(side.own ?? {}).flatMap((own) => own.from ?? []),
  ];
  const was = before as Record<string, unknown>;
  const is = after as Record<string, unknown>;
  return read.some((name) => JSON.stringify(was[name] ?? null) !== JSON.stringify(is[name] ?? null));
}

/**
 * The event one change makes; null when it says nothing (a draft's edit, an inactive entity's, an
 * edit of what the website does not read: an entity's tax id). `was` and `is` say whether a public
 * reader saw the record before the write and sees it after (its area's public condition):
 * - `changes`: a write of a record seen before or after it is `<area>.changed` (one appearing,
 *   changed or going away on the website); one that was not public and still is not was never shown;
 * - `publication`: `<area>.published` when a record becomes public, `.updated` when one public before
 *   and after is changed, `.unpublished` when it stops being public, `.deleted` when a public one is
 *   deleted.
 */
export function eventOf(area: Area, change: RecordChange): string | null {
  const { before, after, edited, was, is } = change;
  const mode = webhookModeOf(area);
  if (mode === 'changes') {
    if (before && after && !edited) return null;
    if (!was && !is) return null;
    return was && is && !seenByWebsite(change) ? null : `${area}.changed`;
  }
  if (mode !== 'publication') return null;
  if (!was && is) return `${area}.published`;
  if (was && is) return edited && seenByWebsite(change) ? `${area}.updated` : null;
  if (was && after) return `${area}.unpublished`;
  if (was) return `${area}.deleted`;
  return null;
}

const slugOf = (record: { id: number } | null) =>
  ((record as { slug?: unknown } | null)?.slug as string | undefined) ?? null;

/**
 * The machinery's change feed: each announced change of a record becomes its event in the outbox,
 * and the worker is woken once the transaction has committed.
 */
export function outboxFeed(outbox: Outbox, wake: () => void): ChangeFeed {
  return async (ctx: WriteContext, change: RecordChange) => {
    const area = change.definition.contract.area;
    const type = eventOf(area, change);
    if (!type || !isEvent(type)) return;
    const record = change.after ?? change.before!;
    const queued = await outbox.enqueue(ctx.tx, type, { area, id: record.id, slug: slugOf(record) });
    if (queued.length) ctx.afterCommit(async () => wake());
  };
}

/** The moments an area's records change by time alone (its public side's), and the event each sends. */
function timedOf(definition: AnyDefinition) {
  const mode = webhookModeOf(definition.contract.area);
  const moments = definition.publicSide?.changesAt;
  if (!mode || !moments?.length) return null;
  const kind = mode === 'changes' ? 'changed' : 'published';
  return { moments, event: `${definition.contract.area}.${kind}` as WebhookEvent };
}

/**
 * docs/public-api.md: "A scheduled item sends <area>.published within a minute of its time" (and a slide's
 * window opening or closing, slide.changed). Each such moment that has come is marked announced
 * (webhook_announcements) and queued in one transaction; of several processes running this at once,
 * the INSERT … ON CONFLICT DO NOTHING lets exactly one return it. Returns how many deliveries were
 * queued.
 */
export async function announceTimed(
  database: Database,
  outbox: Outbox,
  definitions: readonly AnyDefinition[],
): Promise<number> {
  let queued = 0;
  for (const definition of definitions) {
    const timed = timedOf(definition);
    if (!timed) continue;
    const area = definition.contract.area;
    const slug = definition.slug ? 't.slug' : 'NULL::text';
    // A record in the trash (decision 026) is not public when its moment comes.
    const live = definition.contract.trash === false ? '' : ' AND t.deleted_at IS NULL';
    for (const { condition, at, kind } of timed.moments) {
      const event = kind ? (`${area}.${kind}` as WebhookEvent) : timed.event;
      queued += await database.transaction(async (tx) => {
        const due = await tx.query<{ id: number; slug: string | null }>(
          `WITH due AS (
             INSERT INTO webhook_announcements (area, record_id, at)
             SELECT $1, t.id, ${at} FROM ${definition.table} t WHERE ${condition} AND ${at} <= now()${live}
             ON CONFLICT DO NOTHING
             RETURNING record_id
           )
           SELECT t.id, ${slug} AS slug FROM ${definition.table} t JOIN due ON due.record_id = t.id ORDER BY t.id`,
          [area],
        );
        let count = 0;
        for (const record of due) {
          const ids = await outbox.enqueue(tx, event, { area, id: record.id, slug: record.slug });
          count += ids.length;
        }
        return count;
      });
    }
  }
  return queued;
}

/**
 * Keeps the tables bounded: a webhook's finished deliveries beyond the newest WEBHOOK_LOG_SIZE (what
 * its log shows) go, and so do marks of moments no record has any more. Deliveries still due are
 * never removed.
 */
export async function pruneWebhookTables(database: Database, definitions: readonly AnyDefinition[]) {
  await database.query(
    `DELETE FROM webhook_deliveries d
      WHERE d.next_attempt_at IS NULL
        AND d.id < (SELECT x.id FROM webhook_deliveries x WHERE x.webhook_id = d.webhook_id
                     ORDER BY x.id DESC OFFSET ${WEBHOOK_LOG_SIZE - 1} LIMIT 1)`,
  );
  for (const definition of definitions) {
    const timed = timedOf(definition);
    if (!timed) continue;
    const held = timed.moments.map(({ condition, at }) => `(${condition} AND ${at} = a.at)`).join(' OR ');
    await database.query(
      `DELETE FROM webhook_announcements a WHERE a.area = $1 AND NOT EXISTS (
         SELECT 1 FROM ${definition.table} t WHERE t.id = a.record_id AND (${held}))`,
      [definition.contract.area],
    );
  }
}
