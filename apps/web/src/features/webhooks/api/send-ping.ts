import { WEBHOOKS, type WebhookDelivery } from '@gestor/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { deliveriesKey } from './webhook-deliveries';

/** POST /api/webhooks/{id}/ping (webhook.update): "Enviar prueba", an event of type `ping`. */
export function useSendPing(webhookId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<WebhookDelivery>(`/api/${WEBHOOKS.path}/${webhookId}/ping`, undefined),
    onSettled: () => queryClient.invalidateQueries({ queryKey: deliveriesKey(webhookId) }),
  });
}
