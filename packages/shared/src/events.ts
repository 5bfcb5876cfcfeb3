import { z } from 'zod';
import {
  imageRef,
  optionalText,
  recordId,
  referenceAlternative,
  requiredInstantField,
  SLUG_LABEL,
  slugField,
} from './content';
import { createInputOf, field, type RecordOf, readOnly, reads, updateInputOf } from './fields';
import {
  accessibilityReasonField,
  categorySlugFilter,
  categorySlugsField,
  PUBLICATION_STATUS_LABELS_MASCULINE,
  PUBLICATION_STATUSES,
  type PublicationStatus,
  publicationStatusField,
  publicationStatusFilter,
  publishedAtField,
  richBodyField,
  scheduledNeedsDate,
} from './news';
import { areaContract, type ResourceContract } from './resource';
import { requiredText } from './validation';

// The agenda (docs/areas.md, "Agenda"): what happens where and when, published as news is
// (draft, scheduled, published; `event.publish`) and public while published and not yet over.

export const EVENT_ENDS_BEFORE_START = 'El final debe ser igual o posterior al comienzo.';

/** How an event's place reads back: `{id, name}`, or null when it has none. */
export interface SpaceRef {
  id: number;
  name: string;
}

function eventRules(
  value: {
    status?: PublicationStatus;
    published_at?: string | null;
    starts_at?: string | null;
    ends_at?: string | null;
  },
  ctx: z.RefinementCtx,
) {
  scheduledNeedsDate(value, ctx);
  if (value.starts_at && value.ends_at && Date.parse(value.ends_at) < Date.parse(value.starts_at)) {
    ctx.addIssue({ code: 'custom', path: ['ends_at'], message: EVENT_ENDS_BEFORE_START });
  }
}

/** "Publicado", not "Publicada": an event is masculine. */
export const EVENT_STATUS_LABELS = PUBLICATION_STATUS_LABELS_MASCULINE;

/** The image's text alternative in this event, and whether it is decorative here. */
const EVENT_COVER_ALTERNATIVE = referenceAlternative('la imagen', 'Imagen decorativa');

const eventFields = {
  title: field(requiredText('título', { max: 255 }), { label: 'Título', public: true }),
  subtitle: field(optionalText('subtítulo', { max: 200 }), {
    label: 'Subtítulo',
    default: null,
    public: true,
  }),
  slug: field(slugField(), { label: SLUG_LABEL, optional: true, public: true }),
  starts_at: field(requiredInstantField('comienzo'), { label: 'Comienzo', instant: true, public: true }),
  ends_at: field(requiredInstantField('final'), { label: 'Final', instant: true, public: true }),
  /** Where it happens: one of the spaces, or none (read back as `{id, name}`). */
  space: field(recordId('espacio').nullable(), {
    label: 'Espacio',
    default: null,
    ref: { area: 'space', by: 'id' },
    read: reads<SpaceRef | null>(),
  }),
  /** Sanitized HTML, as news' body. */
  body: richBodyField('descripción', 'Descripción'),
  accessibility_reason: accessibilityReasonField(),
  cover: imageRef('imagen', { label: 'Imagen', public: true, alternative: true }),
  cover_alt: EVENT_COVER_ALTERNATIVE.alt,
  cover_decorative: EVENT_COVER_ALTERNATIVE.decorative,
  categories: categorySlugsField(),
  status: publicationStatusField(PUBLICATION_STATUSES, EVENT_STATUS_LABELS),
  published_at: publishedAtField(),
  author: readOnly(reads<{ id: number; name: string } | null>(), { label: 'Autor' }),
};

export const EVENTS: ResourceContract<
  'title' | 'starts_at' | 'updated_at' | 'created_at',
  'status' | 'category' | 'space',
  typeof eventFields
> = areaContract({
  area: 'event',
  lookup: 'slug',
  sortable: ['title', 'starts_at', 'updated_at', 'created_at'],
  defaultSort: '-starts_at',
  filters: {
    status: publicationStatusFilter,
    category: categorySlugFilter,
    space: z
      .string()
      .regex(/^\d{1,9}$/, { error: 'Indique el id de un espacio.' })
      .transform(Number),
  },
  fields: eventFields,
  rule: eventRules,
  search: 'ranked',
});

export const EventInput = createInputOf(EVENTS);
export type EventInput = z.infer<typeof EventInput>;
export const EventUpdateInput = updateInputOf(EVENTS);
export type EventUpdateInput = z.infer<typeof EventUpdateInput>;
export type EventRecord = RecordOf<typeof EVENTS.fields>;
