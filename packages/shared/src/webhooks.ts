import { z } from 'zod';
import { createInputOf, field, type RecordOf, readOnly, reads, updateInputOf } from './fields';
import { AREA_REGISTRY, AREAS, type Area, type AreaEntry } from './permissions';
import { areaContract, booleanFilter, type ResourceContract } from './resource';
import { isReviewed } from './review';
import { booleanField, nulCheck, requiredText } from './validation';

// docs/webhooks.md: the organisation's website is told when what it shows changes. A webhook
// is a management area like the others (name, url, events, active); its signing secret is made by
// the server, shown once in the answer to its creation (`data.secret`) and never again, so it is no
// field of the record. Each delivery follows the Standard Webhooks specification (decision 023).

type Registry = typeof AREA_REGISTRY;
const PUBLICATION_STEPS = ['published', 'updated', 'unpublished', 'deleted'] as const;

/**
 * Events that are not a record's publication or change (docs/webhooks.md): a person submitted a
 * response to a test (`data.response_id` says which; sent once per response).
 */
const OTHER_EVENTS = [['test.response_submitted', 'Respuesta a un test enviada']] as const;
type OtherEvent = (typeof OTHER_EVENTS)[number][0];

/** docs/review.md: the steps of a review the website may follow (approval is `<area>.published`). */
const REVIEW_STEPS = ['submitted', 'returned'] as const;
type ReviewEvent = {
  [A in Area]: Registry[A] extends { actions: readonly (infer X)[] }
    ? 'submit' extends X
      ? `${A}.${(typeof REVIEW_STEPS)[number]}`
      : never
    : never;
}[Area];

/** Every event a webhook may subscribe to: each area's, as its registry entry says (docs/webhooks.md). */
export type WebhookEvent =
  | OtherEvent
  | ReviewEvent
  | {
      [A in Area]: Registry[A] extends { webhooks: 'publication' }
        ? `${A}.${(typeof PUBLICATION_STEPS)[number]}`
        : Registry[A] extends { webhooks: 'changes' }
          ? `${A}.changed`
          : never;
    }[Area];

/** The Spanish words of a publication step, after the one-record noun ("Noticia publicada"). */
const STEP_WORDS: Record<(typeof PUBLICATION_STEPS)[number], (ending: string) => string> = {
  published: (a) => `publicad${a}`,
  updated: (a) => `publicad${a} modificad${a}`,
  unpublished: (a) => `retirad${a}`,
  deleted: (a) => `publicad${a} eliminad${a}`,
};
const REVIEW_STEP_WORDS: Record<(typeof REVIEW_STEPS)[number], (ending: string) => string> = {
  submitted: (a) => `enviad${a} a revisión`,
  returned: (a) => `devuelt${a} a borrador`,
};

/** What an area tells the website of its changes (its registry entry); null: nothing. */
export const webhookModeOf = (area: Area): 'publication' | 'changes' | null =>
  (AREA_REGISTRY[area] as AreaEntry).webhooks ?? null;

const AREA_EVENTS: Array<[WebhookEvent, string]> = AREAS.flatMap((area): Array<[WebhookEvent, string]> => {
  const { label, noun } = AREA_REGISTRY[area] as AreaEntry;
  const webhooks = webhookModeOf(area);
  if (!webhooks) return [];
  if (webhooks === 'changes')
    return [[`${area}.changed` as WebhookEvent, `Cambio en ${label.toLowerCase()}`]];
  // The words agree with the noun: "Noticia publicada", "Evento publicado".
  const ending = noun.gender === 'feminine' ? 'a' : 'o';
  const one = `${noun.one.charAt(0).toUpperCase()}${noun.one.slice(1)}`;
  return [
    ...PUBLICATION_STEPS.map((step): [WebhookEvent, string] => [
      `${area}.${step}` as WebhookEvent,
      `${one} ${STEP_WORDS[step](ending)}`,
    ]),
    ...(isReviewed(area) ? REVIEW_STEPS : []).map((step): [WebhookEvent, string] => [
      `${area}.${step}` as WebhookEvent,
      `${one} ${REVIEW_STEP_WORDS[step](ending)}`,
    ]),
  ];
});

