import {
  type Area,
  DASHBOARD_GRADING_SIZE,
  DASHBOARD_LIST_SIZE,
  DASHBOARD_MONTHS,
  DASHBOARD_RECENT_SIZE,
  DASHBOARD_REVIEW_SIZE,
  DASHBOARD_REVISE_DAYS,
  DASHBOARD_SCHEDULE_DAYS,
  type DashboardChange,
  type DashboardDraft,
  type DashboardMedia,
  type DashboardMonth,
  type DashboardPendingGrading,
  type DashboardPendingReview,
  type DashboardReviseDue,
  type DashboardScheduled,
  MEDIA_KINDS,
  type MediaKind,
  madridToday,
} from '@gestor/shared';
import type { Connection } from '../../db/client';
import { daySql, type ResourceDefinition } from '../resource/resource-definition';

// The dashboard's reads (issue 20, decision 030). Each takes the areas already narrowed to what the
// person may view: nothing here decides permissions. Table and column names come from the areas'
// own definitions, never from the request.

/** What the dashboard needs of an area's definition. */
export type DashboardArea = Pick<
  ResourceDefinition<{ id: number; updated_at: string }, unknown, unknown>,
  'contract' | 'table' | 'titleColumn'
>;

/** A moment an area's records become public by time alone (SQL over the alias `t`). */
export interface UpcomingSource {
  area: Area;
  condition: string;
  at: string;
}

const titleSql = (area: DashboardArea) => `t.${area.titleColumn ?? 'name'}::text`;
const keySql = (area: DashboardArea) => (area.contract.lookup === 'slug' ? 't.slug' : 't.id::text');
/** Live records only, where the area has a trash (decision 026). */
const liveSql = (area: DashboardArea) => (area.contract.trash === false ? 'true' : 't.deleted_at IS NULL');
const iso = (value: unknown) => (value as Date).toISOString();

/** Areas with a draft status (the field table's `status` offers `draft`): news, pages, tests. */
export function hasDrafts(area: DashboardArea): boolean {
  const status = (area.contract.fields as Record<string, { options?: Readonly<Record<string, string>> }>)
    .status;
  return Boolean(status?.options && 'draft' in status.options);
}

/**
 * The person's drafts: records still in draft whose history says the person created them (the one
 * rule every area with drafts shares; news' author is the same person). Latest edit first.
 */
export async function findDrafts(
  db: Connection,
  areas: readonly DashboardArea[],
  userId: number,
): Promise<DashboardDraft[]> {
  if (!areas.length) return [];
  const selects = areas.map(
    (
      area,
    ) => `(SELECT '${area.contract.area}' AS area, t.id, ${keySql(area)} AS key, ${titleSql(area)} AS title,
        t.updated_at
      FROM ${area.table} t
      WHERE t.status = 'draft' AND ${liveSql(area)}
        AND EXISTS (SELECT 1 FROM audits a WHERE a.resource = '${area.contract.path}' AND a.record_id = t.id
                    AND a.action = 'created' AND a.user_id = $1)
      ORDER BY t.updated_at DESC, t.id DESC LIMIT ${DASHBOARD_LIST_SIZE})`,
  );
  const rows = await db.query<{ area: Area; id: number; key: string; title: string; updated_at: Date }>(
    `SELECT * FROM (${selects.join(' UNION ALL ')}) AS drafts ORDER BY updated_at DESC, id DESC LIMIT ${DASHBOARD_LIST_SIZE}`,
    [userId],
  );
  return rows.map((row) => ({ ...row, updated_at: iso(row.updated_at) }));
}

/** What becomes public from now until DASHBOARD_SCHEDULE_DAYS days ahead, soonest first. */
export async function findUpcoming(
  db: Connection,
  sources: ReadonlyArray<{ area: DashboardArea; upcoming: UpcomingSource }>,
): Promise<DashboardScheduled[]> {
  if (!sources.length) return [];
  const selects = sources.map(
    ({ area, upcoming }) => `(SELECT '${area.contract.area}' AS area, t.id, ${keySql(area)} AS key,
        ${titleSql(area)} AS title, ${upcoming.at} AS at
      FROM ${area.table} t
      WHERE ${upcoming.condition} AND ${liveSql(area)}
        AND ${upcoming.at} > now() AND ${upcoming.at} <= now() + interval '${DASHBOARD_SCHEDULE_DAYS} days'
      ORDER BY ${upcoming.at}, t.id LIMIT ${DASHBOARD_LIST_SIZE})`,
  );
  const rows = await db.query<{ area: Area; id: number; key: string; title: string; at: Date }>(
    `SELECT * FROM (${selects.join(' UNION ALL ')}) AS upcoming ORDER BY at, id LIMIT ${DASHBOARD_LIST_SIZE}`,
  );
  return rows.map((row) => ({ ...row, at: iso(row.at) }));
}

