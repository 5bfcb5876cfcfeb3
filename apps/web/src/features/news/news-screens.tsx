import {
  NEWS,
  NewsInput,
  type NewsRecord,
  NewsUpdateInput,
  PUBLICATION_STATUS_LABELS,
  PUBLICATION_STATUSES,
  type PublicationStatus,
  SLUG_LABEL,
  USERS,
  type UserRecord,
} from '@gestor/shared';
import { recordOptions } from '../../components/options/record-options';
import { useRecordOptions } from '../../components/options/use-record-options';
import { EMPTY_VALUE, formatDateTime } from '../../components/resource/format';
import { PublicationStatusTag } from '../../components/resource/publishing/publication-status-tag';
import {
  mayChangePublication,
  publicationAuditLabel,
  publishingBody,
} from '../../components/resource/publishing/publishing';
import { publishingSubmitActions } from '../../components/resource/publishing/publishing-submit-actions';
import { defineResourceScreens, type ListFilter } from '../../components/resource/resource-screens';
import { useUser } from '../../lib/auth';
import { can } from '../../lib/permissions';
import { FeaturedMark, NewsCategoryTags } from './components/news-cells';
import { NEWS_CATEGORIES, NewsFields } from './components/news-fields';
import { NEWS_PUBLISHING } from './news-publishing';
import './components/news.css';

// News on the resource machinery (decision 008): /news, /news/create, /news/{slug}. Publishing
// (AREAS.md) is in news-publishing.ts: without news.publish nothing about it is sent, and an
// item that is not a draft is shown read-only (the API would answer 403, which signs out).

export interface NewsFormValues {
  title: string;
  /** Empty on creation: the server makes it from the title. */
  slug: string;
  excerpt: string;
  /** HTML from the rich text editor, '' when empty. */
  body: string;
  /** A media item's id, or null. */
  cover: number | null;
  /** Category slugs. */
  categories: string[];
  featured: boolean;
  /**
   * The state to leave the item in: the record's own, unless a publishing button says otherwise
   * (`submitWith({ status })`). No control shows it; only news.publish sends it.
   */
  status: PublicationStatus;
  /** When a scheduled item is published (the "Programar" date), an ISO instant or null. */
  published_at: string | null;
}

const STATUS_FILTER: ListFilter = {
  name: 'status',
  label: 'Estado',
  options: PUBLICATION_STATUSES.map((status) => ({
    value: status,
    label: PUBLICATION_STATUS_LABELS[status],
  })),
};

const FEATURED_FILTER: ListFilter = {
  name: 'featured',
  label: 'Destacada',
  options: [
    { value: 'true', label: 'Destacadas' },
    { value: 'false', label: 'No destacadas' },
  ],
};

/** `filter[author]=<user id>`: the users are many, so they are searched, never all loaded. */
const AUTHORS = recordOptions(USERS, {
  value: (user: UserRecord) => String(user.id),
  label: (user) => user.name,
});

function useNewsFilters(): ListFilter[] {
  const categories = useRecordOptions(NEWS_CATEGORIES);
  const user = useUser();
  return [
    STATUS_FILTER,
    // Without category.view there is nothing to offer: the categories cannot be listed.
    ...(categories.allowed ? [{ name: 'category', label: 'Categoría', options: categories.options }] : []),
    FEATURED_FILTER,
    // "Mis noticias" for everyone; the other users only with user.view, which the search checks.
    ...(user
      ? [
          {
            name: 'author',
            label: 'Autor',
            options: [{ label: 'Mis noticias', value: String(user.id) }],
            search: AUTHORS,
          },
        ]
      : []),
  ];
}

export const newsScreens = defineResourceScreens<NewsRecord, NewsFormValues>({
  contract: NEWS,
  gender: 'feminine',
  searchPlaceholder: 'Título, entradilla o texto',
  purpose: 'Aquí se redactan las noticias del sitio y se decide cuándo se publican.',
  // AREAS.md "Search": Spanish full text, best matches first when no sort is given.
  rankedSearch: true,
  columns: [
    { field: 'title', header: 'Título', link: true, card: 'title' },
    {
      field: 'status',
      header: 'Estado',
      card: 'status',
      body: (news) => <PublicationStatusTag status={news.status} />,
    },
    {
      field: 'categories',
      header: 'Categorías',
      priority: 2,
      body: (news) => <NewsCategoryTags categories={news.categories} />,
    },
    {
      field: 'featured',
      header: 'Destacada',
      priority: 3,
      align: 'center',
      body: (news) => <FeaturedMark featured={news.featured} />,
    },
    { field: 'author', header: 'Autor', priority: 3, body: (news) => news.author?.name ?? EMPTY_VALUE },
    {
      field: 'published_at',
      header: 'Publicación',
      card: 'date',
      body: (news) => formatDateTime(news.published_at),
    },
  ],
  useFilters: useNewsFilters,
  canManage: (news) => mayChangePublication(news, can(NEWS_PUBLISHING.permission)),
  unmanageableNotice: 'Solo quien puede publicar noticias modifica una noticia publicada o programada.',
  form: {
    empty: () => ({
      title: '',
      slug: '',
      excerpt: '',
      body: '',
      cover: null,
      categories: [],
      featured: false,
      status: 'draft',
      published_at: null,
    }),
    fromRecord: (news) => ({
      title: news.title,
      slug: news.slug,
      excerpt: news.excerpt ?? '',
      body: news.body ?? '', // always there: the form starts from the record's own read
      cover: news.cover?.id ?? null,
      categories: news.categories.map((category) => category.slug),
      featured: news.featured,
      status: news.status,
      published_at: news.status === 'scheduled' ? news.published_at : null,
    }),
    toBody: (values, record) => ({
      title: values.title,
      ...(values.slug.trim() ? { slug: values.slug.trim() } : {}),
      excerpt: values.excerpt,
      body: values.body,
      cover: values.cover,
      // Without category.view the form could not list them: they stay as they are.
      ...(can('category.view') ? { categories: values.categories } : {}),
      featured: values.featured,
      ...publishingBody(values, record, can(NEWS_PUBLISHING.permission)),
    }),
    createInput: NewsInput,
    updateInput: NewsUpdateInput,
    // `status` has no control: a message about it shows above the form.
    fields: ['title', 'slug', 'excerpt', 'body', 'cover', 'categories', 'featured', 'published_at'],
    Fields: NewsFields,
    SubmitActions: publishingSubmitActions<NewsRecord, NewsFormValues>(NEWS_PUBLISHING),
    fieldLabels: {
      title: 'Título',
      slug: SLUG_LABEL,
      excerpt: 'Entradilla',
      body: 'Texto',
      cover: 'Imagen de portada',
      categories: 'Categorías',
      featured: 'Destacada',
      status: 'Estado',
      published_at: 'Fecha de publicación',
      author: 'Autor',
    },
    auditItemLabel: publicationAuditLabel,
  },
});
