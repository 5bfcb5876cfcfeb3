import {
  AREA_REGISTRY,
  type Area,
  accessibilityErrors,
  COVER_ELEMENT,
  checkAccessibility,
  findingSentence,
  isReviewed,
  type Permission,
  type ReviewState,
  referenceImageFinding,
  sameInstant,
} from '@gestor/shared';
import { forbidden, ValidationError } from '../../lib/http-errors';
import type { AuthorizedWrite, WriteContext } from './resource-definition';
import { type ReviewNotices, reviewsAsOther } from './review';

// docs/areas.md#rules-shared-by-the-content-areas (news, pages): status draft | published | scheduled; published_at set when
// publishing (now, if not given); a scheduled item whose time has passed reads as published everywhere
// with no job or timer; only holders of `<area>.publish` set a status other than draft, choose the
// date, or change (or delete) an item that is not a draft.

interface Publishable {
  id: number;
  title?: string;
  status: string;
  published_at: string | null;
  /** Scheduled withdrawal, in areas that have it (news, pages). */
  unpublish_at?: string | null;
  body?: string;
  /** docs/review.md: the review under way, in areas that are reviewed. */
  review?: ReviewState | null;
  /** A cover, in areas that have one (news, events), with its alternative in this use. */
  cover?: { id: number; alt: string | null } | null;
  cover_alt?: string | null;
  cover_decorative?: boolean;
}

interface PublishingInput {
  title?: string;
  status?: string;
  published_at?: string | null;
  unpublish_at?: string | null;
  body?: string;
  accessibility_reason?: string | null;
  cover?: number | null;
  cover_alt?: string | null;
  cover_decorative?: boolean;
}

const PUBLIC_STATUSES = new Set(['published', 'scheduled']);

/** A cover as it would be stored: the image, its alternative in this use, decorative or not. */
interface CoverState {
  id: number;
  alt: string | null;
  ownAlt: string | null;
  decorative: boolean;
}

const coverFinding = (cover: CoverState | null) =>
  cover ? (referenceImageFinding(cover, { element: COVER_ELEMENT })?.finding ?? null) : null;

/**
 * The cover a write leaves (the library's alternative read for a newly chosen image), or null for
 * an area or a record without one. Only when the write touches it or the item is becoming public.
 */
async function coverAfter(
  ctx: WriteContext,
  input: PublishingInput,
  current: Publishable | null,
): Promise<CoverState | null> {
  const id = input.cover !== undefined ? input.cover : (current?.cover?.id ?? null);
  if (id === null || id === undefined) return null;
  let alt = current?.cover?.id === id ? current.cover.alt : null;
  if (current?.cover?.id !== id) {
    const [row] = await ctx.tx.query<{ alt: string | null }>('SELECT alt FROM multimedia WHERE id = $1', [
      id,
    ]);
    alt = row?.alt ?? null;
  }
  return {
    id,
    alt,
    ownAlt: input.cover_alt !== undefined ? input.cover_alt : (current?.cover_alt ?? null),
    decorative: input.cover_decorative ?? current?.cover_decorative ?? false,
  };
}

const currentCover = (current: Publishable | null): CoverState | null =>
  current?.cover
    ? {
        id: current.cover.id,
        alt: current.cover.alt,
        ownAlt: current.cover_alt ?? null,
        decorative: current.cover_decorative ?? false,
      }
    : null;

/**
 * docs/accessibility.md: a body and a cover about to be public pass the accessibility check, or are
 * refused with each error and its clause (the body's under `body`, the cover's under `cover_alt`),
 * unless the publisher says why it goes out as it is (`accessibility_reason`, kept in the history).
 * An item becoming public (published or scheduled) is checked whole; an edit of one that already is,
 * only for the errors it adds, so fixing a typo in an item published before the check, or with a
 * reason, is never held back. A reason that was not needed is dropped, so the history never lists
 * one for a write that had nothing to excuse.
 */
