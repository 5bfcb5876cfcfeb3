import {
  EVENT_ENDS_BEFORE_START,
  EVENTS,
  type EventInput,
  type EventRecord,
  type EventUpdateInput,
  PUBLIC_PATHS,
  PublicEventQuery,
} from '@gestor/shared';
import { ValidationError } from '../../lib/http-errors';
import {
  type CategoryLink,
  inCategorySql,
  inCategoryTreeSql,
  publicCategoriesSql,
} from '../categories/categories-resource';
import { defineArea, joinTable, storedIn } from '../resource/area-declaration';
import { effectiveStatusSql, publishedNowSql, publishing } from '../resource/publishing';
import { spanishOrder, TIMESTAMP_SORTS } from '../resource/resource-definition';
import { SPANISH_SEARCH } from '../resource/spanish-search';
import { publicSpaceSql } from '../spaces/spaces-resource';

// The agenda (issue 31): news' publishing rules, a place among the spaces, categories in order. On
// the website while published and not yet over, soonest first; filtered by Madrid days and by space.

type EventChanges = Omit<EventUpdateInput, 'updated_at'>;

const EVENT_CATEGORIES: CategoryLink = { table: 'category_events', own: 'event_id' };

/** The instant a Madrid day (a `YYYY-MM-DD` placeholder) begins, `days` later. */
const madridDay = (day: string, days = 0) =>
  `((${day}::date + ${days})::timestamp AT TIME ZONE 'Europe/Madrid')`;

export function eventsResource() {
  const rules = publishing<EventRecord, EventInput, EventChanges>('event');
  return defineArea<EventRecord, EventInput, EventChanges>({
    contract: EVENTS,
    table: 'events',
    titleColumn: 'title',
    select: {
      status: effectiveStatusSql(),
      author: `(SELECT json_build_object('id', u.id, 'name', u.name) FROM users u WHERE u.id = t.author_id)`,
    },
    storage: {
      categories: joinTable(EVENT_CATEGORIES.table, EVENT_CATEGORIES.own, 'category_id'),
      author: storedIn('author_id'),
    },
    sortColumns: {
      title: spanishOrder('t.title'),
      starts_at: 't.starts_at',
      ...TIMESTAMP_SORTS,
    },
    filterConditions: {
      status: (value) => `${effectiveStatusSql()} = ${value}`,
      category: (value) => inCategorySql(EVENT_CATEGORIES, value),
      space: (value) => `t.space_id = ${value}`,
    },
    authorize: rules.authorize,
    // An edit that moves one end only is checked against the stored other (the shared schema checks
    // the two when a request carries both).
    async check(_ctx, { current, columns }) {
      const value = (name: string, stored: string | undefined) =>
        (columns.has(name) ? columns.get(name) : stored) as string | null | undefined;
      const startsAt = value('starts_at', current?.starts_at);
      const endsAt = value('ends_at', current?.ends_at);
      if (startsAt && endsAt && Date.parse(endsAt) < Date.parse(startsAt)) {
        throw columns.has('ends_at')
          ? ValidationError.field('ends_at', EVENT_ENDS_BEFORE_START)
          : ValidationError.field('starts_at', 'El comienzo debe ser igual o anterior al final.');
      }
    },
    async prepare(ctx, input, current) {
      await rules.prepare(ctx, input, current);
      if (!current) (input as Record<string, unknown>).author = ctx.actor.id;
    },
    csv: [
      'id',
      'title',
      'slug',
      'starts_at',
      'ends_at',
      'space',
      'status',
      'categories',
      'author',
      'updated_at',
    ],
    publicSide: {
      path: PUBLIC_PATHS.event,
      condition: `${publishedNowSql()} AND t.ends_at > now()`,
      order: 't.starts_at, t.id',
      query: PublicEventQuery,
      filters: {
        // Whatever is still on that day or after it; whatever begins before the day after `to`.
        from: (day, params) => `t.ends_at > ${madridDay(params.add(day))}`,
        to: (day, params) => `t.starts_at < ${madridDay(params.add(day), 1)}`,
        space: (slug, params) =>
          `t.space_id = (SELECT s.id FROM spaces s WHERE s.slug = ${params.add(slug)})`,
        category: (slug, params) => inCategoryTreeSql(EVENT_CATEGORIES, params.add(slug)),
      },
      search: SPANISH_SEARCH,
      own: {
        // Its place, while the place itself is public.
        space: {
          from: ['space'],
          sql: `(SELECT json_build_object('slug', s.slug, 'name', s.name, 'address', s.address) FROM spaces s
                  WHERE s.id = t.space_id AND ${publicSpaceSql('s')})`,
        },
        categories: { from: ['categories'], sql: publicCategoriesSql(EVENT_CATEGORIES) },
      },
      sitemap: { order: 't.starts_at, t.id' },
      // Its publication at its time (unless it has ended by then), and its end, which takes down one
      // that was shown: published, or scheduled before it ends, and not ended before its last write.
      changesAt: [
        { condition: "t.status = 'scheduled' AND t.ends_at > t.published_at", at: 't.published_at' },
        {
          condition: `t.status <> 'draft' AND t.ends_at > t.updated_at
                      AND (t.status = 'published' OR t.published_at < t.ends_at)`,
          at: 't.ends_at',
          kind: 'unpublished',
        },
      ],
    },
  });
}
