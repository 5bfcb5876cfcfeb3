import type { DashboardDraft } from '@gestor/shared/dashboard';
import { AREA_LABELS } from '@gestor/shared/permissions';
import { formatDateTime } from '../../../components/resource/format';
import { Moment, RecordList } from './record-list';
import { areaIcon, type HomeArea, recordPath } from './record-path';
import { Widget } from './widget';

/** "Mis borradores": the person's latest drafts, each opening its edit screen. */
export function DraftsWidget({
  drafts,
  areas,
}: {
  drafts: readonly DashboardDraft[];
  areas: readonly HomeArea[];
}) {
  return (
    <Widget
      id="drafts"
      title="Mis borradores"
      icon="pi pi-pencil"
      empty={drafts.length ? null : 'No tiene borradores pendientes.'}
    >
      <RecordList
        label="Mis borradores"
        items={drafts.map((draft) => ({
          id: `${draft.area}-${draft.id}`,
          icon: areaIcon(areas, draft.area),
          title: draft.title,
          href: recordPath(areas, draft.area, draft.key),
          meta: (
            <>
              {AREA_LABELS[draft.area]} · editado{' '}
              <Moment iso={draft.updated_at} exact={formatDateTime(draft.updated_at)} />
            </>
          ),
        }))}
      />
    </Widget>
  );
}
