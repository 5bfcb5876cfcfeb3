import { WEBHOOKS, type WebhookDelivery } from '@gestor/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The log's cache key: everything under the area's, so a write anywhere refreshes it too. */
export const deliveriesKey = (webhookId: number) =>
  [WEBHOOKS.path, 'record', webhookId, 'deliveries'] as const;

/** GET /api/webhooks/{id}/deliveries (webhook.view): the last 100, newest first. */
export function useWebhookDeliveries(webhookId: number) {
  return useQuery({
    queryKey: deliveriesKey(webhookId),
    queryFn: ({ signal }) =>
      api.get<WebhookDelivery[]>(`/api/${WEBHOOKS.path}/${webhookId}/deliveries`, { signal }),
    // A delivery on its way settles within seconds (the worker is woken at commit): look again
    // until it has; one waiting minutes for a retry is not polled for.
    refetchInterval: (query) => (query.state.data?.some(dueNow) ? 1500 : false),
  });
}

/** Pending, or due for its next attempt within seconds (a retry brought forward by "Reenviar"). */
function dueNow(delivery: WebhookDelivery): boolean {
  if (delivery.status === 'pending') return true;
  return delivery.next_attempt_at !== null && Date.parse(delivery.next_attempt_at) < Date.now() + 5000;
}
