import type { MediaKind } from './multimedia';
import type { Area } from './permissions';
import type { AuditEntry } from './resource';

// Issue 20 "Dashboard" (decision 030): what GET /api/dashboard answers for the signed-in person. A
// widget the person may not see is absent from the answer, not empty; an empty one is there with no
// items. Zod-free: the answer is only read.

/** How many of the listed items each widget returns at most. */
export const DASHBOARD_LIST_SIZE = 5;
/** "Cambios recientes" shows more lines than the other lists. */
export const DASHBOARD_RECENT_SIZE = 8;
/** "Programado" looks this many days ahead. */
export const DASHBOARD_SCHEDULE_DAYS = 7;
/** "Publicaciones" counts this many months, the current one last. */
export const DASHBOARD_MONTHS = 12;
/** "Pendiente de corregir" lists this many tests at most. */
export const DASHBOARD_GRADING_SIZE = 10;

/** A record a widget links to: its area and what the area's SPA route takes (slug or id). */
export interface DashboardRecord {
  area: Area;
  id: number;
  key: string;
  title: string;
}

export interface DashboardDraft extends DashboardRecord {
  updated_at: string;
}

export interface DashboardScheduled extends DashboardRecord {
  /** When it becomes public: a news item's publication, a slide's window opening. */
  at: string;
}

export type DashboardChangeAction = AuditEntry['action'];

/** What someone did, as a noun the line starts with: «Edición de Ana · Noticias · hace 5 minutos». */
export const DASHBOARD_CHANGE_LABELS: Record<DashboardChangeAction, string> = {
  created: 'Creación',
  updated: 'Edición',
  deleted: 'Envío a la papelera',
  restored: 'Recuperación de la papelera',
  force_deleted: 'Eliminación definitiva',
  reverted: 'Restauración de una versión',
  submitted: 'Envío a revisión',
  returned: 'Devolución con comentarios',
};

/** One history entry written by someone else. */
export interface DashboardChange {
  /** The history entry's id. */
  id: number;
  area: Area;
  record_id: number;
  /** The record's route key while it exists outside the trash; null otherwise (no link). */
  key: string | null;
  /** The record's title now, or null when it was deleted for good. */
  title: string | null;
  action: DashboardChangeAction;
  /** Who did it, as the history keeps it (null: the system). */
  user_name: string | null;
  created_at: string;
}

/** An item waiting for review (docs/review.md), for a person who may review it. */
export interface DashboardPendingReview extends DashboardRecord {
  /** Who sent it, as the review names them; null once that user is deleted. */
  submitted_by: string | null;
  submitted_at: string;
  note: string | null;
  /** Sent to this person by name (not to anyone who reviews). */
  for_me: boolean;
}

/** "Pendiente de revisar" lists this many items at most. */
export const DASHBOARD_REVIEW_SIZE = 10;

/** "Por revisar" lists what is due within this many days (and what is overdue). */
export const DASHBOARD_REVISE_DAYS = 14;

/** An item whose «Revisar antes de» day is near or past, for a person who may edit it. */
export interface DashboardReviseDue extends DashboardRecord {
  /** The day (`YYYY-MM-DD`). */
  revise_by: string;
  /** Its day has passed (in Madrid). */
  overdue: boolean;
}

/** The library's kinds as the widget names them (plural). */
export const DASHBOARD_MEDIA_LABELS: Record<MediaKind, string> = {
  image: 'Imágenes',
  video: 'Vídeos',
  audio: 'Audio',
  document: 'Documentos',
};

export interface MediaSpace {
  count: number;
  bytes: number;
}

export interface DashboardMedia {
  /** Every kind of the library (MEDIA_KINDS), zero when there is none. */
  kinds: Array<MediaSpace & { kind: MediaKind }>;
  total: MediaSpace;
  /** Files in the trash: still stored until deleted for good. */
  trashed: MediaSpace;
}

/** News published in one month of Europe/Madrid's calendar ("2026-03"). */
export interface DashboardMonth {
  month: string;
  count: number;
}

/** A test with submitted responses whose text answers wait for a grader. */
export interface DashboardPendingGrading {
  id: number;
  title: string;
  /** Its responses with at least one text answer still to grade. */
  count: number;
}

export interface Dashboard {
  /** Today's totals of every area the person may view, in the areas' order. */
  counts: Array<{ area: Area; total: number }>;
  /** Drafts the person created, in any area with a draft status they may view; latest edit first. */
  drafts?: DashboardDraft[];
  /** What becomes public in the next DASHBOARD_SCHEDULE_DAYS days; soonest first. */
  scheduled?: DashboardScheduled[];
  /** The latest changes by others in areas the person may view; newest first. */
  recent?: DashboardChange[];
  /** Space used by the library (`multimedia.view`). */
  media?: DashboardMedia;
  /** News published per month over the last DASHBOARD_MONTHS months, oldest first (`news.view`). */
  publications?: DashboardMonth[];
  /**
   * Tests (not in the trash) with responses waiting for a grader, most waiting first, at most
   * DASHBOARD_GRADING_SIZE (`test.grade` with `test.results`).
   */
  pending_grading?: DashboardPendingGrading[];
  /**
   * Items in review the person may review (`<area>.review`): sent to them or to anyone, never their
   * own; oldest first, at most DASHBOARD_REVIEW_SIZE.
   */
  pending_review?: DashboardPendingReview[];
  /**
   * Items whose «Revisar antes de» day is within DASHBOARD_REVISE_DAYS days or past, in the areas
   * the person may edit (not in the trash); soonest first, at most DASHBOARD_LIST_SIZE × 2.
   */
  revise_due?: DashboardReviseDue[];
}
