import { z } from 'zod';
import {
  instantField,
  type MediaRef,
  optionalText,
  type RecordRef,
  recordId,
  richTextField,
  slugField,
} from './content';
import { AREA_API_PATHS } from './permissions';
import { booleanFilter, type ResourceContract, updatedAtField } from './resource';
import { booleanField, requiredText } from './validation';

// AREAS.md, news and pages: the editorial areas. Publishing rules are shared by both.

export const PUBLICATION_STATUSES = ['draft', 'published', 'scheduled'] as const;
export type PublicationStatus = (typeof PUBLICATION_STATUSES)[number];

export const PUBLICATION_STATUS_LABELS: Record<PublicationStatus, string> = {
  draft: 'Borrador',
  published: 'Publicada',
  scheduled: 'Programada',
};

export const EXCERPT_MAX = 300;

const publishedAtField = instantField('fecha de publicación');

/** A scheduled item needs its date; the server checks it is still ahead when it is written. */
function scheduledNeedsDate(
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

export const NEWS: ResourceContract<
  'title' | 'published_at' | 'updated_at' | 'created_at',
  'status' | 'category' | 'featured' | 'author'
> = {
  path: AREA_API_PATHS.news,
  area: 'news',
  label: { one: 'noticia', many: 'noticias' },
  lookup: 'slug',
  sortable: ['title', 'published_at', 'updated_at', 'created_at'],
  defaultSort: '-updated_at',
  filters: {
    status: z.enum(PUBLICATION_STATUSES, { error: 'Estado desconocido: draft, published o scheduled.' }),
    category: z
      .string()
      .trim()
      .max(200)
      .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: 'Indique el slug de una categoría.' }),
    featured: booleanFilter,
    author: z
      .string()
      .regex(/^\d{1,9}$/, { error: 'Indique el id de un usuario.' })
      .transform(Number),
  },
};

const newsFields = {
  title: requiredText('título', { max: 255 }),
  slug: slugField(),
  excerpt: optionalText('entradilla', { max: EXCERPT_MAX }),
  body: richTextField('cuerpo'),
  cover: recordId('portada').nullable(),
  categories: z
    .array(z.string({ error: 'Cada categoría debe ser un slug.' }).trim().min(1).max(200), {
      error: 'El campo categorías debe ser una lista.',
    })
    .max(50, { error: 'Como máximo 50 categorías.' })
    .transform((list) => [...new Set(list)]),
  status: z.enum(PUBLICATION_STATUSES, { error: 'El estado debe ser Borrador, Publicada o Programada.' }),
  published_at: publishedAtField,
  featured: booleanField('destacada'),
};

export const NewsInput = z
  .strictObject({
    ...newsFields,
    slug: newsFields.slug.optional(),
    excerpt: newsFields.excerpt.default(null),
    body: newsFields.body.default(''),
    cover: newsFields.cover.default(null),
    categories: newsFields.categories.default([]),
    status: newsFields.status.default('draft'),
    published_at: newsFields.published_at.default(null),
    featured: newsFields.featured.default(false),
  })
  .superRefine(scheduledNeedsDate);
export type NewsInput = z.infer<typeof NewsInput>;

export const NewsUpdateInput = z
  .strictObject({
    title: newsFields.title.optional(),
    slug: newsFields.slug.optional(),
    excerpt: newsFields.excerpt.optional(),
    body: newsFields.body.optional(),
    cover: newsFields.cover.optional(),
    categories: newsFields.categories.optional(),
    status: newsFields.status.optional(),
    published_at: newsFields.published_at.optional(),
    featured: newsFields.featured.optional(),
    updated_at: updatedAtField,
  })
  .superRefine(scheduledNeedsDate);
export type NewsUpdateInput = z.infer<typeof NewsUpdateInput>;

export interface NewsRecord {
  id: number;
  title: string;
  slug: string;
  excerpt: string | null;
  /** Sanitized HTML (AREAS.md "Rich text"). List pages leave it out: only a record's own read has it. */
  body?: string;
  cover: MediaRef | null;
  categories: RecordRef[];
  /** As it reads now: a scheduled item whose time has come is `published`. */
  status: PublicationStatus;
  published_at: string | null;
  featured: boolean;
  author: { id: number; name: string } | null;
  created_at: string;
  updated_at: string;
}

// Pages: a draft or published, no schedule; created from the list with just a title (no /page/create).

export const PAGE_STATUSES = ['draft', 'published'] as const;
export type PageStatus = (typeof PAGE_STATUSES)[number];

export const PAGE_STATUS_LABELS: Record<PageStatus, string> = {
  draft: 'Borrador',
  published: 'Publicada',
};

export const PAGES: ResourceContract<'title' | 'slug' | 'status' | 'updated_at' | 'created_at', 'status'> = {
  path: AREA_API_PATHS.page,
  area: 'page',
  label: { one: 'página', many: 'páginas' },
  lookup: 'id',
  sortable: ['title', 'slug', 'status', 'updated_at', 'created_at'],
  defaultSort: 'title',
  filters: {
    status: z.enum(PAGE_STATUSES, { error: 'Estado desconocido: draft o published.' }),
  },
};

const pageFields = {
  title: requiredText('título', { max: 255 }),
  slug: slugField(),
  body: richTextField('cuerpo'),
  status: z.enum(PAGE_STATUSES, { error: 'El estado debe ser Borrador o Publicada.' }),
  published_at: publishedAtField,
};

export const PageInput = z.strictObject({
  ...pageFields,
  slug: pageFields.slug.optional(),
  body: pageFields.body.default(''),
  status: pageFields.status.default('draft'),
  published_at: pageFields.published_at.default(null),
});
export type PageInput = z.infer<typeof PageInput>;

export const PageUpdateInput = z.strictObject({
  title: pageFields.title.optional(),
  slug: pageFields.slug.optional(),
  body: pageFields.body.optional(),
  status: pageFields.status.optional(),
  published_at: pageFields.published_at.optional(),
  updated_at: updatedAtField,
});
export type PageUpdateInput = z.infer<typeof PageUpdateInput>;

export interface PageRecord {
  id: number;
  title: string;
  slug: string;
  /** Sanitized HTML. List pages leave it out: only a record's own read has it. */
  body?: string;
  status: PageStatus;
  published_at: string | null;
  created_at: string;
  updated_at: string;
}
