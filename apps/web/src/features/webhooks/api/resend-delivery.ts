import { WEBHOOKS, type WebhookDelivery } from '@gestor/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { deliveriesKey } from './webhook-deliveries';

/** POST /api/webhooks/{id}/deliveries/{delivery}/resend (webhook.update): "Reenviar", a new attempt now. */
export function useResendDelivery(webhookId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: number) =>
      api.post<WebhookDelivery>(
        `/api/${WEBHOOKS.path}/${webhookId}/deliveries/${deliveryId}/resend`,
        undefined,
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: deliveriesKey(webhookId) }),
  });
}
