import type { DashboardReviseDue } from '@gestor/shared/dashboard';
import { AREA_LABELS, AREA_REGISTRY } from '@gestor/shared/permissions';
import { Tag } from 'primereact/tag';
import { formatCalendarDay } from '../../../components/resource/format';
import { RecordsWidget, recordItem } from './record-list';
import type { HomeArea } from './record-path';

// «Por revisar» (docs/areas.md, «Revisar antes de»), for those who edit news or pages: the items whose
// day is within DASHBOARD_REVISE_DAYS days or past, soonest first, each opening its editor, where the
// person reads it again and moves (or empties) the day.

export function ReviseDueWidget({
  items,
  areas,
}: {
  items: readonly DashboardReviseDue[];
  areas: readonly HomeArea[];
}) {
  const lines = items.map((item) => {
    const overdue = AREA_REGISTRY[item.area].noun.gender === 'feminine' ? 'Vencida' : 'Vencido';
    return {
      ...recordItem(
        areas,
        item,
        <>
          {AREA_LABELS[item.area]} · antes del{' '}
          <time dateTime={item.revise_by}>{formatCalendarDay(item.revise_by)}</time>
        </>,
      ),
      // The word says it; the tag's colour only helps (WCAG 1.4.1).
      badge: item.overdue ? (
        <Tag
          value={overdue}
          icon="pi pi-exclamation-circle"
          pt={{ icon: { 'aria-hidden': true } }}
          className="revise-due-overdue"
        />
      ) : null,
    };
  });
  return (
    <RecordsWidget
      id="revise-due"
      title="Por revisar"
      icon="pi pi-hourglass"
      empty="No hay contenido pendiente de revisar por fecha."
      items={lines}
    />
  );
}
