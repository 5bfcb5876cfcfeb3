import { WEBHOOK_EVENTS, WEBHOOKS, type WebhookCreated, type WebhookRecord } from '@gestor/shared';
import { Tag } from 'primereact/tag';
import { type FormValuesOf, formOf } from '../../components/resource/form-values';
import { EMPTY_VALUE, formatBoolean, formatDateTime } from '../../components/resource/format';
import {
  choiceFilter,
  defineResourceScreens,
  type ListFilter,
} from '../../components/resource/resource-screens';
import { DeliveryStatusTag } from './components/delivery-status-tag';
import { WebhookFields } from './components/webhook-fields';
import { WebhookSections } from './components/webhook-sections';
import { rememberSecret } from './webhook-secret';
import './components/webhooks.css';

// Webhooks on the resource machinery (decision 004, docs/webhooks.md): /webhook,
// /webhook/create, /webhook/{id}. The form is derived from the field table (decision 018); the
// signing secret of a new webhook is taken from the create's answer and shown once on its screen,
// under which sits the deliveries log with "Enviar prueba" and "Reenviar".

const ACTIVE_FILTER: ListFilter = {
  name: 'active',
  label: 'Estado',
  options: [
    { value: 'true', label: 'Activos' },
    { value: 'false', label: 'Inactivos' },
  ],
};

/** `filter[event]`: the webhooks that subscribe to one event. */
const EVENT_FILTER: ListFilter = { ...choiceFilter(WEBHOOKS, 'events', 'event'), label: 'Evento' };

const FILTERS = [ACTIVE_FILTER, EVENT_FILTER];

/** "Todos (13)", "1 evento", "4 eventos": what a list row has room for. */
export function eventsSummary(events: readonly string[]): string {
  if (events.length === WEBHOOK_EVENTS.length) return `Todos (${events.length})`;
  return events.length === 1 ? '1 evento' : `${events.length} eventos`;
}

export const webhookScreens = defineResourceScreens<WebhookRecord, FormValuesOf<typeof WEBHOOKS.fields>>({
  contract: WEBHOOKS,
  searchPlaceholder: 'Nombre o dirección',
  purpose:
    'Los webhooks avisan al sitio web de la organización cuando cambia lo que muestra, para que se actualice al momento.',
  columns: [
    { field: 'name', link: true, card: 'title' },
    {
      field: 'url',
      priority: 2,
      card: 'detail',
      body: (webhook) => <span className="webhook-url">{webhook.url}</span>,
    },
    { field: 'events', card: 'detail', body: (webhook) => eventsSummary(webhook.events) },
    {
      field: 'active',
      card: 'status',
      body: (webhook) => (
        <Tag value={formatBoolean(webhook.active)} severity={webhook.active ? 'success' : 'secondary'} />
      ),
    },
    {
      field: 'last_delivery_status',
      priority: 3,
      body: (webhook) =>
        webhook.last_delivery_status ? (
          <DeliveryStatusTag status={webhook.last_delivery_status} />
        ) : (
          EMPTY_VALUE
        ),
    },
    { field: 'updated_at', card: 'date', body: (webhook) => formatDateTime(webhook.updated_at) },
  ],
  useFilters: () => FILTERS,
  form: {
    ...formOf<typeof WEBHOOKS.fields, WebhookRecord>(WEBHOOKS),
    Fields: WebhookFields,
    // docs/webhooks.md: `data.secret` is in this answer only; its screen shows it once (webhook-secret.ts).
    onCreated: (saved) => rememberSecret(saved.id, (saved as Partial<WebhookCreated>).secret),
    Related: WebhookSections,
  },
});
