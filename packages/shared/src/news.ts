import { z } from 'zod';
import { ACCESSIBILITY_REASON_MAX, ACCESSIBILITY_REASON_MIN } from './accessibility';
import {
  dayField,
  imageRef,
  instantField,
  optionalText,
  type RecordRef,
  referenceAlternative,
  richTextField,
  SLUG_LABEL,
  slugField,
} from './content';
import { createInputOf, field, type RecordOf, readOnly, reads, updateInputOf } from './fields';
import { areaContract, booleanFilter, type ResourceContract } from './resource';
import type { ReviewState } from './review';
import { booleanField, requiredText } from './validation';

// docs/areas.md, news and pages: the editorial areas. Publishing rules are shared by both.

export const PUBLICATION_STATUSES = ['draft', 'published', 'scheduled'] as const;
/**
 * docs/review.md: an area that is reviewed (its registry entry's `submit` and `review` actions) has
 * a fourth state between draft and published, reached only through `POST …/{id}/submit`.
 */
export const REVIEWED_PUBLICATION_STATUSES = ['draft', 'review', 'published', 'scheduled'] as const;
export type PublicationStatus = (typeof REVIEWED_PUBLICATION_STATUSES)[number];

export const PUBLICATION_STATUS_LABELS: Record<PublicationStatus, string> = {
  draft: 'Borrador',
  review: 'En revisión',
  published: 'Publicada',
  scheduled: 'Programada',
};

/** The states as they agree with a masculine noun ("evento publicado"). */
export const PUBLICATION_STATUS_LABELS_MASCULINE: Record<PublicationStatus, string> = {
  draft: 'Borrador',
  review: 'En revisión',
  published: 'Publicado',
  scheduled: 'Programado',
};

/** The labels of the states an area has, in their order. */
const labelsOf = <S extends string>(statuses: readonly S[], labels: Record<S, string>) =>
  Object.fromEntries(statuses.map((status) => [status, labels[status]])) as Record<S, string>;

export const EXCERPT_MAX = 300;

/**
 * Where a published item is read on the organisation's website: the address the public API gives it
 * (PUBLIC_NEWS_URL, PUBLIC_PAGE_URL with its slug), or null while it is not public or no address is
 * configured. The server computes it; the save's toast links to it ("Ver en la web").
 */
const websiteAddress = readOnly(reads<string | null>(), { label: 'Dirección en la web' });

/** When it was (or will be) published: public, and part of whether it is public. */
export const publishedAtField = () =>
  field(instantField('fecha de publicación'), {
    label: 'Fecha de publicación',
    header: 'Publicación',
    default: null,
    instant: true,
    publication: true,
    public: true,
  });

/**
 * When a public item stops being public by itself (a consultation, an announcement, a job offer);
 * null: it stays until someone withdraws it. Read by the public API, the feed, the sitemap and the
 * webhooks at its time, with no write.
 */
export const unpublishAtField = () =>
  field(instantField('fecha de retirada'), {
    label: 'Retirar el',
    header: 'Retirada',
    default: null,
    instant: true,
    publication: true,
  });

/**
 * The day by which someone should read the item again and confirm it still holds (a fee, a
 * timetable, a contact); null: none. The dashboard lists what is due to those who edit the area.
 */
export const reviseByField = () =>
  field(dayField('revisar antes de'), { label: 'Revisar antes de', default: null, day: true });

/**
 * Draft, published or scheduled (and in review, where the area is reviewed), its Spanish names
 * agreeing with the area's noun.
 */
export function publicationStatusField<const T extends readonly ['draft', ...PublicationStatus[]]>(
  statuses: T,
  labels: Record<PublicationStatus, string>,
) {
  const names = statuses.map((status) => labels[status]);
  const schema = z.enum(statuses, {
    error: `El estado debe ser ${names.slice(0, -1).join(', ')} o ${names.at(-1)}.`,
  });
  return field(schema, {
    label: 'Estado',
    default: 'draft' as z.output<typeof schema>,
    options: labelsOf(statuses, labels),
    publication: true,
  });
}

/**
 * docs/review.md: the review under way, read while the item is in review (null otherwise): who sent
 * it and when, to whom (null: anyone who reviews), and the note sent with it.
 */
export const reviewStateField = () => readOnly(reads<ReviewState | null>(), { label: 'Revisión' });

/** A sanitized rich text body, public, read only with the record itself (not in lists). */
export const richBodyField = (noun: string, label: string) =>
  field(richTextField(noun), { label, default: '', inList: false, richText: true, public: true });

/**
 * docs/accessibility.md: why a publisher publishes a body the accessibility check finds errors in
 * (at least ACCESSIBILITY_REASON_MIN characters). An instruction: sent with the write that publishes,
 * never read back; the history keeps it, and the accessibility statement lists it.
 */
export const accessibilityReasonField = () =>
  field(
    optionalText('motivo', { max: ACCESSIBILITY_REASON_MAX }).refine(
      (value) => value === null || value.length >= ACCESSIBILITY_REASON_MIN,
      {
        error: `Explique el motivo en al menos ${ACCESSIBILITY_REASON_MIN} caracteres: constará en la declaración de accesibilidad.`,
      },
    ),
    {
      label: 'Motivo para publicar con errores de accesibilidad',
      instruction: true,
      audited: true,
      optional: true,
    },
  );

/** The lists' filters of a publishing area: its state, and a category by slug. */
export const publicationStatusFilter = z.enum(PUBLICATION_STATUSES, {
  error: 'Estado desconocido: draft, published o scheduled.',
});
export const reviewedStatusFilter = z.enum(REVIEWED_PUBLICATION_STATUSES, {
  error: 'Estado desconocido: draft, review, published o scheduled.',
});
export const categorySlugFilter = z
  .string()
  .trim()
  .max(200)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: 'Indique el slug de una categoría.' });