const EVENTS: Array<[WebhookEvent, string]> = [
  ...AREA_EVENTS,
  ...OTHER_EVENTS.map(([event, label]): [WebhookEvent, string] => [event, label]),
];

/** Every event a webhook may subscribe to, in the order people read them (the registry's, then the others). */
export const WEBHOOK_EVENTS: readonly WebhookEvent[] = EVENTS.map(([event]) => event);

/** What a delivery may carry: a subscribed event, or the test sent by "Enviar prueba". */
export type WebhookDeliveryType = WebhookEvent | 'ping';

export const WEBHOOK_EVENT_LABELS = Object.fromEntries(EVENTS) as Record<WebhookEvent, string>;

export const WEBHOOK_DELIVERY_TYPE_LABELS: Record<WebhookDeliveryType, string> = {
  ...WEBHOOK_EVENT_LABELS,
  ping: 'Prueba',
};

export const WEBHOOK_NAME_MAX = 100;
export const WEBHOOK_URL_MAX = 2048;
/** The signing secret: `whsec_` + base64 of 24 random bytes (Standard Webhooks' format). */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';
/** How many deliveries a webhook's log shows, newest first. */
export const WEBHOOK_LOG_SIZE = 100;
/** How much of a receiver's answer the log keeps. */
export const WEBHOOK_RESPONSE_EXCERPT_BYTES = 1024;
/** docs/public-api.md: after a failed attempt, the next one waits 1 min, 5 min, 30 min, 2 h, 6 h, 12 h, 24 h; then failed. */
export const WEBHOOK_RETRY_SCHEDULE_SECONDS = [60, 300, 1800, 7200, 21_600, 43_200, 86_400] as const;
/** docs/public-api.md: no answer within this long is a failed attempt. */
export const WEBHOOK_TIMEOUT_SECONDS = 10;

export const WEBHOOK_URL_MESSAGE =
  'La dirección (URL) debe ser completa y empezar por https:// o http:// (por ejemplo, https://www.ejemplo.org/webhooks).';

/**
 * Where deliveries go: an absolute http(s) URL without a user or password (the address shows in the
 * list, the export and the history). Whether its host may be reached (no private or loopback
 * addresses, docs/webhooks.md#which-addresses-are-accepted) is checked by the server, which resolves the name.
 */
export function webhookUrlField() {
  return z
    .string({
      error: (issue) =>
        issue.input === undefined || issue.input === null
          ? 'El campo dirección (URL) es obligatorio.'
          : 'El campo dirección (URL) debe ser un texto.',
    })
    .refine(...nulCheck('dirección (URL)'))
    .trim()
    .min(1, { error: 'El campo dirección (URL) es obligatorio.' })
    .max(WEBHOOK_URL_MAX, {
      error: `El campo dirección (URL) no debe tener más de ${WEBHOOK_URL_MAX} caracteres.`,
    })
    .superRefine((value, ctx) => {
      let url: URL;
      try {
        url = new URL(value);
      } catch {
        ctx.addIssue({ code: 'custom', message: WEBHOOK_URL_MESSAGE });
        return;
      }
      if ((url.protocol !== 'https:' && url.protocol !== 'http:') || !url.hostname || /\s/.test(value)) {
        ctx.addIssue({ code: 'custom', message: WEBHOOK_URL_MESSAGE });
      } else if (url.username || url.password) {
        ctx.addIssue({
          code: 'custom',
          message: 'La dirección (URL) no debe llevar usuario ni contraseña: los envíos van firmados.',
        });
      }
    });
}

const eventList = z
  .array(
    z.enum(WEBHOOK_EVENTS, {
      error: 'Evento desconocido: elija eventos de la lista (por ejemplo, news.published).',
    }),
    { error: 'El campo eventos debe ser una lista.' },
  )
  .min(1, { error: 'Elija al menos un evento.' })
  // Stored and read back in the list's own order, once each.
  .transform((list) => WEBHOOK_EVENTS.filter((event) => list.includes(event)));

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'retrying', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

