import {
  AREA_API_PATHS,
  madridMinuteText,
  PREVIEW_AREAS,
  type PreviewLink,
  PUBLIC_API_PREFIX,
  PUBLIC_CALENDAR_SIZE,
  PUBLIC_FEED_SIZE,
  PUBLIC_NOT_FOUND_MESSAGE,
  PUBLIC_PER_PAGE_DEFAULT,
  PublicEventFeedQuery,
  type PublicEventListItem,
  PublicFeedQuery,
  type PublicNewsListItem,
  type PublicPreview,
  SLUG_MAX,
  SLUG_PATTERN,
  toValidationErrors,
} from '@gestor/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Config } from '../../config/config';
import type { Database } from '../../db/client';
import { HttpError, notFound, ValidationError } from '../../lib/http-errors';
import type { Storage } from '../../lib/storage/storage';
import { refuseNulParameters } from '../../lib/validate';
import { mediaLinks } from '../multimedia/media-links';
import { mediaUrls } from '../multimedia/media-refs';
import { paginate } from '../resource/pagination';
import type { PublicArea } from '../resource/public-side';
import { fromTemplate } from '../resource/publishing';
import { previewTokens } from './preview-tokens';
import { icalendar } from './public-calendar';
import { rssFeed, sitemap } from './public-feeds';
import { createPublicRecords, type ListWindow, type PublicPageOf } from './public-records';

// docs/public-api.md#calling-it, "Feeds", "Previews of drafts": GET routes under /api/public/v1 that
// answer plain JSON (or XML); the transport around them (cache, ETag, Cache-Control, CORS, rate limit,
// 405) is the public API layer's. No route here reads the session: the session plugin skips this prefix.

/** The sitemap protocol's limit of addresses in one file. */
const SITEMAP_MAX = 50_000;

/** What every record the website may not see answers: nothing tells them apart. */
const publicNotFound = () => new HttpError(404, PUBLIC_NOT_FOUND_MESSAGE);

/** A query string checked by its shared schema: anything else is Laravel's 422, in Spanish. */
function parseQuery<S extends z.ZodType>(schema: S, request: FastifyRequest): z.output<S> {
  const query = (request.query ?? {}) as Record<string, unknown>;
  // U+0000 anywhere (PostgreSQL can neither store nor compare it): refused before any statement
  // (plugins/text-input.ts has done so for the request already; this keeps the parser whole).
  refuseNulParameters(query);
  const result = schema.safeParse(query);
  if (!result.success) throw new ValidationError(toValidationErrors(result.error));
  return result.data;
}

/**
 * The query as the route read it (the router's parser), for the pagination links: re-reading the raw
 * URL with URLSearchParams had turned `?search=%E9` (a literal search) into U+FFFD in every link.
 */
function parsedQuery(request: FastifyRequest): URLSearchParams {
  const links = new URLSearchParams();
  for (const [name, value] of Object.entries((request.query ?? {}) as Record<string, string | string[]>)) {
    for (const one of Array.isArray(value) ? value : [value]) links.append(name, one);
  }
  return links;
}

const windowOf = (query: { page?: string; per_page?: string }): ListWindow => ({
  page: Number(query.page ?? 1),
  perPage: Number(query.per_page ?? PUBLIC_PER_PAGE_DEFAULT),
});

/** A slug as a path holds it; anything else names no record. */
function slugOf(request: FastifyRequest): string {
  const { slug } = request.params as { slug: string };
  if (slug.length > SLUG_MAX || !SLUG_PATTERN.test(slug)) throw publicNotFound();
  return slug;
}

const found = <T>(record: T | null): { data: T } => {
  if (record === null) throw publicNotFound();
  return { data: record };
};

export interface PublicRoutesOptions {
  database: Database;
  storage: Storage;
  config: Pick<Config, 'appName' | 'appUrl' | 'appKey' | 'publicUrls' | 'previewTtlMinutes'>;
  /** What each area shows the website (the registry's list, modules/areas.ts). */
  areas: readonly PublicArea[];
}

