import type { PageRecord, PageStatus } from '@gestor/shared';

// AREAS.md "Publishing", as the page form applies it: only holders of page.publish send a status or
// change a published page (else 403, which signs the person out), so the form never sends one.

/** Whether the person may change this page: anyone with page.update while it is a draft. */
export function mayChangePage(page: Pick<PageRecord, 'status'>, mayPublish: boolean): boolean {
  return page.status === 'draft' || mayPublish;
}

/** What the intent changes in the page's state, for publishers only; nothing when it stays. */
export function pagePublishingBody(
  intent: { status: PageStatus },
  record: Pick<PageRecord, 'status'> | undefined,
  mayPublish: boolean,
): { status?: PageStatus; published_at?: null } {
  if (!mayPublish || intent.status === (record?.status ?? 'draft')) return {};
  // Publishing now: the server stamps the time (AREAS.md: now, if not given).
  return intent.status === 'published' ? { status: 'published', published_at: null } : { status: 'draft' };
}
