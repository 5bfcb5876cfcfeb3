import { DASHBOARD_SCHEDULE_DAYS, type DashboardScheduled } from '@gestor/shared/dashboard';
import { AREA_LABELS } from '@gestor/shared/permissions';
import { formatDateTime } from '../../../components/resource/format';
import { RecordList } from './record-list';
import { areaIcon, type HomeArea, recordPath } from './record-path';
import { Widget } from './widget';

/** "Programado": what becomes public in the coming days, soonest first. */
export function ScheduledWidget({
  scheduled,
  areas,
}: {
  scheduled: readonly DashboardScheduled[];
  areas: readonly HomeArea[];
}) {
  return (
    <Widget
      id="scheduled"
      title="Programado"
      icon="pi pi-calendar-clock"
      empty={scheduled.length ? null : `Nada se publica en los próximos ${DASHBOARD_SCHEDULE_DAYS} días.`}
    >
      <RecordList
        label="Programado"
        items={scheduled.map((item) => ({
          id: `${item.area}-${item.id}`,
          icon: areaIcon(areas, item.area),
          title: item.title,
          href: recordPath(areas, item.area, item.key),
          meta: (
            <>
              {AREA_LABELS[item.area]} · se publica el{' '}
              <time dateTime={item.at}>{formatDateTime(item.at)}</time>
            </>
          ),
        }))}
      />
    </Widget>
  );
}
