import {
  PUBLIC_PATHS,
  PUBLIC_SLIDES_MAX,
  PublicListQuery,
  SLIDE_LABEL_NEEDS_LINK,
  SLIDE_LINK_NEEDS_LABEL,
  SLIDE_WINDOW_MESSAGE,
  SLIDES,
  type SlideInput,
  SlideOrderInput,
  type SlideRecord,
  type SlideUpdateInput,
  slideAccessibilityErrors,
} from '@gestor/shared';
import type { Connection } from '../../db/client';
import { ValidationError } from '../../lib/http-errors';
import { validate } from '../../lib/validate';
import { defineArea } from '../resource/area-declaration';
import { spanishOrder, TIMESTAMP_SORTS } from '../resource/resource-definition';

// Slides (docs/areas.md): the home page's slides in their own order (positions 1…n, set as a whole by
// PUT /api/slides/order), each with a required image and shown within an optional window. Every
// write of the area runs one at a time, so a new slide always goes last and a reorder never races a
// create or a delete into a broken order.

/**
 * The state as it reads now, in SQL (like a scheduled news item's status, decision 009): lists,
 * filter and records agree, and nothing needs to run when a window opens or closes. A window starts
 * at `starts_at` (included) and ends at `ends_at` (excluded).
 */
export const slideStateSql = (alias = 't') =>
  `(CASE WHEN NOT ${alias}.active THEN 'inactive'
         WHEN ${alias}.starts_at > now() THEN 'scheduled'
         WHEN ${alias}.ends_at <= now() THEN 'expired'
         ELSE 'active' END)`;

type SlideUpdate = Omit<SlideUpdateInput, 'updated_at'>;

const quoted = (titles: string[]) => titles.map((title) => `«${title}»`).join(', ');

/**
 * docs/accessibility.md: a slide that is to be shown (active) passes the accessibility check of what
 * it says through references: its image's text alternative (written for the slide, else the
 * library's; none when it is decorative here) and its button's text. Slides have no publish
 * permission, so no reason overrides it: the fix is one field away. Checked when the slide becomes
 * active or a checked field changes, so an edit of its dates alone is never held back by what it
 * already had.
 */
async function checkShownSlide(
  tx: Connection,
  current: SlideRecord | null,
  columns: ReadonlyMap<string, unknown>,
  value: (name: string, stored: unknown) => unknown,
) {
  if (!value('active', current?.active ?? true)) return;
  const becomesShown = !current?.active || columns.has('active');
  const changed = (name: string, stored: unknown) => columns.has(name) && columns.get(name) !== stored;
  const checkImage =
    becomesShown ||
    changed('image_id', current?.image?.id ?? null) ||
    changed('image_alt', current?.image_alt ?? null) ||
    changed('image_decorative', current?.image_decorative ?? false);
  const checkLabel =
    becomesShown || (columns.has('link_label') && columns.get('link_label') !== current?.link_label);
  if (!checkImage && !checkLabel) return;
  const imageId = value('image_id', current?.image?.id ?? null) as number | null;
  const [image] =
    checkImage && imageId !== null
      ? await tx.query<{ id: number; alt: string | null }>('SELECT id, alt FROM multimedia WHERE id = $1', [
          imageId,
        ])
      : [];
  const errors = slideAccessibilityErrors({
    image: image
      ? {
          ...image,
          ownAlt: value('image_alt', current?.image_alt ?? null) as string | null,
          decorative: Boolean(value('image_decorative', current?.image_decorative ?? false)),
        }
      : null,
    linkLabel: checkLabel
      ? ((value('link_label', current?.link_label ?? null) as string | null) ?? null)
      : null,
  });
  const fields = Object.entries(errors).map(([field, sentence]) => [field, [sentence]]);
  if (fields.length) throw new ValidationError(Object.fromEntries(fields));
}

