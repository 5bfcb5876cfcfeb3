import { createHash } from 'node:crypto';
import {
  CATEGORIES,
  ENTITIES,
  NEWS,
  PAGES,
  type PublicCategory,
  type PublicEntity,
  type PublicNews,
  type PublicNewsListItem,
  type PublicPage,
  type PublicPageListItem,
  type PublicSlide,
  type PublicSpace,
  SLIDES,
  SPACES,
} from '@gestor/shared';
import type { PublicUrlTemplates } from '../../config/config';
import type { Database } from '../../db/client';
import type { MediaUrls } from '../multimedia/media-refs';
import { Params } from '../resource/list-query';
import type { MediaLinks } from '../resource/media-links';
import { fromTemplate } from '../resource/publishing';
import { spanishOrder } from '../resource/resource-definition';
import { SPANISH_SEARCH } from '../resource/spanish-search';
import { slideStateSql } from '../slides/slides-resource';
import { publicMedia, publicMediaSql } from './public-media';
import { publicProjection } from './public-projection';

// docs/public-api.md#calling-it: each read states the condition in SQL, evaluated at the
// statement's time (now()), so a scheduled item or a slide's window changes the answer with no write.
// One statement per answer: a page and its total together, relations as correlated subqueries.

/**
 * A news item or a page whose status reads `published` now: publishing.ts's effectiveStatusSql,
 * written so an index on published items serves it (migration 0018).
 */
export const publicNewsSql = (alias = 't') =>
  `${alias}.deleted_at IS NULL AND ${alias}.status IN ('published', 'scheduled') AND (${alias}.status = 'published' OR ${alias}.published_at <= now())`;
/**
 * How many news are public now, without reading them all: those stored as published (kept by the
 * triggers of migration 0018) and the scheduled ones whose time has come.
 */
const PUBLIC_NEWS_TOTAL = `SELECT ((SELECT total FROM row_counts WHERE table_name = 'news:published')
  + (SELECT count(*) FROM news s WHERE s.status = 'scheduled' AND s.published_at <= now() AND s.deleted_at IS NULL))::int AS total`;
// Decision 026: nothing in the trash is public.
const PUBLIC_PAGE = `t.status = 'published' AND t.deleted_at IS NULL`;
const PUBLIC_ENTITY = 't.active AND t.deleted_at IS NULL';
const PUBLIC_SPACE = `t.active AND t.deleted_at IS NULL AND (t.entity_id IS NULL OR EXISTS (SELECT 1 FROM entities e WHERE e.id = t.entity_id AND e.active AND e.deleted_at IS NULL))`;
const PUBLIC_CATEGORY = 't.deleted_at IS NULL';

/** Ids of a category and of every category below it, however deep (a loop stored by mistake ends the walk). */
const categoryTreeSql = (slug: string) =>
  `ARRAY(WITH RECURSIVE tree (id) AS (
           SELECT c.id FROM categories c WHERE c.slug = ${slug} AND c.deleted_at IS NULL
           UNION
           SELECT c.id FROM categories c JOIN tree ON c.parent_id = tree.id WHERE c.deleted_at IS NULL
         ) SELECT id FROM tree)`;

// Each area's own public values (what no single field of its table holds); the rest of every answer
// is derived from the field tables (public-projection.ts).

const NEWS_CATEGORIES = `(SELECT coalesce(json_agg(json_build_object('slug', c.slug, 'name', c.name, 'color', c.color) ORDER BY cn.position), '[]'::json)
     FROM category_news cn JOIN categories c ON c.id = cn.category_id AND c.deleted_at IS NULL WHERE cn.news_id = t.id)`;

const CATEGORY_OWN = {
  parent: { sql: '(SELECT p.slug FROM categories p WHERE p.id = t.parent_id)' },
  path: { sql: 'gestor_category_path(t.id)' },
  news_count: {
    sql: `(SELECT count(*)::int FROM category_news cn JOIN news n ON n.id = cn.news_id
            WHERE cn.category_id = t.id AND ${publicNewsSql('n')})`,
    read: Number,
  },
};

const SPACES_COUNT = {
  sql: '(SELECT count(*)::int FROM spaces s WHERE s.entity_id = t.id AND s.active AND s.deleted_at IS NULL)',
  read: Number,
};

type Row = Record<string, unknown>;

const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : value ? String(value) : null);

export interface PublicPageOf<T> {
  rows: T[];
  total: number;
}

export interface ListWindow {
  page: number;
  perPage: number;
}