export async function checkPublicContent(
  ctx: WriteContext,
  input: PublishingInput,
  current: Publishable | null,
) {
  const status = input.status ?? current?.status ?? 'draft';
  const wasPublic = PUBLIC_STATUSES.has(current?.status ?? 'draft');
  const reason = input.accessibility_reason ?? null;
  delete input.accessibility_reason;
  if (!PUBLIC_STATUSES.has(status)) return;
  const touchesCover =
    input.cover !== undefined || input.cover_alt !== undefined || input.cover_decorative !== undefined;
  if (wasPublic && input.body === undefined && !touchesCover) return;

  let errors =
    wasPublic && input.body === undefined
      ? []
      : accessibilityErrors(checkAccessibility(input.body ?? current?.body ?? ''));
  if (wasPublic && errors.length) {
    // What it had already, counted (two «pinche aquí» links are two errors).
    const had = new Map<string, number>();
    for (const finding of accessibilityErrors(checkAccessibility(current?.body ?? ''))) {
      const sentence = findingSentence(finding);
      had.set(sentence, (had.get(sentence) ?? 0) + 1);
    }
    errors = errors.filter((finding) => {
      const sentence = findingSentence(finding);
      const left = had.get(sentence) ?? 0;
      if (left > 0) had.set(sentence, left - 1);
      return left === 0;
    });
  }
  const after = !wasPublic || touchesCover ? await coverAfter(ctx, input, current) : null;
  let cover = coverFinding(after);
  // The same fault of the same image it had already is not the edit's.
  if (cover && wasPublic) {
    const previous = currentCover(current);
    const before = coverFinding(previous);
    if (before && previous?.id === after?.id && findingSentence(before) === findingSentence(cover))
      cover = null;
  }
  if (!errors.length && !cover) return;
  if (reason !== null) {
    input.accessibility_reason = reason;
    return;
  }
  const total = errors.length + (cover ? 1 : 0);
  const count = total === 1 ? 'un error' : `${total} errores`;
  const fix = total === 1 ? 'corríjalo' : 'corríjalos';
  const summary = `${wasPublic ? 'El cambio añade' : errors.length ? 'El texto tiene' : 'La portada tiene'} ${count} de accesibilidad: ${fix} o indique el motivo para publicarlo así.`;
  // The count leads the first field's list (the body's when it has errors): it is the 422's message.
  const fields: Record<string, string[]> = {};
  if (errors.length) fields.body = [summary, ...errors.map(findingSentence)];
  if (cover) fields.cover_alt = errors.length ? [findingSentence(cover)] : [summary, findingSentence(cover)];
  throw new ValidationError(fields);
}

/** The status as it reads now: computed in SQL, so lists, filters and records agree. */
export const effectiveStatusSql = (alias = 't') =>
  `(CASE WHEN ${alias}.status = 'scheduled' AND ${alias}.published_at <= now() THEN 'published' ELSE ${alias}.status END)`;

/**
 * A news item whose status reads `published` now (effectiveStatusSql), written so an index on
 * published items serves it (migration 0018). Nothing in the trash is public (decision 026).
 */
export const publishedNowSql = (alias = 't', { withdrawal = false }: { withdrawal?: boolean } = {}) =>
  `${alias}.deleted_at IS NULL AND ${alias}.status IN ('published', 'scheduled') AND (${alias}.status = 'published' OR ${alias}.published_at <= now())${withdrawal ? ` AND ${notWithdrawnSql(alias)}` : ''}`;

const submitterOf = (item: Publishable) => item.review?.submitted_by?.id ?? null;

/**
 * An area's publishing rules (docs/areas.md#rules-shared-by-the-content-areas), and, where the area
 * is reviewed, its review's (docs/review.md). `notices` tells the writer of an approval; none in a
 * process that sends no mail (a test reading the definitions).
 */
export function publishing<R extends Publishable, C extends PublishingInput, U extends PublishingInput>(
  area: Area,
  notices: ReviewNotices | null = null,
) {
  const permission = `${area}.publish` as Permission;
  const reviewed = isReviewed(area);
  const { noun } = AREA_REGISTRY[area];
  const mayPublish = (ctx: WriteContext) => ctx.actor.permissions.includes(permission);
  // A withdrawal date is a publisher's choice too; sending back the one stored is no change.
  const touchesPublishing = (input: PublishingInput, current: R | null = null) =>
    (input.status !== undefined && input.status !== 'draft') ||
    (input.published_at ?? null) !== null ||
    (input.unpublish_at !== undefined && !sameInstant(input.unpublish_at, current?.unpublish_at ?? null));
  const throughSubmit = () =>
    ValidationError.field(
      'status',
      `Para enviar${noun.gender === 'feminine' ? 'la' : 'lo'} a revisión, use «Enviar a revisión».`,
    );

  /** An edit of an item in review: approval, a reviewer's edit, or the writer's (back to draft). */
  function authorizeInReview(ctx: WriteContext, current: R, input: PublishingInput) {
    const becomesPublic = input.status !== undefined && PUBLIC_STATUSES.has(input.status);
    if (becomesPublic) {
      if (!mayPublish(ctx)) throw forbidden();
      if (submitterOf(current) === ctx.actor.id) {
        throw forbidden(
          `No puede aprobar ${noun.gender === 'feminine' ? 'una' : 'un'} ${noun.one} que ha enviado usted a revisión: ${noun.gender === 'feminine' ? 'la' : 'lo'} publica otra persona.`,
        );
      }
      return;
    }
    if (input.status === 'draft' && reviewsAsOther(ctx.actor, area, submitterOf(current))) {
      throw ValidationError.field(
        'status',
        `Para devolver${noun.gender === 'feminine' ? 'la' : 'lo'} a borrador, use «Devolver con comentarios».`,
      );
    }
    if (touchesPublishing({ ...input, status: undefined }, current) && !mayPublish(ctx)) throw forbidden();
  }

  return {
    async authorize(ctx: WriteContext, write: AuthorizedWrite<R, C, U>) {
      if (write.action === 'create' && write.input.status === 'review') throw throughSubmit();
      if (write.action === 'update') {
        const { current, input } = write;
        if (reviewed && current.status === 'review') return authorizeInReview(ctx, current, input);
        if (input.status === 'review') throw throughSubmit();
      }
      if (mayPublish(ctx)) return;
      const refused =
        write.action === 'create'
          ? touchesPublishing(write.input)
          : write.action === 'update'
            ? write.current.status !== 'draft' || touchesPublishing(write.input, write.current)
            : write.records.some((record) => record.status !== 'draft');
      if (refused) throw forbidden();
    },

    /**
     * An item in review stays in review when a reviewer edits it and goes back to draft when anyone
     * else does (docs/review.md); approving it tells its writer. Dates follow the status: now when
     * published without one, none for a draft, ahead when scheduled. Then the body and the cover that
     * are to be public are checked (checkPublicContent).
     */
    async prepare(ctx: WriteContext, input: PublishingInput, current: R | null) {
      const approved =
        reviewed &&
        current?.status === 'review' &&
        input.status !== undefined &&
        PUBLIC_STATUSES.has(input.status);
      if (reviewed && current?.status === 'review' && !approved) {
        input.status = reviewsAsOther(ctx.actor, area, submitterOf(current)) ? 'review' : 'draft';
      }
      datesFollowStatus(input, current);
      withdrawalFollows(input, current);
      await checkPublicContent(ctx, input, current);
      const writer = current ? submitterOf(current) : null;
      if (approved && notices && writer !== null) {
        const item = { area, id: current.id, title: input.title ?? current.title ?? '' };
        const approval = {
          writerId: writer,
          status: input.status!,
          publishedAt: input.published_at !== undefined ? input.published_at : current.published_at,
        };
        ctx.afterCommit(() => notices.approved(item, approval));
      }
    },
  };
}

