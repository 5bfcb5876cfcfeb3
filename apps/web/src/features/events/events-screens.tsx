import { EVENTS, type EventRecord } from '@gestor/shared';
import { CATEGORIES_BY_SLUG } from '../../components/options/categories-by-slug';
import { useRecordOptions } from '../../components/options/use-record-options';
import { PublicationStatusTag } from '../../components/publishing/publication-status-tag';
import { mayChangePublication, publishingBody } from '../../components/publishing/publishing';
import { publishingSubmitActions } from '../../components/publishing/publishing-submit-actions';
import { type FormValuesOf, formOf } from '../../components/resource/form-values';
import { EMPTY_VALUE, formatDateTime } from '../../components/resource/format';
import {
  choiceFilter,
  defineResourceScreens,
  type ListFilter,
} from '../../components/resource/resource-screens';
import { can } from '../../lib/permissions';
import { EVENT_SPACES, EventFields } from './components/event-fields';
import { EVENTS_PUBLISHING } from './events-publishing';

// The agenda on the resource machinery (decision 008): /event, /event/create, /event/{slug}.
// Publishing works as news' does (events-publishing.ts): without event.publish nothing about it is
// sent, and an event that is not a draft is shown read-only.

export type EventFormValues = FormValuesOf<typeof EVENTS.fields>;

const STATUS_FILTER = choiceFilter(EVENTS, 'status');

function useEventFilters(): ListFilter[] {
  const categories = useRecordOptions(CATEGORIES_BY_SLUG);
  const spaces = useRecordOptions(EVENT_SPACES);
  return [
    STATUS_FILTER,
    // Without the permission to list them there is nothing to offer.
    ...(spaces.allowed
      ? [
          {
            name: 'space',
            label: 'Espacio',
            options: spaces.options.map((o) => ({ ...o, value: String(o.value) })),
          },
        ]
      : []),
    ...(categories.allowed ? [{ name: 'category', label: 'Categoría', options: categories.options }] : []),
  ];
}

export const eventsScreens = defineResourceScreens<EventRecord, EventFormValues>({
  contract: EVENTS,
  searchPlaceholder: 'Título, subtítulo o descripción',
  purpose: 'Aquí se anuncia lo que ocurre en el municipio: cuándo, dónde y de qué trata.',
  rankedSearch: true,
  columns: [
    { field: 'title', link: true, card: 'title' },
    { field: 'starts_at', card: 'date', body: (event) => formatDateTime(event.starts_at) },
    { field: 'space', priority: 2, body: (event) => event.space?.name ?? EMPTY_VALUE },
    {
      field: 'status',
      card: 'status',
      body: (event) => <PublicationStatusTag status={event.status} gender={EVENTS.label.gender} />,
    },
  ],
  useFilters: useEventFilters,
  canManage: (event) => mayChangePublication(event, can(EVENTS_PUBLISHING.permission)),
  unmanageableNotice: 'Solo quien puede publicar eventos modifica un evento publicado o programado.',
  form: {
    ...formOf<typeof EVENTS.fields, EventRecord>(EVENTS, {
      manual: ['status', 'published_at'],
      hidden: ['status'],
      fromRecord: {
        body: (event) => event.body ?? '',
        published_at: (event) => (event.status === 'scheduled' ? event.published_at : null),
      },
      toBody: (values, record, body) => ({
        ...body,
        ...publishingBody(values, record, can(EVENTS_PUBLISHING.permission)),
      }),
    }),
    Fields: EventFields,
    SubmitActions: publishingSubmitActions<EventRecord, EventFormValues>(EVENTS_PUBLISHING),
  },
});
