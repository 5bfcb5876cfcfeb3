import { NEWS, type NewsInput, type NewsRecord, type NewsUpdateInput } from '@gestor/shared';
import { defineArea, joinTable, storedIn } from '../resource/area-declaration';
import { effectiveStatusSql, publicUrlOf, publishing } from '../resource/publishing';
import { spanishOrder, TIMESTAMP_SORTS } from '../resource/resource-definition';

// News (docs/areas.md): categories by slug, a cover from the library, a sanitized body whose images count
// as usages, the publishing rules, Spanish full-text search; the author is whoever created it.

type NewsChanges = Omit<NewsUpdateInput, 'updated_at'>;

/** `website`: PUBLIC_NEWS_URL, the template of a news item's address on the website (or null). */
export function newsResource({ website }: { website: string | null }) {
  const rules = publishing<NewsRecord, NewsInput, NewsChanges>('news.publish');
  return defineArea<NewsRecord, NewsInput, NewsChanges>({
    contract: NEWS,
    table: 'news',
    titleColumn: 'title',
    select: {
      status: effectiveStatusSql(),
      author: `(SELECT json_build_object('id', u.id, 'name', u.name) FROM users u WHERE u.id = t.author_id)`,
      public_url: null,
    },
    read: { public_url: publicUrlOf(website) },
    storage: {
      categories: joinTable('category_news', 'news_id', 'category_id'),
      author: storedIn('author_id'),
    },
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
    authorize: rules.authorize,
    // Public while its status reads published (a scheduled item's, from its time on: announced then).
    announces: {
      isPublic: (record) => record.status === 'published',
      timed: [{ condition: "t.status = 'scheduled'", at: 't.published_at' }],
    },
    prepare({ actor }, input, current) {
      rules.prepare(input, current);
      if (!current) (input as Record<string, unknown>).author = actor.id;
    },
    csv: ['id', 'title', 'slug', 'status', 'published_at', 'categories', 'featured', 'author', 'updated_at'],
  });
}