export const WEBHOOK_DELIVERY_STATUS_LABELS: Record<WebhookDeliveryStatus, string> = {
  pending: 'Pendiente',
  retrying: 'Reintentando',
  delivered: 'Entregado',
  failed: 'Fallido',
};

const webhookFields = {
  name: field(requiredText('nombre', { max: WEBHOOK_NAME_MAX }), { label: 'Nombre' }),
  url: field(webhookUrlField(), { label: 'Dirección (URL)', header: 'URL' }),
  events: field(eventList, { label: 'Eventos', options: WEBHOOK_EVENT_LABELS }),
  active: field(booleanField('activo'), { label: 'Activo', default: true }),
  /** The newest delivery's status and time (null before the first one): for the list. */
  last_delivery_status: readOnly(reads<WebhookDeliveryStatus | null>(), {
    label: 'Último envío',
    options: WEBHOOK_DELIVERY_STATUS_LABELS,
  }),
  last_delivery_at: readOnly(reads<string | null>(), {
    label: 'Fecha del último envío',
    header: 'Último envío (fecha)',
    instant: true,
  }),
};

export const WEBHOOKS: ResourceContract<
  'name' | 'created_at' | 'updated_at',
  'active' | 'event',
  typeof webhookFields
> = areaContract({
  area: 'webhook',
  // Decision 026: no trash. A webhook is the website's wiring, not content: a trashed one would keep
  // its signing secret and deliveries for nothing; its delete stays final.
  trash: false,
  sortable: ['name', 'created_at', 'updated_at'],
  defaultSort: 'name',
  filters: {
    active: booleanFilter,
    event: z.enum(WEBHOOK_EVENTS, { error: 'Evento desconocido.' }),
  },
  fields: webhookFields,
});

export const WebhookInput = createInputOf(WEBHOOKS);
export type WebhookInput = z.infer<typeof WebhookInput>;
export const WebhookUpdateInput = updateInputOf(WEBHOOKS);
export type WebhookUpdateInput = z.infer<typeof WebhookUpdateInput>;
export type WebhookRecord = RecordOf<typeof WEBHOOKS.fields>;
/** The answer to `POST /api/webhooks` (201): the record and, this once, its signing secret. */
export type WebhookCreated = WebhookRecord & { secret: string };

/** What every delivery's JSON body carries (docs/webhooks.md): which record of which area changed. */
export interface WebhookPayload {
  type: WebhookDeliveryType;
  /** When the event happened (ISO 8601). */
  timestamp: string;
  data: { area: string; id: number; slug: string | null; response_id?: number };
}

/**
 * One delivery of one message to one webhook, as its log shows it (`GET /api/webhooks/{id}/deliveries`):
 * the state after its latest attempt. Every attempt of it carries the same `webhook-id` (`message_id`).
 */
export interface WebhookDelivery {
  id: number;
  webhook_id: number;
  /** The Standard Webhooks `webhook-id` header: the same on every attempt (receivers dedupe by it). */
  message_id: string;
  type: WebhookDeliveryType;
  /** The body sent (the same on every attempt). */
  payload: WebhookPayload;
  status: WebhookDeliveryStatus;
  /** Attempts made so far (0 while the first is pending). */
  attempt: number;
  /** The latest attempt's HTTP status, null when there was no answer. */
  http_status: number | null;
  /** How long the latest attempt took, in milliseconds. */
  duration_ms: number | null;
  /** The first kilobyte of the latest answer's body. */
  response_excerpt: string | null;
  /** Why the latest attempt failed, in Spanish, when it did. */
  error: string | null;
  /** When the next attempt is due (pending, retrying); null once delivered or failed. */
  next_attempt_at: string | null;
  created_at: string;
  attempted_at: string | null;
  delivered_at: string | null;
}