function datesFollowStatus(input: PublishingInput, current: Publishable | null) {
  const status = input.status ?? current?.status ?? 'draft';
  const date = input.published_at !== undefined ? input.published_at : (current?.published_at ?? null);
  const now = Date.now();
  // In review, an item is not public yet: it has no date, as a draft has none.
  if (status === 'draft' || status === 'review') {
    if (input.status !== undefined || input.published_at !== undefined) input.published_at = null;
    return;
  }
  if (status === 'published') {
    if (date === null) input.published_at = new Date(now).toISOString();
    // Decision 009: a future date on a published item would read published before its time,
    // whether the status is sent with it or only the date is (the stored status stays).
    else if (
      new Date(date).getTime() > now + 60_000 &&
      (input.status !== undefined || input.published_at !== undefined)
    ) {
      throw ValidationError.field(
        'published_at',
        'Para publicar en una fecha futura, programe la publicación.',
      );
    }
    return;
  }
  // Scheduled: only a date still ahead makes sense (one already past would read as published).
  if (
    (input.status !== undefined || input.published_at !== undefined) &&
    (date === null || new Date(date).getTime() <= now)
  ) {
    throw ValidationError.field('published_at', 'La fecha programada debe ser posterior a este momento.');
  }
}

/**
 * A withdrawal date comes after the publication, and a new one (or one an item is being made public
 * with) is still ahead: one already past would withdraw it the moment it is written.
 */
function withdrawalFollows(input: PublishingInput, current: Publishable | null) {
  if (input.unpublish_at === undefined && input.published_at === undefined && input.status === undefined)
    return;
  const until = input.unpublish_at !== undefined ? input.unpublish_at : (current?.unpublish_at ?? null);
  if (until === null) return;
  const changed =
    input.unpublish_at !== undefined && !sameInstant(input.unpublish_at, current?.unpublish_at ?? null);
  const becomesPublic =
    input.status !== undefined &&
    PUBLIC_STATUSES.has(input.status) &&
    !PUBLIC_STATUSES.has(current?.status ?? 'draft');
  if ((changed || becomesPublic) && Date.parse(until) <= Date.now()) {
    throw ValidationError.field('unpublish_at', 'La fecha de retirada debe ser posterior a este momento.');
  }
  const from = input.published_at !== undefined ? input.published_at : (current?.published_at ?? null);
  if (from !== null && Date.parse(until) <= Date.parse(from)) {
    throw ValidationError.field('unpublish_at', 'La retirada debe ser posterior a la fecha de publicación.');
  }
}

/** Whether a record of an area with scheduled withdrawal is still shown (SQL over `alias`). */
export const notWithdrawnSql = (alias = 't') =>
  `(${alias}.unpublish_at IS NULL OR ${alias}.unpublish_at > now())`;

/** A website address from its template, or null when none is configured. */
export const fromTemplate = (template: string | null, placeholder: string, value: string) =>
  template === null ? null : template.replaceAll(placeholder, encodeURIComponent(value));

/**
 * A record's `public_url` (news, pages): the address the public API gives it, from the same template,
 * while its status reads published (as it reads now) and it has not been withdrawn by its date; null
 * otherwise or with no template.
 */
export function publicUrlOf(template: string | null) {
  return (row: Record<string, unknown>) => {
    const until = row.unpublish_at as Date | null | undefined;
    const shown = row.status === 'published' && (!until || until.getTime() > Date.now());
    return shown ? fromTemplate(template, '{slug}', row.slug as string) : null;
  };
}
