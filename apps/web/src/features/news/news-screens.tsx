import { NEWS, type NewsRecord, USERS, type UserRecord } from '@gestor/shared';
import { CATEGORIES_BY_SLUG } from '../../components/options/categories-by-slug';
import { recordOptions } from '../../components/options/record-options';
import { useRecordOptions } from '../../components/options/use-record-options';
import { previewAction } from '../../components/preview/preview-action';
import { PublicationStatusTag } from '../../components/publishing/publication-status-tag';
import {
  mayChangePublication,
  mayEditPublication,
  publishingBody,
} from '../../components/publishing/publishing';
import { publishingSubmitActions } from '../../components/publishing/publishing-submit-actions';
import { type FormValuesOf, formOf } from '../../components/resource/form-values';
import { EMPTY_VALUE, formatDateTime } from '../../components/resource/format';
import {
  choiceFilter,
  defineResourceScreens,
  type ListFilter,
} from '../../components/resource/resource-screens';
import { useUser } from '../../lib/auth';
import { can } from '../../lib/permissions';
import { FeaturedMark, NewsCategoryTags } from './components/news-cells';
import { NewsFields } from './components/news-fields';
import { NEWS_PUBLISHING } from './news-publishing';
import './components/news.css';

// News on the resource machinery (decision 008): /news, /news/create, /news/{slug}. Publishing
// (docs/areas.md) is in news-publishing.ts: without news.publish nothing about it is sent, and an
// item that is not a draft is shown read-only (the API would answer 403, which signs out).

/** The status has no control: publishing's buttons say which to leave the item in. */
export type NewsFormValues = FormValuesOf<typeof NEWS.fields>;

const STATUS_FILTER = choiceFilter(NEWS, 'status');

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
  const categories = useRecordOptions(CATEGORIES_BY_SLUG);
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
  searchPlaceholder: 'Título, subtítulo, entradilla o texto',
  purpose: 'Aquí se redactan las noticias del sitio y se decide cuándo se publican.',
  // docs/areas.md#rules-shared-by-the-content-areas: Spanish full text, best matches first when no sort is given.
  rankedSearch: true,
  columns: [
    { field: 'title', link: true, card: 'title' },
    {
      field: 'status',
      card: 'status',
      body: (news) => <PublicationStatusTag status={news.status} unpublishAt={news.unpublish_at} />,
    },
    {
      field: 'categories',
      priority: 2,
      body: (news) => <NewsCategoryTags categories={news.categories} />,
    },
    {
      field: 'featured',
      priority: 3,
      align: 'center',
      body: (news) => <FeaturedMark featured={news.featured} />,
    },
    { field: 'author', priority: 3, body: (news) => news.author?.name ?? EMPTY_VALUE },
    {
      field: 'published_at',
      card: 'date',
      body: (news) => formatDateTime(news.published_at),
    },
  ],
  useFilters: useNewsFilters,
  // docs/review.md: an item in review is edited by anyone with news.update (the writer's edit takes it
  // back to draft), but deleted, as a published one, only by a publisher (else 403, which signs out).
  canManage: (news) => mayEditPublication(news, can(NEWS_PUBLISHING.permission)),
  canDelete: (news) => mayChangePublication(news, can(NEWS_PUBLISHING.permission)),
  unmanageableNotice: 'Solo quien puede publicar noticias modifica una noticia publicada o programada.',
  form: {
    ...formOf<typeof NEWS.fields, NewsRecord>(NEWS, {
      // What to leave the item in is the publishing buttons' choice (news-publishing.ts); a
      // message about the status shows above the form. «Retirar el» is a publication field too:
      // publishingBody sends it, changed, only for a publisher.
      manual: ['status', 'published_at', 'unpublish_at'],
      hidden: ['status'],
      fromRecord: {
        body: (news) => news.body ?? '', // always there: the form starts from the record's own read
        published_at: (news) => (news.status === 'scheduled' ? news.published_at : null),
      },
      toBody: (values, record, body) => ({
        ...body,
        ...publishingBody(values, record, can(NEWS_PUBLISHING.permission)),
      }),
    }),
    Fields: NewsFields,
    SubmitActions: publishingSubmitActions<NewsRecord, NewsFormValues>(NEWS_PUBLISHING),
    // docs/public-api.md: the saved version as the website would show it, for anyone who may view it.
    ViewActions: previewAction<NewsRecord>(NEWS),
  },
});