/**
 * The latest history entries of these areas written by anyone but the person (or by nobody signed
 * in: a retention purge), each with its record's title and route key as they are now.
 */
export async function findRecentChanges(
  db: Connection,
  areas: readonly DashboardArea[],
  userId: number,
): Promise<DashboardChange[]> {
  if (!areas.length) return [];
  const byPath = new Map(areas.map((area) => [area.contract.path, area]));
  const entries = await db.query<{
    id: string;
    resource: string;
    record_id: number;
    action: DashboardChange['action'];
    user_name: string | null;
    created_at: Date;
  }>(
    `SELECT a.id, a.resource, a.record_id, a.action, a.user_name, a.created_at
       FROM audits a
      WHERE a.resource = ANY($1::text[]) AND a.user_id IS DISTINCT FROM $2
      ORDER BY a.created_at DESC, a.id DESC
      LIMIT ${DASHBOARD_RECENT_SIZE}`,
    [[...byPath.keys()], userId],
  );
  const records = new Map<string, { key: string | null; title: string }>();
  for (const path of new Set(entries.map((entry) => entry.resource))) {
    const area = byPath.get(path) as DashboardArea;
    const ids = entries.filter((entry) => entry.resource === path).map((entry) => entry.record_id);
    const rows = await db.query<{ id: number; key: string; title: string; live: boolean }>(
      `SELECT t.id, ${keySql(area)} AS key, ${titleSql(area)} AS title, ${liveSql(area)} AS live
         FROM ${area.table} t WHERE t.id = ANY($1::int[])`,
      [ids],
    );
    for (const row of rows) {
      // A record in the trash has no screen of its own: its title, without a link.
      records.set(`${path}/${row.id}`, { key: row.live ? row.key : null, title: row.title });
    }
  }
  return entries.map((entry) => {
    const record = records.get(`${entry.resource}/${entry.record_id}`);
    return {
      id: Number(entry.id),
      area: (byPath.get(entry.resource) as DashboardArea).contract.area,
      record_id: entry.record_id,
      key: record?.key ?? null,
      title: record?.title ?? null,
      action: entry.action,
      user_name: entry.user_name,
      created_at: iso(entry.created_at),
    };
  });
}

/** The library's space by kind: live files, and those in the trash (still stored). */
export async function findMediaUsage(db: Connection): Promise<DashboardMedia> {
  const rows = await db.query<{ kind: MediaKind; trashed: boolean; count: string; bytes: string }>(
    `SELECT kind, deleted_at IS NOT NULL AS trashed, count(*) AS count, coalesce(sum(size), 0) AS bytes
       FROM multimedia GROUP BY 1, 2`,
  );
  const usage = (match: (row: (typeof rows)[number]) => boolean) => {
    const matched = rows.filter(match);
    return {
      count: matched.reduce((sum, row) => sum + Number(row.count), 0),
      bytes: matched.reduce((sum, row) => sum + Number(row.bytes), 0),
    };
  };
  return {
    kinds: MEDIA_KINDS.map((kind) => ({ kind, ...usage((row) => !row.trashed && row.kind === kind) })),
    total: usage((row) => !row.trashed),
    trashed: usage((row) => row.trashed),
  };
}

/**
 * News that became public in each of the last DASHBOARD_MONTHS months of Europe/Madrid's calendar
 * (docs/areas.md#rules-shared-by-the-content-areas), the current month last, months without any as zero. A scheduled item whose
 * time has come counts as published (decision 009); items in the trash do not count.
 */
export async function findMonthlyPublications(db: Connection): Promise<DashboardMonth[]> {
  const rows = await db.query<{ month: string; count: string }>(
    `WITH months AS (
       SELECT generate_series(
                date_trunc('month', now() AT TIME ZONE 'Europe/Madrid') - interval '${DASHBOARD_MONTHS - 1} months',
                date_trunc('month', now() AT TIME ZONE 'Europe/Madrid'),
                interval '1 month') AS start
     )
     SELECT to_char(m.start, 'YYYY-MM') AS month, count(n.id) AS count
       FROM months m
       LEFT JOIN news n
         ON n.status IN ('published', 'scheduled') AND n.deleted_at IS NULL
        AND n.published_at <= now()
        AND n.published_at >= m.start AT TIME ZONE 'Europe/Madrid'
        AND n.published_at < (m.start + interval '1 month') AT TIME ZONE 'Europe/Madrid'
      GROUP BY m.start
      ORDER BY m.start`,
  );
  return rows.map((row) => ({ month: row.month, count: Number(row.count) }));
}

