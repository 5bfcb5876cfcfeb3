import {
  NEWS,
  type NewsInput,
  type NewsRecord,
  type NewsUpdateInput,
  PUBLIC_PATHS,
  PublicNewsQuery,
} from '@gestor/shared';
import {
  type CategoryLink,
  inCategorySql,
  inCategoryTreeSql,
  publicCategoriesSql,
} from '../categories/categories-resource';
import { defineArea, joinTable, storedIn } from '../resource/area-declaration';
import type { PublicSideDeclaration } from '../resource/public-side';
import {
  effectiveStatusSql,
  notWithdrawnSql,
  publicUrlOf,
  publishedNowSql,
  publishing,
} from '../resource/publishing';
import { daySql, spanishOrder, TIMESTAMP_SORTS } from '../resource/resource-definition';
import { type ReviewNotices, reviewStateSql } from '../resource/review';
import { SPANISH_SEARCH } from '../resource/spanish-search';

// News (docs/areas.md): categories by slug, a cover from the library, a sanitized body whose images count
// as usages, the publishing rules, Spanish full-text search; the author is whoever created it.

type NewsChanges = Omit<NewsUpdateInput, 'updated_at'>;

const NEWS_CATEGORIES: CategoryLink = { table: 'category_news', own: 'news_id' };

/**
 * The newest `count` public news matching `conditions`, read without walking past the scheduled
 * items still ahead: they head the date order, and a site may schedule thousands. The published ones
 * and the scheduled ones whose time has come each come from their own index, newest first, and are
 * merged by the caller's ORDER BY.
 */
const newestNews = (conditions: string[], count: string) => {
  const matching = [notWithdrawnSql(), ...conditions].map((condition) => ` AND ${condition}`).join('');
  const newest = `ORDER BY t.published_at DESC, t.id DESC LIMIT ${count}`;
  return `((SELECT t.* FROM news t WHERE t.status = 'published' AND t.deleted_at IS NULL${matching} ${newest})
    UNION ALL (SELECT t.* FROM news t WHERE t.status = 'scheduled' AND t.published_at <= now() AND t.deleted_at IS NULL${matching} ${newest}))`;
};

/** docs/public-api.md: published news (a scheduled one from its time), newest first. */
const newsPublic: PublicSideDeclaration = {
  path: PUBLIC_PATHS.news,
  condition: publishedNowSql('t', { withdrawal: true }),
  order: 't.published_at DESC, t.id DESC',
  query: PublicNewsQuery,
  filters: {
    // A category and every one below it.
    category: (slug, params) => inCategoryTreeSql(NEWS_CATEGORIES, params.add(slug)),
    featured: (value, params) => `t.featured = ${params.add(value === '1')}`,
  },
  search: SPANISH_SEARCH,
  own: {
    categories: { from: ['categories'], sql: publicCategoriesSql(NEWS_CATEGORIES) },
  },
  // Those stored as published (kept by the triggers of migration 0018) and the scheduled ones whose
  // time has come, less those withdrawn by their date (migration 0040's index), without reading them all.
  total: `SELECT ((SELECT total FROM row_counts WHERE table_name = 'news:published')
    + (SELECT count(*) FROM news s WHERE s.status = 'scheduled' AND s.published_at <= now() AND s.deleted_at IS NULL)
    - (SELECT count(*) FROM news s WHERE s.unpublish_at <= now() AND ${publishedNowSql('s')}))::int AS total`,
  source: newestNews,
  changesAt: [
    { condition: "t.status = 'scheduled'", at: 't.published_at' },
    // Its withdrawal, when that comes after its last write (one that set a time already past was refused).
    {
      condition: "t.status <> 'draft' AND t.unpublish_at > t.updated_at",
      at: 't.unpublish_at',
      kind: 'unpublished',
    },
  ],
  sitemap: { order: 't.published_at DESC, t.id DESC', last: true },
};

/** `website`: PUBLIC_NEWS_URL, the template of a news item's address on the website (or null). */
export function newsResource({ website, review }: { website: string | null; review: ReviewNotices | null }) {
  const rules = publishing<NewsRecord, NewsInput, NewsChanges>('news', review);
  return defineArea<NewsRecord, NewsInput, NewsChanges>({
    contract: NEWS,
    table: 'news',
    titleColumn: 'title',
    select: {
      status: effectiveStatusSql(),
      author: `(SELECT json_build_object('id', u.id, 'name', u.name) FROM users u WHERE u.id = t.author_id)`,
      review: reviewStateSql(),
      revise_by: daySql('t.revise_by'),
      public_url: null,
    },
    read: { public_url: publicUrlOf(website) },
    storage: {
      categories: joinTable(NEWS_CATEGORIES.table, NEWS_CATEGORIES.own, 'category_id'),
      author: storedIn('author_id'),
    },
    sortColumns: {
      title: spanishOrder('t.title'),
      published_at: 't.published_at',
      ...TIMESTAMP_SORTS,
    },
    filterConditions: {
      status: (value) => `${effectiveStatusSql()} = ${value}`,
      category: (value) => inCategorySql(NEWS_CATEGORIES, value),
      featured: (value) => `t.featured = ${value}`,
      author: (value) => `t.author_id = ${value}`,
    },
    authorize: rules.authorize,
    async prepare(ctx, input, current) {
      await rules.prepare(ctx, input, current);
      if (!current) (input as Record<string, unknown>).author = ctx.actor.id;
    },
    csv: ['id', 'title', 'slug', 'status', 'published_at', 'categories', 'featured', 'author', 'updated_at'],
    publicSide: newsPublic,
  });
}
