import {
  NEWS,
  type NewsInput,
  NewsInput as NewsInputSchema,
  type NewsRecord,
  type NewsUpdateInput,
  NewsUpdateInput as NewsUpdateSchema,
  PUBLICATION_STATUS_LABELS,
  type PublicationStatus,
  type RecordRef,
  SLUG_LABEL,
} from '@gestor/shared';
import { IMAGE, type MediaUrls, mediaRefSql } from '../multimedia/media-refs';
import { csvDate } from '../resource/csv';
import { CATEGORY, column, reference, referenceList } from '../resource/declared-fields';
import { effectiveStatusSql, publishing } from '../resource/publishing';
import { defineResource, spanishOrder, TIMESTAMP_SORTS, timestamps } from '../resource/resource-definition';
import { SPANISH_SEARCH } from '../resource/spanish-search';

// News (AREAS.md): categories by slug, a cover from the library, a sanitized body whose images count
// as usages, the publishing rules, Spanish full-text search; the author is whoever created it.

/** What a list page shows: everything but the body. */
const LIST_COLUMNS = `t.id, t.title, t.slug, t.excerpt, t.published_at, t.featured, t.created_at, t.updated_at,
      ${effectiveStatusSql()} AS status,
      ${mediaRefSql('t.cover_id')} AS cover,
      (SELECT coalesce(json_agg(json_build_object('id', c.id, 'name', c.name, 'slug', c.slug) ORDER BY cn.position), '[]'::json)
         FROM category_news cn JOIN categories c ON c.id = cn.category_id WHERE cn.news_id = t.id) AS categories,
      (SELECT json_build_object('id', u.id, 'name', u.name) FROM users u WHERE u.id = t.author_id) AS author`;

export function newsResource({ media }: { media: MediaUrls }) {
  const rules = publishing<NewsRecord, NewsInput, Omit<NewsUpdateInput, 'updated_at'>>('news.publish');
  return defineResource<NewsRecord, NewsInput, Omit<NewsUpdateInput, 'updated_at'>>({
    contract: NEWS,
    table: 'news',
    titleColumn: 'title',
    columns: `t.body, ${LIST_COLUMNS}`,
    // A list shows no body (up to 200 000 characters each), so it reads none.
    listColumns: LIST_COLUMNS,
    toRecord: (row) => ({
      id: row.id as number,
      title: row.title as string,
      slug: row.slug as string,
      excerpt: row.excerpt as string | null,
      ...(row.body === undefined ? {} : { body: row.body as string }),
      cover: media.ref(row.cover),
      categories: row.categories as RecordRef[],
      status: row.status as PublicationStatus,
      published_at: row.published_at ? (row.published_at as Date).toISOString() : null,
      featured: row.featured as boolean,
      author: row.author as NewsRecord['author'],
      ...timestamps(row),
    }),
    sortColumns: {
      title: spanishOrder('t.title'),
      published_at: 't.published_at',
      ...TIMESTAMP_SORTS,
    },
    filterConditions: {
      status: (value) => `${effectiveStatusSql()} = ${value}`,
      category: (value) =>
        `EXISTS (SELECT 1 FROM category_news cn JOIN categories c ON c.id = cn.category_id
                  WHERE cn.news_id = t.id AND c.slug = ${value})`,
      featured: (value) => `t.featured = ${value}`,
      author: (value) => `t.author_id = ${value}`,
    },
    fullTextSearch: SPANISH_SEARCH,
    richText: { fields: ['body'] },
    createInput: NewsInputSchema,
    updateInput: NewsUpdateSchema,
    slug: { from: 'title' },
    fields: {
      title: column(),
      excerpt: column(),
      body: column(),
      status: column(),
      published_at: column(),
      featured: column(),
      author: column('author_id'),
      cover: reference('cover_id', IMAGE),
      categories: referenceList(
        { table: 'category_news', own: 'news_id', other: 'category_id', ordered: true },
        CATEGORY,
      ),
    },
    authorize: rules.authorize,
    prepare({ actor }, input, current) {
      rules.prepare(input, current);
      if (!current) (input as Record<string, unknown>).author = actor.id;
    },
    auditSnapshot: (news) => ({
      title: news.title,
      slug: news.slug,
      excerpt: news.excerpt,
      body: news.body,
      cover: news.cover?.name ?? null,
      categories: news.categories.map((category) => category.name),
      status: news.status,
      published_at: news.published_at,
      featured: news.featured,
    }),
    csv: [
      { header: 'ID', value: (n) => n.id },
      { header: 'Título', value: (n) => n.title },
      { header: SLUG_LABEL, value: (n) => n.slug },
      { header: 'Estado', value: (n) => PUBLICATION_STATUS_LABELS[n.status] },
      { header: 'Publicación', value: (n) => csvDate(n.published_at) },
      { header: 'Categorías', value: (n) => n.categories.map((c) => c.name).join(', ') },
      { header: 'Destacada', value: (n) => n.featured },
      { header: 'Autor', value: (n) => n.author?.name ?? null },
      { header: 'Modificada', value: (n) => csvDate(n.updated_at) },
    ],
  });
}
