import {
  WEBHOOK_LOG_SIZE,
  WEBHOOKS,
  type WebhookDelivery,
  type WebhookInput,
  type WebhookRecord,
  type WebhookUpdateInput,
} from '@gestor/shared';
import type { FastifyRequest } from 'fastify';
import type { Connection } from '../../db/client';
import { notFound, ValidationError } from '../../lib/http-errors';
import { defineArea } from '../resource/area-declaration';
import { spanishOrder, TIMESTAMP_SORTS } from '../resource/resource-definition';
import { RefusedAddress } from './address-guard';
import { newWebhookSecret } from './signature';
import type { Webhooks } from './webhooks';

// Webhooks (docs/webhooks.md): a management area like the others. The server makes the signing secret
// when one is created and answers it that once (`data.secret`); the URL's host must resolve to a
// public address (the guard). Each webhook's log shows its last deliveries, with "Reenviar" for one
// of them and "Enviar prueba" (a `ping`).

type WebhookChanges = Omit<WebhookUpdateInput, 'updated_at'>;

const DELIVERY_COLUMNS = `id, webhook_id, message_id, type, payload, status, attempt, http_status, duration_ms,
  response_excerpt, error, next_attempt_at, created_at, attempted_at, delivered_at`;

const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : (value as string | null));

function toDelivery(row: Record<string, unknown>): WebhookDelivery {
  return {
    id: Number(row.id),
    webhook_id: Number(row.webhook_id),
    message_id: row.message_id as string,
    type: row.type as WebhookDelivery['type'],
    payload: JSON.parse(row.payload as string) as WebhookDelivery['payload'],
    status: row.status as WebhookDelivery['status'],
    attempt: Number(row.attempt),
    http_status: row.http_status === null ? null : Number(row.http_status),
    duration_ms: row.duration_ms === null ? null : Number(row.duration_ms),
    response_excerpt: row.response_excerpt as string | null,
    error: row.error as string | null,
    next_attempt_at: iso(row.next_attempt_at),
    created_at: iso(row.created_at)!,
    attempted_at: iso(row.attempted_at),
    delivered_at: iso(row.delivered_at),
  };
}

async function deliveryById(conn: Connection, webhookId: number, id: number) {
  const [row] = await conn.query(
    `SELECT ${DELIVERY_COLUMNS} FROM webhook_deliveries WHERE id = $1 AND webhook_id = $2`,
    [id, webhookId],
  );
  return row ? toDelivery(row) : null;
}

export function webhooksResource(webhooks: Pick<Webhooks, 'guard' | 'outbox' | 'wake'>) {
  const { guard, outbox, wake } = webhooks;
  const lastDelivery = (column: string) =>
    `(SELECT d.${column} FROM webhook_deliveries d WHERE d.webhook_id = t.id ORDER BY d.id DESC LIMIT 1)`;

  return defineArea<WebhookRecord, WebhookInput, WebhookChanges>({
    contract: WEBHOOKS,
    table: 'webhooks',
    select: {
      last_delivery_status: lastDelivery('status'),
      last_delivery_at: lastDelivery('created_at'),
    },
    sortColumns: { name: spanishOrder('t.name'), ...TIMESTAMP_SORTS },
    filterConditions: {
      active: (value) => `t.active = ${value}`,
      event: (value) => `t.events @> ARRAY[${value}::text]`,
    },
    searchColumn: 't.search_text',
    // Standard Webhooks: `whsec_` + base64 of 24 random bytes, made here, answered once.
    issuedOnCreate: { secret: newWebhookSecret },

    // docs/webhooks.md#which-addresses-are-accepted, at save: the host resolved (before the transaction: a name server may
    // be slow) and every address it gives checked.
    async beforeTransaction(input) {
      if (typeof input.url !== 'string') return;
      try {
        await guard.resolve(new URL(input.url));
      } catch (error) {
        if (error instanceof RefusedAddress) throw ValidationError.field('url', error.message);
        throw error;
      }
    },

    csv: [
      'id',
      'name',
      'url',
      'events',
      'active',
      'last_delivery_status',
      'last_delivery_at',
      'created_at',
      'updated_at',
    ],

    routes(app, service) {
      const webhookOf = async (request: FastifyRequest) => {
        const id = service.parseId((request.params as { id: string }).id);
        await service.show(id);
        return id;
      };

      // The log: the newest deliveries first, as many as it keeps.
      app.get('/api/webhooks/:id/deliveries', { config: { permission: 'webhook.view' } }, async (request) => {
        const id = await webhookOf(request);
        const rows = await service.database.query(
          `SELECT ${DELIVERY_COLUMNS} FROM webhook_deliveries WHERE webhook_id = $1 ORDER BY id DESC LIMIT ${WEBHOOK_LOG_SIZE}`,
          [id],
        );
        return { data: rows.map(toDelivery) };
      });

      // "Reenviar": one more attempt of that message (same webhook-id and body), now. A delivery
      // that had failed gets one attempt; one waiting for a retry is simply brought forward.
      app.post(
        '/api/webhooks/:id/deliveries/:delivery/resend',
        { config: { permission: 'webhook.update' } },
        async (request, reply) => {
          const id = await webhookOf(request);
          const deliveryId = service.parseId((request.params as { delivery: string }).delivery);
          const [row] = await service.database.query(
            `UPDATE webhook_deliveries
                SET next_attempt_at = now(), status = CASE WHEN status = 'retrying' THEN status ELSE 'pending' END
              WHERE id = $1 AND webhook_id = $2
              RETURNING ${DELIVERY_COLUMNS}`,
            [deliveryId, id],
          );
          if (!row) throw notFound();
          wake();
          return reply.code(202).send({ data: toDelivery(row) });
        },
      );

      // "Enviar prueba": a `ping` to this webhook alone, whatever it subscribes to.
      app.post(
        '/api/webhooks/:id/ping',
        { config: { permission: 'webhook.update' } },
        async (request, reply) => {
          const id = await webhookOf(request);
          const delivery = await service.database.transaction(async (tx) => {
            const [queued] = await outbox.enqueue(
              tx,
              'ping',
              { area: 'webhook', id, slug: null },
              { webhookId: id },
            );
            // Deleted meanwhile: nothing was queued.
            return queued === undefined ? null : deliveryById(tx, id, queued);
          });
          if (!delivery) throw notFound();
          wake();
          return reply.code(202).send({ data: delivery });
        },
      );
    },
  });
}