export function createPublicRecords({
  database,
  urls,
  media,
  templates,
}: {
  database: Database;
  urls: MediaUrls;
  media: MediaLinks;
  templates: PublicUrlTemplates;
}) {
  // Prepared on PostgreSQL (parsed and planned once per connection): the same few statements serve
  // every request. Named by their text, so two texts never share a name.
  const names = new Map<string, string>();
  const nameOf = (text: string) => {
    let name = names.get(text);
    if (!name) {
      name = `public_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
      names.set(text, name);
    }
    return name;
  };
  const query = <T = Row>(text: string, values: unknown[]) => database.query<T>(text, values, nameOf(text));

  /** One page of rows and the total of matches, in one statement. */
  async function listPage(
    table: string,
    columns: string,
    where: string,
    order: string,
    params: Params,
    window: ListWindow,
    count = `SELECT count(*)::int AS total FROM ${table} t WHERE ${where}`,
    /** Where the page's rows are read from, when narrower than the whole table (newestNews). */
    source: (limit: string, offset: string) => string = () => table,
  ): Promise<PublicPageOf<Row>> {
    const limit = params.add(window.perPage);
    const offset = params.add((window.page - 1) * window.perPage);
    const text = `SELECT c.total, p.* FROM (${count}) c
      LEFT JOIN LATERAL (SELECT ${columns} FROM ${source(limit, offset)} t WHERE ${where} ORDER BY ${order}
                          LIMIT ${limit} OFFSET ${offset}) p ON true`;
    const rows = await query(text, params.values);
    const total = Number(rows[0]?.total ?? 0);
    // With no row on this page, the join still gives the total, beside nulls.
    return { rows: rows.filter((row) => row.slug !== null && row.slug !== undefined), total };
  }

  const url = {
    news: (slug: string) => fromTemplate(templates.news, '{slug}', slug),
    page: (slug: string) => fromTemplate(templates.page, '{slug}', slug),
    category: (slug: string) => fromTemplate(templates.category, '{slug}', slug),
    entity: (slug: string) => fromTemplate(templates.entity, '{slug}', slug),
    space: (slug: string) => fromTemplate(templates.space, '{slug}', slug),
  };

  const projected = { urls, media };
  const newsSide = publicProjection(
    { table: 'news', fields: NEWS.fields, own: { categories: { sql: NEWS_CATEGORIES } }, url: url.news },
    projected,
  );
  const pageSide = publicProjection({ table: 'pages', fields: PAGES.fields, url: url.page }, projected);
  const categorySide = publicProjection(
    {
      table: 'categories',
      fields: CATEGORIES.fields,
      own: CATEGORY_OWN,
      updatedAt: false,
      url: url.category,
    },
    projected,
  );
  const entitySide = publicProjection(
    {
      table: 'entities',
      fields: ENTITIES.fields,
      own: { spaces_count: SPACES_COUNT },
      updatedAt: false,
      url: url.entity,
    },
    projected,
  );
  const spaceSide = publicProjection(
    {
      table: 'spaces',
      fields: SPACES.fields,
      own: {
        entity: {
          sql: `(SELECT json_build_object('slug', e.slug, 'name', e.name) FROM entities e WHERE e.id = t.entity_id)`,
        },
        // The gallery in its order: the space's own (a list of media no single column holds).
        images: {
          sql: `(SELECT coalesce(json_agg(${publicMediaSql('m')} ORDER BY si.position), '[]'::json)
                   FROM space_images si JOIN multimedia m ON m.id = si.media_id WHERE si.space_id = t.id)`,
          read: (value) => (value as unknown[]).map((item) => publicMedia(urls, item)),
        },
      },
      updatedAt: false,
      url: url.space,
    },
    projected,
  );
  const slideSide = publicProjection(
    {
      table: 'slides',
      fields: SLIDES.fields,
      own: { position: { sql: 't.position', read: Number } },
      updatedAt: false,
      url: false,
    },
    projected,
  );

  const NEWS_COLUMNS = newsSide.columns(false);
  const newsItem = (row: Row) => newsSide.read(row, false) as PublicNewsListItem;
  const pageItem = (row: Row) => pageSide.read(row, false) as PublicPageListItem;
  const category = (row: Row) => categorySide.read(row, true) as PublicCategory;
  const entity = (row: Row) => entitySide.read(row, true) as PublicEntity;
  const space = (row: Row) => spaceSide.read(row, true) as PublicSpace;
  const CATEGORY_COLUMNS = categorySide.columns(true);
  const ENTITY_COLUMNS = entitySide.columns(true);
  const SPACE_COLUMNS = spaceSide.columns(true);

  /** A news item by its condition (`slug = $1 AND public`, or `id = $1` for a preview), with its body. */
  async function oneNews(condition: string, value: unknown): Promise<PublicNews | null> {
    const [row] = await query(`SELECT ${newsSide.columns(true)} FROM news t WHERE ${condition}`, [value]);
    return row ? (newsSide.read(row, true) as PublicNews) : null;
  }

  async function onePage(condition: string, value: unknown): Promise<PublicPage | null> {
    const [row] = await query(`SELECT ${pageSide.columns(true)} FROM pages t WHERE ${condition}`, [value]);
    return row ? (pageSide.read(row, true) as PublicPage) : null;
  }

  /** The filters asked for, as conditions on news `t`. */
  function newsFilters(
    params: Params,
    filters: { category?: string; featured?: boolean; search?: string },
  ): string[] {
    const conditions: string[] = [];
    if (filters.category !== undefined) {
      conditions.push(`EXISTS (SELECT 1 FROM category_news cn WHERE cn.news_id = t.id
                        AND cn.category_id = ANY (${categoryTreeSql(params.add(filters.category))}))`);
    }
    if (filters.featured !== undefined) conditions.push(`t.featured = ${params.add(filters.featured)}`);
    if (filters.search) conditions.push(SPANISH_SEARCH.condition(params.add(filters.search)));
    return conditions;
  }

  /**
   * The newest `count` public news matching `filters`, read without walking past the scheduled items
   * still ahead: they head the date order, and a site may schedule thousands. The published ones and
   * the scheduled ones whose time has come each come from their own index, newest first, and are
   * merged by the caller's ORDER BY.
   */
  const newestNews = (filters: string[], count: string) => {
    const matching = filters.map((condition) => ` AND ${condition}`).join('');
    const newest = `ORDER BY t.published_at DESC, t.id DESC LIMIT ${count}`;
    return `((SELECT t.* FROM news t WHERE t.status = 'published' AND t.deleted_at IS NULL${matching} ${newest})
      UNION ALL (SELECT t.* FROM news t WHERE t.status = 'scheduled' AND t.published_at <= now() AND t.deleted_at IS NULL${matching} ${newest}))`;
  };

  return {
    url,

    async listNews(
      filters: { category?: string; featured?: boolean; search?: string },
      window: ListWindow,
    ): Promise<PublicPageOf<PublicNewsListItem>> {
      const params = new Params();
      const matching = newsFilters(params, filters);
      const where = [publicNewsSql(), ...matching].join(' AND ');
      // Best matches first when searching (as the admin's lists), else the newest.
      const order = filters.search
        ? `${SPANISH_SEARCH.rank(params.add(filters.search))} DESC, t.id DESC`
        : 't.published_at DESC, t.id DESC';
      const unfiltered = !filters.category && filters.featured === undefined && !filters.search;
      const { rows, total } = await listPage(
        'news',
        NEWS_COLUMNS,
        where,
        order,
        params,
        window,
        unfiltered ? PUBLIC_NEWS_TOTAL : undefined,
        filters.search
          ? undefined
          : (limit, offset) => newestNews(matching, `${limit}::int + ${offset}::int`),
      );
      return { rows: rows.map(newsItem), total };
    },

    showNews: (slug: string) => oneNews(`t.slug = $1 AND ${publicNewsSql()}`, slug),
    /** Whatever its status (a preview). */
    newsById: (id: number) => oneNews('t.id = $1 AND t.deleted_at IS NULL', id),

    async listPages(window: ListWindow): Promise<PublicPageOf<PublicPageListItem>> {
      const { rows, total } = await listPage(
        'pages',
        pageSide.columns(false),
        PUBLIC_PAGE,
        `${spanishOrder('t.title')}, t.id`,
        new Params(),
        window,
      );
      return { rows: rows.map(pageItem), total };
    },

    showPage: (slug: string) => onePage(`t.slug = $1 AND ${PUBLIC_PAGE}`, slug),
    pageById: (id: number) => onePage('t.id = $1 AND t.deleted_at IS NULL', id),

    async listCategories(window: ListWindow): Promise<PublicPageOf<PublicCategory>> {
      const { rows, total } = await listPage(
        'categories',
        CATEGORY_COLUMNS,
        PUBLIC_CATEGORY,
        `${spanishOrder('gestor_category_path(t.id)')}, t.id`,
        new Params(),
        window,
      );
      return { rows: rows.map(category), total };
    },

    async showCategory(slug: string): Promise<PublicCategory | null> {
      const [row] = await query(
        `SELECT ${CATEGORY_COLUMNS} FROM categories t WHERE t.slug = $1 AND ${PUBLIC_CATEGORY}`,
        [slug],
      );
      return row ? category(row) : null;
    },

    async listSlides(limit: number): Promise<PublicSlide[]> {
      const rows = await query(
        `SELECT ${slideSide.columns(true)}
           FROM slides t WHERE t.deleted_at IS NULL AND ${slideStateSql('t')} = 'active' ORDER BY t.position LIMIT $1`,
        [limit],
      );
      return rows.map((row) => slideSide.read(row, true) as PublicSlide);
    },

    async listEntities(filters: { type?: string }, window: ListWindow): Promise<PublicPageOf<PublicEntity>> {
      const params = new Params();
      const conditions = [PUBLIC_ENTITY];
      if (filters.type !== undefined) conditions.push(`t.type = ${params.add(filters.type)}`);
      const { rows, total } = await listPage(
        'entities',
        ENTITY_COLUMNS,
        conditions.join(' AND '),
        `${spanishOrder('t.name')}, t.id`,
        params,
        window,
      );
      return { rows: rows.map(entity), total };
    },

    async showEntity(slug: string): Promise<PublicEntity | null> {
      const [row] = await query(
        `SELECT ${ENTITY_COLUMNS} FROM entities t WHERE t.slug = $1 AND ${PUBLIC_ENTITY}`,
        [slug],
      );
      return row ? entity(row) : null;
    },

    async listSpaces(filters: { entity?: string }, window: ListWindow): Promise<PublicPageOf<PublicSpace>> {
      const params = new Params();
      const conditions = [PUBLIC_SPACE];
      if (filters.entity !== undefined) {
        conditions.push(
          `t.entity_id = (SELECT e.id FROM entities e WHERE e.slug = ${params.add(filters.entity)})`,
        );
      }
      const { rows, total } = await listPage(
        'spaces',
        SPACE_COLUMNS,
        conditions.join(' AND '),
        `${spanishOrder('t.name')}, t.id`,
        params,
        window,
      );
      return { rows: rows.map(space), total };
    },

    async showSpace(slug: string): Promise<PublicSpace | null> {
      const [row] = await query(
        `SELECT ${SPACE_COLUMNS} FROM spaces t WHERE t.slug = $1 AND ${PUBLIC_SPACE}`,
        [slug],
      );
      return row ? space(row) : null;
    },

    /** The feed's newest public news, with what RSS needs of their cover (its size). */
    async feedNews(filters: { category?: string }, limit: number) {
      const params = new Params();
      const matching = newsFilters(params, filters);
      const count = params.add(limit);
      const rows = await query(
        `SELECT ${NEWS_COLUMNS} FROM ${newestNews(matching, count)} t
          ORDER BY t.published_at DESC, t.id DESC LIMIT ${count}`,
        params.values,
      );
      return rows.map((row) => ({
        item: newsItem(row),
        cover: row.cover as { size: number | string; mime: string } | null,
      }));
    },

    /**
     * Every public record of the areas whose address is configured, with its last change: the smaller
     * areas whole, then news newest first, at most `limit` in all (the sitemap protocol's 50 000).
     */
    async sitemapEntries(limit: number): Promise<Array<{ url: string; lastmod: string }>> {
      const sources: Array<[keyof typeof url, string]> = [
        ['page', `SELECT t.slug, t.updated_at FROM pages t WHERE ${PUBLIC_PAGE} ORDER BY t.slug`],
        [
          'category',
          `SELECT t.slug, t.updated_at FROM categories t WHERE ${PUBLIC_CATEGORY} ORDER BY t.slug`,
        ],
        ['entity', `SELECT t.slug, t.updated_at FROM entities t WHERE ${PUBLIC_ENTITY} ORDER BY t.slug`],
        ['space', `SELECT t.slug, t.updated_at FROM spaces t WHERE ${PUBLIC_SPACE} ORDER BY t.slug`],
        [
          'news',
          `SELECT t.slug, t.updated_at FROM news t WHERE ${publicNewsSql()} ORDER BY t.published_at DESC, t.id DESC`,
        ],
      ];
      const configured = sources.filter(([area]) => templates[area] !== null);
      if (!configured.length) return [];
      // One statement: each area's rows in its own order, the whole cut at the limit.
      const text = `SELECT area, slug, updated_at FROM (${configured
        .map(
          ([area, sql], index) =>
            `(SELECT '${area}' AS area, ${index} AS part, row_number() OVER () AS n, s.slug, s.updated_at
                FROM (${sql} LIMIT $1) s)`,
        )
        .join(' UNION ALL ')}) entries ORDER BY part, n LIMIT $1`;
      const rows = await query<{ area: keyof typeof url; slug: string; updated_at: Date }>(text, [limit]);
      return rows.map((row) => ({ url: url[row.area](row.slug)!, lastmod: iso(row.updated_at)! }));
    },
  };
}

export type PublicRecords = ReturnType<typeof createPublicRecords>;