/** Categories by slug, in the order given (read `[{id, name, slug}]`): news' and the agenda's. */
export const categorySlugsField = () =>
  field(
    z
      .array(z.string({ error: 'Cada categoría debe ser un slug.' }).trim().min(1).max(200), {
        error: 'El campo categorías debe ser una lista.',
      })
      .max(50, { error: 'Como máximo 50 categorías.' })
      .transform((list) => [...new Set(list)]),
    {
      label: 'Categorías',
      default: [],
      ref: { area: 'category', by: 'slug', many: true, ordered: true },
      read: reads<RecordRef[]>(),
    },
  );

/** A scheduled item needs its date; the server checks it is still ahead when it is written. */
export function scheduledNeedsDate(
  value: { status?: PublicationStatus; published_at?: string | null },
  ctx: z.RefinementCtx,
) {
  if (value.status === 'scheduled' && !value.published_at) {
    ctx.addIssue({
      code: 'custom',
      path: ['published_at'],
      message: 'Indique la fecha y hora en que se publicará.',
    });
  }
}

/** The cover's text alternative in this item, and whether it is decorative here. */
const COVER_ALTERNATIVE = referenceAlternative('la portada', 'Portada decorativa');

const newsFields = {
  title: field(requiredText('título', { max: 255 }), { label: 'Título', public: true }),
  subtitle: field(optionalText('subtítulo', { max: 200 }), {
    label: 'Subtítulo',
    default: null,
    public: true,
  }),
  slug: field(slugField(), { label: SLUG_LABEL, optional: true, public: true }),
  excerpt: field(optionalText('entradilla', { max: EXCERPT_MAX }), {
    label: 'Entradilla',
    default: null,
    public: true,
  }),
  /** Sanitized HTML (docs/areas.md#rules-shared-by-the-content-areas). */
  body: richBodyField('cuerpo', 'Texto'),
  accessibility_reason: accessibilityReasonField(),
  cover: imageRef('portada', { label: 'Imagen de portada', public: true, alternative: true }),
  cover_alt: COVER_ALTERNATIVE.alt,
  cover_decorative: COVER_ALTERNATIVE.decorative,
  categories: categorySlugsField(),
  /** As it reads now: a scheduled item whose time has come is `published`. */
  status: publicationStatusField(REVIEWED_PUBLICATION_STATUSES, PUBLICATION_STATUS_LABELS),
  review: reviewStateField(),
  published_at: publishedAtField(),
  unpublish_at: unpublishAtField(),
  revise_by: reviseByField(),
  featured: field(booleanField('destacada'), { label: 'Destacada', default: false, public: true }),
  /** Whoever created it. */
  author: readOnly(reads<{ id: number; name: string } | null>(), { label: 'Autor' }),
  public_url: websiteAddress,
};

export const NEWS: ResourceContract<
  'title' | 'published_at' | 'updated_at' | 'created_at',
  'status' | 'category' | 'featured' | 'author',
  typeof newsFields
> = areaContract({
  area: 'news',
  lookup: 'slug',
  sortable: ['title', 'published_at', 'updated_at', 'created_at'],
  defaultSort: '-updated_at',
  filters: {
    status: reviewedStatusFilter,
    category: categorySlugFilter,
    featured: booleanFilter,
    author: z
      .string()
      .regex(/^\d{1,9}$/, { error: 'Indique el id de un usuario.' })
      .transform(Number),
  },
  fields: newsFields,
  rule: scheduledNeedsDate,
  search: 'ranked',
});

export const NewsInput = createInputOf(NEWS);
export type NewsInput = z.infer<typeof NewsInput>;
export const NewsUpdateInput = updateInputOf(NEWS);
export type NewsUpdateInput = z.infer<typeof NewsUpdateInput>;
export type NewsRecord = RecordOf<typeof NEWS.fields>;

// Pages: a draft or published, no schedule; created from the list with just a title (no /page/create).

export const PAGE_STATUSES = ['draft', 'review', 'published'] as const;
export type PageStatus = (typeof PAGE_STATUSES)[number];

export const PAGE_STATUS_LABELS: Record<PageStatus, string> = labelsOf(
  PAGE_STATUSES,
  PUBLICATION_STATUS_LABELS,
);

const pageFields = {
  title: field(requiredText('título', { max: 255 }), { label: 'Título', public: true }),
  slug: field(slugField(), { label: SLUG_LABEL, optional: true, public: true }),
  /** Sanitized HTML. */
  body: richBodyField('cuerpo', 'Texto'),
  accessibility_reason: accessibilityReasonField(),
  status: publicationStatusField(PAGE_STATUSES, PUBLICATION_STATUS_LABELS),
  review: reviewStateField(),
  published_at: publishedAtField(),
  unpublish_at: unpublishAtField(),
  revise_by: reviseByField(),
  public_url: websiteAddress,
};

export const PAGES: ResourceContract<
  'title' | 'slug' | 'status' | 'updated_at' | 'created_at',
  'status',
  typeof pageFields
> = areaContract({
  area: 'page',
  lookup: 'id',
  sortable: ['title', 'slug', 'status', 'updated_at', 'created_at'],
  defaultSort: 'title',
  filters: {
    status: z.enum(PAGE_STATUSES, { error: 'Estado desconocido: draft, review o published.' }),
  },
  fields: pageFields,
  search: 'ranked',
});

export const PageInput = createInputOf(PAGES);
export type PageInput = z.infer<typeof PageInput>;
export const PageUpdateInput = updateInputOf(PAGES);
export type PageUpdateInput = z.infer<typeof PageUpdateInput>;
export type PageRecord = RecordOf<typeof PAGES.fields>;
