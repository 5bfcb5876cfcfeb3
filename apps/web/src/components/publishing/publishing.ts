import type { Area, Permission, PublicationStatus } from '@gestor/shared';

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
}

/** Whether the person may change this item: anyone with `<area>.update` while it is a draft. */
export function mayChangePublication(item: Pick<Publication, 'status'>, mayPublish: boolean): boolean {
  return item.status === 'draft' || mayPublish;
}

/**
 * The publishing part of a request body: what the person's intent changes, and nothing when the item
 * stays as it is (an untouched published item keeps its date; a draft is not re-sent as one).
 * `intent.status` is the state to leave the item in; `intent.published_at` the "Programar" date.
 */
export function publishingBody(
  intent: { status: PublicationStatus; published_at?: string | null },
  record: Publication | undefined,
  mayPublish: boolean,
): { status?: PublicationStatus; published_at?: string | null } {
  if (!mayPublish) return {};
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
      return current === 'draft' ? {} : { status: 'draft' };
  }
}
