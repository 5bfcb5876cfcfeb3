import { WEBHOOK_DELIVERY_STATUS_LABELS, type WebhookDeliveryStatus } from '@gestor/shared';
import { Tag } from 'primereact/tag';

const SEVERITY: Record<WebhookDeliveryStatus, 'success' | 'danger' | 'warning' | 'info'> = {
  delivered: 'success',
  failed: 'danger',
  retrying: 'warning',
  pending: 'info',
};

/** A delivery's state: `Entregado` green, `Fallido` red, `Reintentando` amber, `Pendiente` blue. */
export function DeliveryStatusTag({ status }: { status: WebhookDeliveryStatus }) {
  return <Tag value={WEBHOOK_DELIVERY_STATUS_LABELS[status]} severity={SEVERITY[status]} />;
}
