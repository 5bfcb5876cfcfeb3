import type { DashboardDraft } from '@gestor/shared/dashboard';
import { AREA_LABELS } from '@gestor/shared/permissions';
import { formatDateTime } from '../../../components/resource/format';
import { Moment, RecordsWidget, recordItem } from './record-list';
import type { HomeArea } from './record-path';

/** "Mis borradores": the person's latest drafts, each opening its edit screen. */
export function DraftsWidget({
  drafts,
  areas,
}: {
  drafts: readonly DashboardDraft[];
  areas: readonly HomeArea[];
}) {
  const items = drafts.map((draft) =>
    recordItem(
      areas,
      draft,
      <>
        {AREA_LABELS[draft.area]} · editado{' '}
        <Moment iso={draft.updated_at} exact={formatDateTime(draft.updated_at)} />
      </>,
    ),
  );
  return (
    <RecordsWidget
      id="drafts"
      title="Mis borradores"
      icon="pi pi-pencil"
      empty="No tiene borradores pendientes."
      items={items}
    />
  );
}