export function publicRoutes(
  app: FastifyInstance,
  { database, storage, config, areas }: PublicRoutesOptions,
) {
  const urls = mediaUrls(storage, config.appUrl);
  const records = createPublicRecords({
    database,
    urls,
    media: mediaLinks(urls),
    templates: config.publicUrls,
    areas,
  });
  const tokens = previewTokens(config.appKey);
  const base = `${config.appUrl}${PUBLIC_API_PREFIX}`;

  const list = <T>(request: FastifyRequest, path: string, window: ListWindow, page: PublicPageOf<T>) =>
    paginate(page.rows, {
      page: window.page,
      perPage: window.perPage,
      total: page.total,
      path: `${base}${path}`,
      query: parsedQuery(request),
    });

  // Each area's list and record, as its declaration says; an area with a `limit` is one short list.
  for (const area of areas) {
    if (area.limit !== undefined) {
      const limit = area.limit;
      app.get(`${PUBLIC_API_PREFIX}${area.path}`, async () => ({
        data: (await records.first(area.area, {}, limit)).map(({ record }) => record),
      }));
      continue;
    }
    app.get(`${PUBLIC_API_PREFIX}${area.path}`, async (request) => {
      const { page, per_page, search, ...filters } = parseQuery(area.query, request);
      const window = windowOf({ page, per_page });
      const ask = { ...filters, ...(search?.trim() ? { search: search.trim() } : {}) };
      return list(request, area.path, window, await records.list(area.area, ask, window));
    });
    app.get(`${PUBLIC_API_PREFIX}${area.path}/:slug`, async (request) =>
      found(await records.show(area.area, slugOf(request))),
    );
  }

  // The website's home, where a template says where the website is; else Gestor itself.
  const websiteOf = (template: string | null) =>
    template === null ? config.appUrl : new URL(template.replaceAll('{slug}', 'x')).origin;

  app.get(`${PUBLIC_API_PREFIX}/rss/news.xml`, async (request, reply) => {
    const query = parseQuery(PublicFeedQuery, request);
    const newest = await records.first(
      'news',
      query.category !== undefined ? { category: query.category } : {},
      PUBLIC_FEED_SIZE,
    );
    const items = newest.map(({ record, row }) => ({
      item: record as PublicNewsListItem,
      // What RSS needs of the cover and the answer leaves out: its size.
      cover: row.cover as { size: number | string; mime: string } | null,
    }));
    const self = `${base}/rss/news.xml${query.category !== undefined ? `?category=${encodeURIComponent(query.category)}` : ''}`;
    return reply.type('application/rss+xml; charset=utf-8').send(
      rssFeed({
        title: `${config.appName}: noticias`,
        link: websiteOf(config.publicUrls.news),
        self,
        description: `Las últimas noticias de ${config.appName}.`,
        items,
        apiUrl: (slug) => `${base}/news/${slug}`,
      }),
    );
  });

  // The agenda's feeds (docs/public-api.md#feeds): what is still to come, soonest first.
  const upcoming = async (request: FastifyRequest, limit: number) => {
    const query = parseQuery(PublicEventFeedQuery, request);
    const ask = {
      ...(query.space !== undefined ? { space: query.space } : {}),
      ...(query.category !== undefined ? { category: query.category } : {}),
    };
    const rows = await records.first('event', ask, limit);
    const self = new URLSearchParams(ask).toString();
    return { rows: rows.map(({ record, row }) => ({ event: record as PublicEventListItem, row })), self };
  };
  /** When and where, as a person reads it: "28/11/2026, 19:00 · Teatro Principal". */
  const whenAndWhere = (event: PublicEventListItem) =>
    [madridMinuteText(new Date(event.starts_at)), event.space?.name].filter(Boolean).join(' · ');

  app.get(`${PUBLIC_API_PREFIX}/rss/events.xml`, async (request, reply) => {
    const { rows, self } = await upcoming(request, PUBLIC_FEED_SIZE);
    const items = rows.map(({ event, row }) => ({
      item: {
        ...event,
        excerpt: [whenAndWhere(event), event.subtitle].filter(Boolean).join('. '),
      },
      cover: row.cover as { size: number | string; mime: string } | null,
    }));
    return reply.type('application/rss+xml; charset=utf-8').send(
      rssFeed({
        title: `${config.appName}: agenda`,
        link: websiteOf(config.publicUrls.event),
        self: `${base}/rss/events.xml${self ? `?${self}` : ''}`,
        description: `Los próximos eventos de ${config.appName}.`,
        items,
        apiUrl: (slug) => `${base}/events/${slug}`,
      }),
    );
  });

  app.get(`${PUBLIC_API_PREFIX}/events.ics`, async (request, reply) => {
    const { rows } = await upcoming(request, PUBLIC_CALENDAR_SIZE);
    const host = new URL(config.appUrl).hostname;
    return reply.type('text/calendar; charset=utf-8').send(
      icalendar({
        name: `${config.appName}: agenda`,
        events: rows.map(({ event }) => ({
          uid: `${event.slug}@${host}`,
          title: event.title,
          description: [event.subtitle, event.url].filter(Boolean).join('\n') || null,
          location: event.space ? [event.space.name, event.space.address].filter(Boolean).join(', ') : null,
          url: event.url,
          starts_at: event.starts_at,
          ends_at: event.ends_at,
          updated_at: event.updated_at,
          categories: event.categories.map((category) => category.name),
        })),
      }),
    );
  });

  app.get(`${PUBLIC_API_PREFIX}/sitemap.xml`, async (_request, reply) => {
    // Without any address of the website there is nothing a sitemap could list.
    if (!records.hasAddresses()) throw publicNotFound();
    const entries = await records.sitemapEntries(SITEMAP_MAX);
    return reply.type('application/xml; charset=utf-8').send(sitemap(entries));
  });

  // A draft as the website would show it: never cached, never indexed, whatever the answer.
  app.get(
    `${PUBLIC_API_PREFIX}/preview/:token`,
    async (request, reply: FastifyReply): Promise<PublicPreview> => {
      reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex');
      const claim = tokens.read((request.params as { token: string }).token);
      if (!claim) throw publicNotFound();
      const record = await records.preview(claim.area, claim.id);
      if (!record) throw publicNotFound();
      return {
        data: record as PublicPreview['data'],
        meta: { area: claim.area, expires_at: new Date(claim.expires * 1000).toISOString() },
      };
    },
  );

  // The admin API's side (session, CSRF and the area's view permission, as every admin route): a
  // signed link to a news item's or a page's preview. By id, or by slug as /api/news/{slug} reads.
  for (const area of PREVIEW_AREAS) {
    const path = AREA_API_PATHS[area];
    const table = areas.find((side) => side.area === area)?.table;
    if (!table) throw new Error(`Sin lado público para la vista previa: ${area}`);
    app.post(
      `/api/${path}/:id/preview`,
      { config: { permission: `${area}.view` } },
      async (request, reply): Promise<PreviewLink> => {
        const raw = (request.params as { id: string }).id;
        // A record in the trash is not found, as every other look-up of the admin API answers it.
        const [row] = /^\d{1,9}$/.test(raw)
          ? await database.query<{ id: number }>(
              `SELECT id FROM ${table} WHERE id = $1 AND deleted_at IS NULL`,
              [Number(raw)],
            )
          : raw.length <= SLUG_MAX && SLUG_PATTERN.test(raw)
            ? await database.query<{ id: number }>(
                `SELECT id FROM ${table} WHERE slug = $1 AND deleted_at IS NULL`,
                [raw],
              )
            : [];
        if (!row) throw notFound();
        const { token, expiresAt } = tokens.issue(area, row.id, config.previewTtlMinutes);
        reply.code(201);
        return {
          data: {
            token,
            url: fromTemplate(config.publicUrls.preview, '{token}', token),
            expires_at: expiresAt.toISOString(),
          },
        };
      },
    );
  }
}