export function slidesResource() {
  return defineArea<SlideRecord, SlideInput, SlideUpdate>({
    contract: SLIDES,
    table: 'slides',
    titleColumn: 'title',
    select: { state: slideStateSql() },
    // Never sent by clients (the schemas do not know it): set here on create and by the order route,
    // which are changes people make, so the history shows them.
    audited: ['position'],
    sortColumns: {
      position: 't.position',
      title: spanishOrder('t.title'),
      ...TIMESTAMP_SORTS,
    },
    filterConditions: { state: (value) => `${slideStateSql()} = ${value}` },
    searchColumn: 't.search_text',
    serializeWrites: true,

    async prepare({ tx }, input, current) {
      if (current) return;
      // Under the area's lock (serializeWrites): no other write can take the same place meanwhile.
      const [last] = await tx.query<{ next: number }>(
        'SELECT coalesce(max(position), 0) + 1 AS next FROM slides WHERE deleted_at IS NULL',
      );
      (input as Record<string, unknown>).position = last?.next ?? 1;
    },

    // The rules between fields, with an edit's missing half taken from the stored slide (the shared
    // schema checks them only when a request carries both).
    async check({ tx }, { current, columns }) {
      const value = (name: string, stored: unknown) => (columns.has(name) ? columns.get(name) : stored);
      const startsAt = value('starts_at', current?.starts_at ?? null) as string | null;
      const endsAt = value('ends_at', current?.ends_at ?? null) as string | null;
      if (startsAt && endsAt && Date.parse(startsAt) >= Date.parse(endsAt)) {
        throw columns.has('ends_at')
          ? ValidationError.field('ends_at', SLIDE_WINDOW_MESSAGE)
          : ValidationError.field('starts_at', 'La fecha de inicio debe ser anterior a la de fin.');
      }
      const linkUrl = value('link_url', current?.link_url ?? null);
      const linkLabel = value('link_label', current?.link_label ?? null);
      if (linkUrl && !linkLabel) throw ValidationError.field('link_label', SLIDE_LINK_NEEDS_LABEL);
      if (!linkUrl && linkLabel) throw ValidationError.field('link_url', SLIDE_LABEL_NEEDS_LINK);
      await checkShownSlide(tx, current, columns, value);
    },

    // The remaining slides close ranks, so positions stay 1…n. A trashed slide keeps the place it
    // had (unique among live slides only, migration 0021), to come back to it.
    async afterWrite({ tx }, action) {
      if (action !== 'deleted') return;
      await tx.query(
        `UPDATE slides s SET position = o.n
           FROM (SELECT id, row_number() OVER (ORDER BY position)::int AS n FROM slides WHERE deleted_at IS NULL) o
          WHERE s.id = o.id AND s.position <> o.n`,
      );
    },

    // Restored slides go back to their places (at most after the last): the others make room.
    async onRestore({ tx }, records) {
      for (const slide of [...records].sort((a, b) => a.position - b.position)) {
        const [row] = await tx.query<{ place: number }>(
          'SELECT least($1::int, count(*)::int + 1) AS place FROM slides WHERE deleted_at IS NULL',
          [slide.position],
        );
        const place = row?.place ?? 1;
        await tx.query(
          'UPDATE slides SET position = position + 1 WHERE deleted_at IS NULL AND position >= $1',
          [place],
        );
        await tx.query('UPDATE slides SET position = $2, deleted_at = NULL WHERE id = $1', [slide.id, place]);
      }
    },

    csv: [
      'id',
      'position',
      'title',
      'subtitle',
      'state',
      'active',
      'starts_at',
      'ends_at',
      'link_url',
      'link_label',
      'image',
      'updated_at',
    ],
    // The active ones now, in their order: one short list, no record of its own, no address.
    publicSide: {
      path: PUBLIC_PATHS.slide,
      condition: `t.deleted_at IS NULL AND ${slideStateSql('t')} = 'active'`,
      order: 't.position',
      query: PublicListQuery,
      own: { position: { sql: 't.position', read: Number, from: ['position'] } },
      updatedAt: false,
      url: false,
      limit: PUBLIC_SLIDES_MAX,
      // Its window opening and closing (slideStateSql), when that comes after the slide's last write:
      // a write that sets a time already past was announced itself.
      changesAt: [
        { condition: 't.active AND t.starts_at > t.updated_at', at: 't.starts_at' },
        { condition: 't.active AND t.ends_at > t.updated_at', at: 't.ends_at' },
      ],
    },

    routes(app, service) {
      // docs/areas.md: the new order names every slide once; positions become 1…n. Static, so it wins
      // over PUT /:id. Each slide whose place changed gets a history entry; its updated_at stays, so
      // someone editing its text meanwhile is not told it was changed by another person.
      app.put('/api/slides/order', { config: { permission: 'slide.update' } }, async (request, reply) => {
        const { ids } = validate(SlideOrderInput, request.body);
        await service.write(request.authUser(), async (ctx) => {
          const { tx, actor } = ctx;
          const slides = await tx.query<{ id: number; title: string; position: number; state: string }>(
            `SELECT id, title, position, ${slideStateSql('slides')} AS state
               FROM slides WHERE deleted_at IS NULL ORDER BY position FOR UPDATE`,
          );
          const known = new Set(slides.map((slide) => slide.id));
          const unknown = ids.filter((id) => !known.has(id));
          if (unknown.length) {
            throw ValidationError.field(
              'ids',
              unknown.length === 1
                ? `No existe la diapositiva con id ${unknown[0]}.`
                : `No existen las diapositivas con id ${unknown.join(', ')}.`,
            );
          }
          const listed = new Set(ids);
          const missing = slides.filter((slide) => !listed.has(slide.id)).map((slide) => slide.title);
          if (missing.length) {
            throw ValidationError.field(
              'ids',
              `${missing.length === 1 ? 'Falta la diapositiva' : 'Faltan las diapositivas'} ${quoted(missing.slice(0, 5))}${missing.length > 5 ? ` y ${missing.length - 5} más` : ''}: el orden debe incluir todas las diapositivas, una vez cada una.`,
            );
          }
          // One statement: the unique position is checked at its end (DEFERRABLE), not row by row.
          await tx.query(
            `UPDATE slides s SET position = o.n::int
               FROM unnest($1::int[]) WITH ORDINALITY AS o (id, n)
              WHERE s.id = o.id AND s.position <> o.n`,
            [ids],
          );
          for (const [index, id] of ids.entries()) {
            const slide = slides.find((listed) => listed.id === id)!;
            const before = slide.position;
            if (before !== index + 1) {
              await service.audit(tx, actor, id, 'updated', { position: { from: before, to: index + 1 } });
              // The home page shows them in another order: slide.changed for each shown one that moved.
              const moved = { ...slide, position: index + 1 };
              await service.announce(ctx, slide, moved);
            }
          }
        });
        return reply.code(204).send();
      });
    },
  });
}
