import type { WebhookRecord } from '@gestor/shared';
import type { ScreenNotifier } from '../../../components/resource/resource-screens';
import { WebhookDeliveries } from './webhook-deliveries';
import { WebhookSecretDialog } from './webhook-secret-dialog';

/** Under a webhook's form: its secret, once, right after it is created; and its deliveries. */
export function WebhookSections({ record, notify }: { record: WebhookRecord; notify: ScreenNotifier }) {
  return (
    <>
      <WebhookSecretDialog webhookId={record.id} />
      <WebhookDeliveries webhook={record} notify={notify} />
    </>
  );
}
