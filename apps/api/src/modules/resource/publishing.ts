import { accessibilityErrors, checkAccessibility, findingSentence, type Permission } from '@gestor/shared';
import { forbidden, ValidationError } from '../../lib/http-errors';
import type { AuthorizedWrite, WriteContext } from './resource-definition';

// docs/areas.md#rules-shared-by-the-content-areas (news, pages): status draft | published | scheduled; published_at set when
// publishing (now, if not given); a scheduled item whose time has passed reads as published everywhere
// with no job or timer; only holders of `<area>.publish` set a status other than draft, choose the
// date, or change (or delete) an item that is not a draft.

interface Publishable {
  status: string;
  published_at: string | null;
  body?: string;
}

interface PublishingInput {
  status?: string;
  published_at?: string | null;
  body?: string;
  accessibility_reason?: string | null;
}

const PUBLIC_STATUSES = new Set(['published', 'scheduled']);

/**
 * docs/accessibility.md: a body about to be public passes the accessibility check, or is refused with
 * each error and its clause, unless the publisher says why it goes out as it is
 * (`accessibility_reason`, kept in the history). An item becoming public (published or scheduled) is
 * checked whole; an edit of one that already is, only for the errors it adds, so fixing a typo in an
 * item published before the check, or with a reason, is never held back. A reason that was not needed
 * is dropped, so the history never lists one for a write that had nothing to excuse.
 */
export function checkPublicBody(input: PublishingInput, current: Publishable | null) {
  const status = input.status ?? current?.status ?? 'draft';
  const wasPublic = PUBLIC_STATUSES.has(current?.status ?? 'draft');
  const reason = input.accessibility_reason ?? null;
  delete input.accessibility_reason;
  if (!PUBLIC_STATUSES.has(status) || (wasPublic && input.body === undefined)) return;
  let errors = accessibilityErrors(checkAccessibility(input.body ?? current?.body ?? ''));
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
  if (!errors.length) return;
  if (reason !== null) {
    input.accessibility_reason = reason;
    return;
  }
  const count = errors.length === 1 ? 'un error' : `${errors.length} errores`;
  const fix = errors.length === 1 ? 'corríjalo' : 'corríjalos';
  throw new ValidationError({
    body: [
      `${wasPublic ? 'El cambio añade' : 'El texto tiene'} ${count} de accesibilidad: ${fix} o indique el motivo para publicarlo así.`,
      ...errors.map(findingSentence),
    ],
  });
}

/** The status as it reads now: computed in SQL, so lists, filters and records agree. */
export const effectiveStatusSql = (alias = 't') =>
  `(CASE WHEN ${alias}.status = 'scheduled' AND ${alias}.published_at <= now() THEN 'published' ELSE ${alias}.status END)`;

/**
 * A news item whose status reads `published` now (effectiveStatusSql), written so an index on
 * published items serves it (migration 0018). Nothing in the trash is public (decision 026).
 */
export const publishedNowSql = (alias = 't') =>
  `${alias}.deleted_at IS NULL AND ${alias}.status IN ('published', 'scheduled') AND (${alias}.status = 'published' OR ${alias}.published_at <= now())`;

export function publishing<R extends Publishable, C extends PublishingInput, U extends PublishingInput>(
  permission: Permission,
) {
  const mayPublish = (ctx: WriteContext) => ctx.actor.permissions.includes(permission);
  const touchesPublishing = (input: PublishingInput) =>
    (input.status !== undefined && input.status !== 'draft') || (input.published_at ?? null) !== null;

  return {
    async authorize(ctx: WriteContext, write: AuthorizedWrite<R, C, U>) {
      if (mayPublish(ctx)) return;
      const refused =
        write.action === 'create'
          ? touchesPublishing(write.input)
          : write.action === 'update'
            ? write.current.status !== 'draft' || touchesPublishing(write.input)
            : write.records.some((record) => record.status !== 'draft');
      if (refused) throw forbidden();
    },

    /**
     * Dates follow the status: now when published without one, none for a draft, ahead when
     * scheduled. Then the body that is to be public is checked (checkPublicBody).
     */
    prepare(input: PublishingInput, current: R | null) {
      datesFollowStatus(input, current);
      checkPublicBody(input, current);
    },
  };
}

function datesFollowStatus(input: PublishingInput, current: Publishable | null) {
  const status = input.status ?? current?.status ?? 'draft';
  const date = input.published_at !== undefined ? input.published_at : (current?.published_at ?? null);
  const now = Date.now();
  if (status === 'draft') {
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

/** A website address from its template, or null when none is configured. */
export const fromTemplate = (template: string | null, placeholder: string, value: string) =>
  template === null ? null : template.replaceAll(placeholder, encodeURIComponent(value));

/**
 * A record's `public_url` (news, pages): the address the public API gives it, from the same template,
 * while its status reads published (as it reads now); null otherwise or with no template.
 */
export function publicUrlOf(template: string | null) {
  return (row: Record<string, unknown>) =>
    row.status === 'published' ? fromTemplate(template, '{slug}', row.slug as string) : null;
}