/**
 * "Pendiente de corregir" (issue 33): tests outside the trash with submitted responses whose text
 * answers wait for a grader, and how many such responses each has; most waiting first. The partial
 * index test_attempts_pending (0038) holds only those responses.
 */
export async function findPendingGrading(db: Connection): Promise<DashboardPendingGrading[]> {
  const rows = await db.query<{ id: number; title: string; count: string }>(
    `SELECT t.id, t.title, count(*) AS count
       FROM test_attempts a
       JOIN tests t ON t.id = a.test_id AND t.deleted_at IS NULL
      WHERE a.pending_grades > 0 AND a.state = 'submitted'
      GROUP BY t.id, t.title
      ORDER BY count(*) DESC, t.title, t.id
      LIMIT ${DASHBOARD_GRADING_SIZE}`,
  );
  return rows.map((row) => ({ id: row.id, title: row.title, count: Number(row.count) }));
}

/**
 * docs/review.md: items in review the person may review, sent to them or to anyone, never those they
 * sent themselves; the longest waiting first.
 */
export async function findPendingReview(
  db: Connection,
  areas: readonly DashboardArea[],
  userId: number,
): Promise<DashboardPendingReview[]> {
  if (!areas.length) return [];
  const selects = areas.map(
    (
      area,
    ) => `(SELECT '${area.contract.area}' AS area, t.id, ${keySql(area)} AS key, ${titleSql(area)} AS title,
        t.review_submitted_by_name AS submitted_by, t.review_submitted_at AS submitted_at, t.review_note AS note,
        t.review_reviewer_id IS NOT NULL AS for_me
      FROM ${area.table} t
      WHERE t.status = 'review' AND ${liveSql(area)}
        AND (t.review_reviewer_id IS NULL OR t.review_reviewer_id = $1)
        AND t.review_submitted_by IS DISTINCT FROM $1
      ORDER BY t.review_submitted_at, t.id LIMIT ${DASHBOARD_REVIEW_SIZE})`,
  );
  const rows = await db.query<Omit<DashboardPendingReview, 'submitted_at'> & { submitted_at: Date }>(
    `SELECT * FROM (${selects.join(' UNION ALL ')}) AS waiting ORDER BY submitted_at, id LIMIT ${DASHBOARD_REVIEW_SIZE}`,
    [userId],
  );
  return rows.map((row) => ({ ...row, submitted_at: iso(row.submitted_at) }));
}

/** Areas whose items carry a «Revisar antes de» day (the field table's `revise_by`). */
export const hasReviseBy = (area: DashboardArea) => Object.hasOwn(area.contract.fields, 'revise_by');

/** Items whose «Revisar antes de» day is within DASHBOARD_REVISE_DAYS days of today in Madrid, or past. */
export async function findReviseDue(
  db: Connection,
  areas: readonly DashboardArea[],
): Promise<DashboardReviseDue[]> {
  if (!areas.length) return [];
  const size = DASHBOARD_LIST_SIZE * 2;
  const selects = areas.map(
    (
      area,
    ) => `(SELECT '${area.contract.area}' AS area, t.id, ${keySql(area)} AS key, ${titleSql(area)} AS title,
        ${daySql('t.revise_by')} AS revise_by, t.revise_by < $1::date AS overdue
      FROM ${area.table} t
      WHERE t.revise_by IS NOT NULL AND t.deleted_at IS NULL
        AND t.revise_by <= $1::date + ${DASHBOARD_REVISE_DAYS}
      ORDER BY t.revise_by, t.id LIMIT ${size})`,
  );
  return db.query<DashboardReviseDue>(
    `SELECT * FROM (${selects.join(' UNION ALL ')}) AS due ORDER BY revise_by, id LIMIT ${size}`,
    [madridToday()],
  );
}

/** Today's totals, as the lists count them (row_counts: live rows, kept by triggers). */
export async function findTotals(
  db: Connection,
  areas: readonly DashboardArea[],
): Promise<Array<{ area: Area; total: number }>> {
  if (!areas.length) return [];
  const rows = await db.query<{ table_name: string; total: string }>(
    'SELECT table_name, total FROM row_counts WHERE table_name = ANY($1::text[])',
    [areas.map((area) => area.table)],
  );
  const totals = new Map(rows.map((row) => [row.table_name, Number(row.total)]));
  return areas.map((area) => ({ area: area.contract.area, total: totals.get(area.table) ?? 0 }));
}
