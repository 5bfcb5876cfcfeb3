import { DASHBOARD_SCHEDULE_DAYS, type DashboardScheduled } from '@gestor/shared/dashboard';
import { AREA_LABELS } from '@gestor/shared/permissions';
import { formatDateTime } from '../../../components/resource/format';
import { RecordsWidget, recordItem } from './record-list';
import type { HomeArea } from './record-path';

/** "Programado": what becomes public in the coming days, soonest first. */
export function ScheduledWidget({
  scheduled,
  areas,
}: {
  scheduled: readonly DashboardScheduled[];
  areas: readonly HomeArea[];
}) {
  const items = scheduled.map((item) =>
    recordItem(
      areas,
      item,
      <>
        {AREA_LABELS[item.area]} · se publica el <time dateTime={item.at}>{formatDateTime(item.at)}</time>
      </>,
    ),
  );
  return (
    <RecordsWidget
      id="scheduled"
      title="Programado"
      icon="pi pi-calendar-clock"
      empty={`Nada se publica en los próximos ${DASHBOARD_SCHEDULE_DAYS} días.`}
      items={items}
    />
  );
}
