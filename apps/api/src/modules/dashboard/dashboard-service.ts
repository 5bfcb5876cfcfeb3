import { type AuthUser, type Dashboard, isReviewed, type Permission } from '@gestor/shared';
import type { Database } from '../../db/client';
import {
  type DashboardArea,
  findDrafts,
  findMediaUsage,
  findMonthlyPublications,
  findPendingGrading,
  findPendingReview,
  findRecentChanges,
  findReviseDue,
  findTotals,
  findUpcoming,
  hasDrafts,
  hasReviseBy,
  type UpcomingSource,
} from './dashboard-repository';

// Issue 20 "Dashboard" (decision 030): one answer per person, each widget computed only when the
// person may view what it shows (docs/http-api.md: the server decides, the SPA only follows).

/**
 * What "becomes public" means per area, for "Programado": a scheduled news item's publication and a
 * slide's window opening. Pages have no schedule (docs/areas.md).
 */
export const UPCOMING: readonly UpcomingSource[] = [
  { area: 'news', condition: "t.status = 'scheduled'", at: 't.published_at' },
  { area: 'slide', condition: 't.active', at: 't.starts_at' },
];

export function createDashboardService({
  database,
  areas,
}: {
  database: Database;
  /** Every management area's definition, in the registry's order. */
  areas: readonly DashboardArea[];
}) {
  return {
    async forUser(user: AuthUser): Promise<Dashboard> {
      const may = (permission: Permission) => user.permissions.includes(permission);
      const viewable = areas.filter((area) => may(`${area.contract.area}.view`));
      const drafted = viewable.filter(hasDrafts);
      const upcoming = UPCOMING.flatMap((source) => {
        const area = viewable.find((candidate) => candidate.contract.area === source.area);
        return area ? [{ area, upcoming: source }] : [];
      });
      // Sequential: on PGlite there is one connection, and each read is small.
      const dashboard: Dashboard = { counts: await findTotals(database, viewable) };
      if (drafted.length) dashboard.drafts = await findDrafts(database, drafted, user.id);
      if (upcoming.length) dashboard.scheduled = await findUpcoming(database, upcoming);
      if (viewable.length) dashboard.recent = await findRecentChanges(database, viewable, user.id);
      if (may('multimedia.view')) dashboard.media = await findMediaUsage(database);
      if (may('news.view')) dashboard.publications = await findMonthlyPublications(database);
      // Grading takes reading the responses too (PERMISSION_REQUIRES).
      if (may('test.grade') && may('test.results')) {
        dashboard.pending_grading = await findPendingGrading(database);
      }
      // docs/review.md: what waits for this person's review, in the areas they review.
      const reviewing = viewable.filter(
        (area) => isReviewed(area.contract.area) && may(`${area.contract.area}.review` as Permission),
      );
      if (reviewing.length) dashboard.pending_review = await findPendingReview(database, reviewing, user.id);
      // What someone who edits the area should read again soon (its «Revisar antes de» day).
      const revisable = viewable.filter(
        (area) => hasReviseBy(area) && may(`${area.contract.area}.update` as Permission),
      );
      if (revisable.length) dashboard.revise_due = await findReviseDue(database, revisable);
      return dashboard;
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
