import { DASHBOARD_CHANGE_LABELS, type DashboardChange } from '@gestor/shared/dashboard';
import { AREA_LABELS } from '@gestor/shared/permissions';
import { formatDateTime } from '../../../components/resource/format';
import { Moment, RecordsWidget } from './record-list';
import { areaIcon, type HomeArea, recordPath } from './record-path';

/** "Cambios recientes": who changed what lately, in the areas the person may view. */
export function RecentChangesWidget({
  changes,
  areas,
}: {
  changes: readonly DashboardChange[];
  areas: readonly HomeArea[];
}) {
  const items = changes.map((change) => ({
    id: change.id,
    icon: areaIcon(areas, change.area),
    title: change.title ?? `${AREA_LABELS[change.area]} n.º ${change.record_id} (eliminado)`,
    href: change.key === null ? null : recordPath(areas, change.area, change.key),
    meta: (
      <>
        {DASHBOARD_CHANGE_LABELS[change.action]} de {change.user_name ?? 'el sistema'} ·{' '}
        {AREA_LABELS[change.area]} ·{' '}
        <Moment iso={change.created_at} exact={formatDateTime(change.created_at)} />
      </>
    ),
  }));
  return (
    <RecordsWidget
      id="recent"
      title="Cambios recientes"
      icon="pi pi-history"
      empty="Nadie más ha hecho cambios todavía."
      items={items}
    />
  );
}
