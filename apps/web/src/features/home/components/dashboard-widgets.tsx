import { Notice } from '../../../components/ui/notice';
import { useDashboard } from '../api/get-dashboard';
import { AreaCounts } from './area-counts';
import { DraftsWidget } from './drafts-widget';
import { MediaWidget } from './media-widget';
import { PendingGradingWidget } from './pending-grading-widget';
import { PendingReviewWidget } from './pending-review-widget';
import { PublicationsWidget } from './publications-widget';
import { RecentChangesWidget } from './recent-changes-widget';
import type { HomeArea } from './record-path';
import { ReviseDueWidget } from './revise-due-widget';
import { ScheduledWidget } from './scheduled-widget';
import './dashboard.css';

/** The home page's widgets: whatever GET /api/dashboard sends, which is what the person may view. */
export function DashboardWidgets({ areas }: { areas: readonly HomeArea[] }) {
  const dashboard = useDashboard();
  if (dashboard.isError) {
    return (
      <Notice severity="error">
        No se ha podido cargar el resumen. Recargue la página para intentarlo de nuevo.
      </Notice>
    );
  }
  if (!dashboard.data) {
    return <output className="dashboard-loading">Cargando el resumen…</output>;
  }
  const {
    counts,
    drafts,
    scheduled,
    recent,
    media,
    publications,
    pending_grading,
    pending_review,
    revise_due,
  } = dashboard.data;
  return (
    <>
      <AreaCounts counts={counts} areas={areas} />
      <div className="dashboard-grid">
        {pending_review && <PendingReviewWidget items={pending_review} areas={areas} />}
        {revise_due && <ReviseDueWidget items={revise_due} areas={areas} />}
        {pending_grading && <PendingGradingWidget tests={pending_grading} areas={areas} />}
        {drafts && <DraftsWidget drafts={drafts} areas={areas} />}
        {scheduled && <ScheduledWidget scheduled={scheduled} areas={areas} />}
        {recent && <RecentChangesWidget changes={recent} areas={areas} />}
        {media && <MediaWidget media={media} />}
        {publications && <PublicationsWidget months={publications} />}
      </div>
    </>
  );
}
