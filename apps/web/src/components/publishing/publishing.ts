import {
  type Area,
  type Permission,
  type PublicationStatus,
  type ReviewState,
  sameInstant,
} from '@gestor/shared';

// docs/areas.md#rules-shared-by-the-content-areas, as the forms of publishable areas (news, pages) apply it. Only holders of
// `<area>.publish` send a status or a date, or change an item that is not a draft: the API answers
// anyone else with a 403, which signs the person out (docs/http-api.md#sign-in-lifecycle), so the form never sends one.

/** What a publishable area declares: its permission, and whether items can be scheduled. */
export interface PublishingRules {
  area: Area;
  permission: Permission;
  scheduling: boolean;
}

interface Publication {
  status: PublicationStatus;
  published_at: string | null;
  /** Scheduled withdrawal (docs/areas.md), in the areas that have it (news, pages). */
  unpublish_at?: string | null;
}

/**
 * Whether a public item has been withdrawn by its «Retirar el» date (docs/areas.md, scheduled
 * withdrawal): the management API still reads it `published`, but it is no longer on the website.
 */
export function isWithdrawn(
  item: { status: PublicationStatus; unpublish_at?: string | null },
  now: number = Date.now(),
): boolean {
  const until = item.unpublish_at ? Date.parse(item.unpublish_at) : Number.NaN;
  return item.status === 'published' && until <= now;
}

/**
 * Whether the person may delete this item (or restore it from the trash): anyone with
 * `<area>.delete` while it is a draft, else only a publisher.
 */
export function mayChangePublication(item: Pick<Publication, 'status'>, mayPublish: boolean): boolean {
  return item.status === 'draft' || mayPublish;
}

/**
 * Whether the person may edit this item: anyone with `<area>.update` while it is a draft or in
 * review (docs/review.md: the writer's edit takes it back to draft, a reviewer's keeps it in review),
 * else only a publisher.
 */
export function mayEditPublication(item: Pick<Publication, 'status'>, mayPublish: boolean): boolean {
  return item.status === 'review' || mayChangePublication(item, mayPublish);
}

/** What the signed-in person is to an item in review (docs/review.md), from its `review` and their permissions. */
export interface ReviewRole {
  /** The item is in review. */
  inReview: boolean;
  /** They sent it: they may neither return nor publish it while it is in review. */
  sentByMe: boolean;
  /**
   * They act on it as its reviewer (they review or publish the area, and did not send it): their edit
   * keeps it in review. Anyone else's edit takes it back to draft.
   */
  reviewsIt: boolean;
  /** «Devolver con comentarios»: a reviewer holding `<area>.review`. */
  mayReturn: boolean;
  /** «Publicar ahora», «Programar»: a publisher, but never of an item they sent to review themselves. */
  mayPublishIt: boolean;
}

export function reviewRole(
  item: { status: PublicationStatus; review?: ReviewState | null } | undefined,
  userId: number | undefined,
  may: { review: boolean; publish: boolean },
): ReviewRole {
  const inReview = item?.status === 'review';
  const sentByMe = inReview && userId !== undefined && item?.review?.submitted_by?.id === userId;
  const reviewsIt = inReview && !sentByMe && (may.review || may.publish);
  return {
    inReview,
    sentByMe,
    reviewsIt,
    mayReturn: reviewsIt && may.review,
    // The API answers a writer's approval of her own item with a 403, which signs the person out.
    mayPublishIt: may.publish && !sentByMe,
  };
}

interface PublishingBody {
  status?: PublicationStatus;
  published_at?: string | null;
  unpublish_at?: string | null;
}

/**
 * The publishing part of a request body: what the person's intent changes, and nothing when the item
 * stays as it is (an untouched published item keeps its date; a draft is not re-sent as one).
 * `intent.status` is the state to leave the item in; `intent.published_at` the "Programar" date;
 * `intent.unpublish_at` the «Retirar el» date, sent only when it differs from the stored one (the API
 * takes any change of it, removing it too, as publishing: a 403 for anyone else).
 */
export function publishingBody(
  intent: { status: PublicationStatus; published_at?: string | null; unpublish_at?: string | null },
  record: Publication | undefined,
  mayPublish: boolean,
): PublishingBody {
  if (!mayPublish) return {};
  const withdrawal =
    intent.unpublish_at === undefined || sameInstant(intent.unpublish_at, record?.unpublish_at ?? null)
      ? {}
      : { unpublish_at: intent.unpublish_at };
  return { ...statusBody(intent, record), ...withdrawal };
}

function statusBody(
  intent: { status: PublicationStatus; published_at?: string | null },
  record: Publication | undefined,
): PublishingBody {
  const current = record?.status ?? 'draft';
  switch (intent.status) {
    case 'scheduled':
      return current === 'scheduled' && intent.published_at === record?.published_at
        ? {}
        : { status: 'scheduled', published_at: intent.published_at ?? null };
    case 'published':
      // "Publicar ahora": the server stamps the time (docs/areas.md: now, if not given).
      return current === 'published' ? {} : { status: 'published', published_at: null };
    default:
      // docs/review.md: only «Enviar a revisión» puts an item in review, and only «Devolver con
      // comentarios» takes it back to draft (the API refuses either status in a save); saving an
      // item in review sends no status, and the server decides whether it stays there.
      return current === 'draft' || current === 'review' || intent.status === 'review'
        ? {}
        : { status: 'draft' };
  }
}
