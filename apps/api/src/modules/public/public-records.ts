import { createHash } from 'node:crypto';
import type { PublicUrlTemplates } from '../../config/config';
import type { Database } from '../../db/client';
import type { MediaUrls } from '../multimedia/media-refs';
import { Params } from '../resource/list-query';
import type { MediaLinks } from '../resource/media-links';
import type { PublicArea } from '../resource/public-side';
import { fromTemplate } from '../resource/publishing';
import { iso, type PublicProjection, publicProjection } from './public-projection';

// docs/public-api.md#calling-it: each read states the area's condition in SQL, evaluated at the
// statement's time (now()), so a scheduled item or a slide's window changes the answer with no write.
// One statement per answer: a page and its total together, relations as correlated subqueries.
// Every area is read the same way, from its declaration (public-area.ts).

type Row = Record<string, unknown>;

export interface PublicPageOf<T> {
  rows: T[];
  total: number;
}

export interface ListWindow {
  page: number;
  perPage: number;
}

/** What a list asks for: the area's filters by parameter, and a search. */
export type ListAsk = Record<string, string | undefined>;

export function createPublicRecords({
  database,
  urls,
  media,
  templates,
  areas,
}: {
  database: Database;
  urls: MediaUrls;
  media: MediaLinks;
  templates: PublicUrlTemplates;
  areas: readonly PublicArea[];
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

  const templateOf = (area: PublicArea) =>
    area.url === false ? null : ((templates as unknown as Record<string, string | null>)[area.area] ?? null);
  const addressOf = (area: PublicArea) => {
    const template = templateOf(area);
    return (slug: string) => fromTemplate(template, '{slug}', slug);
  };

  const sides = new Map<string, { area: PublicArea; projection: PublicProjection }>();
  for (const area of areas) {
    const projection = publicProjection(
      { ...area, url: area.url === false ? false : addressOf(area) },
      { urls, media },
    );
    sides.set(area.area, { area, projection });
  }
  const sideOf = (name: string) => {
    const side = sides.get(name);
    if (!side) throw new Error(`Sin lado público: ${name}`);
    return side;
  };

  /** The conditions a list asks for, on `t`. */
  function conditionsOf(area: PublicArea, params: Params, ask: ListAsk): string[] {
    const conditions: string[] = [];
    for (const [name, filter] of Object.entries(area.filters ?? {})) {
      const value = ask[name];
      if (value !== undefined) conditions.push(filter(value, params));
    }
    if (ask.search && area.search) conditions.push(area.search.condition(params.add(ask.search)));
    return conditions;
  }

  return {
    /** The website's address of a record, or null. */
    url: (name: string, slug: string) => addressOf(sideOf(name).area)(slug),

    /** One page of public records and the total of matches, in one statement. */
    async list(name: string, ask: ListAsk, window: ListWindow): Promise<PublicPageOf<Row>> {
      const { area, projection } = sideOf(name);
      const params = new Params();
      const matching = conditionsOf(area, params, ask);
      const where = [area.condition, ...matching].join(' AND ');
      const searching = Boolean(ask.search && area.search);
      // Best matches first when searching (as the admin's lists), else the area's order.
      const order = searching ? `${area.search!.rank(params.add(ask.search))} DESC, t.id DESC` : area.order;
      const count =
        area.total && matching.length === 0
          ? area.total
          : `SELECT count(*)::int AS total FROM ${area.table} t WHERE ${where}`;
      const limit = params.add(window.perPage);
      const offset = params.add((window.page - 1) * window.perPage);
      const source =
        area.source && !searching ? area.source(matching, `${limit}::int + ${offset}::int`) : area.table;
      const text = `SELECT c.total, p.* FROM (${count}) c
        LEFT JOIN LATERAL (SELECT ${projection.columns(false)} FROM ${source} t WHERE ${where} ORDER BY ${order}
                            LIMIT ${limit} OFFSET ${offset}) p ON true`;
      const rows = await query(text, params.values);
      const total = Number(rows[0]?.total ?? 0);
      // With no row on this page, the join still gives the total, beside nulls.
      return {
        rows: rows
          .filter((row) => row.slug !== null && row.slug !== undefined)
          .map((row) => projection.read(row, false)),
        total,
      };
    },

    /**
     * The first `limit` public records in the area's order, matching `ask` (a feed, the slides), each
     * with the row it was read from (a feed needs what the answer leaves out: a cover's size).
     */
    async first(name: string, ask: ListAsk, limit: number): Promise<Array<{ record: Row; row: Row }>> {
      const { area, projection } = sideOf(name);
      const params = new Params();
      const matching = conditionsOf(area, params, { ...ask, search: undefined });
      const count = params.add(limit);
      const source = area.source ? area.source(matching, count) : area.table;
      const rows = await query(
        `SELECT ${projection.columns(area.limit !== undefined)} FROM ${source} t
          WHERE ${[area.condition, ...matching].join(' AND ')} ORDER BY ${area.order} LIMIT ${count}`,
        params.values,
      );
      return rows.map((row) => ({ record: projection.read(row, area.limit !== undefined), row }));
    },

    /** A public record by its slug, whole. */
    async show(name: string, slug: string): Promise<Row | null> {
      const { area, projection } = sideOf(name);
      const [row] = await query(
        `SELECT ${projection.columns(true)} FROM ${area.table} t WHERE t.slug = $1 AND ${area.condition}`,
        [slug],
      );
      return row ? projection.read(row, true) : null;
    },

    /** A record by id whatever its status (a preview), as `show` would answer it were it public. */
    async preview(name: string, id: number): Promise<Row | null> {
      const { area, projection } = sideOf(name);
      const [row] = await query(
        `SELECT ${projection.columns(true)} FROM ${area.table} t WHERE t.id = $1 AND t.deleted_at IS NULL`,
        [id],
      );
      return row ? projection.read(row, true) : null;
    },

    /** Whether any area has an address on the website (else a sitemap has nothing to list). */
    hasAddresses: () => areas.some((area) => templateOf(area) !== null),

    /**
     * Every public record of the areas whose address is configured, with its last change: the smaller
     * areas whole, then the large ones newest first, at most `limit` in all (the sitemap protocol's 50 000).
     */
    async sitemapEntries(limit: number): Promise<Array<{ url: string; lastmod: string }>> {
      const configured = areas
        .filter((area) => templateOf(area) !== null)
        .sort((a, b) => Number(a.sitemap?.last === true) - Number(b.sitemap?.last === true));
      if (!configured.length) return [];
      // One statement: each area's rows in its own order, the whole cut at the limit.
      const text = `SELECT area, slug, updated_at FROM (${configured
        .map(
          (area, index) =>
            `(SELECT '${area.area}' AS area, ${index} AS part, row_number() OVER () AS n, s.slug, s.updated_at
                FROM (SELECT t.slug, t.updated_at FROM ${area.table} t WHERE ${area.condition}
                       ORDER BY ${area.sitemap?.order ?? 't.slug'} LIMIT $1) s)`,
        )
        .join(' UNION ALL ')}) entries ORDER BY part, n LIMIT $1`;
      const rows = await query<{ area: string; slug: string; updated_at: Date }>(text, [limit]);
      return rows.map((row) => ({
        url: addressOf(sideOf(row.area).area)(row.slug)!,
        lastmod: iso(row.updated_at)!,
      }));
    },
  };
}

export type PublicRecords = ReturnType<typeof createPublicRecords>;
