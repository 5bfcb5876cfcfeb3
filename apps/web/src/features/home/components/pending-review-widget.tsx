import type { DashboardPendingReview } from '@gestor/shared/dashboard';
import { AREA_LABELS, AREA_REGISTRY } from '@gestor/shared/permissions';
import { Tag } from 'primereact/tag';
import { formatDateTime } from '../../../components/resource/format';
import { noteExcerpt } from './note-excerpt';
import { Moment, RecordsWidget, recordItem } from './record-list';
import type { HomeArea } from './record-path';

// «Pendiente de revisar» (docs/review.md), for those who review (`<area>.review`): the items in review
// sent to them or to anyone, never their own, oldest first, each opening its editor, where it is
// published or returned with comments.

export function PendingReviewWidget({
  items,
  areas,
}: {
  items: readonly DashboardPendingReview[];
  areas: readonly HomeArea[];
}) {
  const lines = items.map((item) => {
    const sent = AREA_REGISTRY[item.area].noun.gender === 'feminine' ? 'enviada' : 'enviado';
    return {
      ...recordItem(
        areas,
        item,
        <>
          {AREA_LABELS[item.area]} · {sent}
          {item.submitted_by ? ` por ${item.submitted_by}` : ''}{' '}
          <Moment iso={item.submitted_at} exact={formatDateTime(item.submitted_at)} />
        </>,
      ),
      // The text says it; the tag's colour only helps (WCAG 1.4.1).
      badge: item.for_me ? <Tag value="Para usted" severity="info" className="pending-review-mine" /> : null,
      detail: item.note ? `Nota: «${noteExcerpt(item.note)}»` : null,
    };
  });
  return (
    <RecordsWidget
      id="pending-review"
      title="Pendiente de revisar"
      icon="pi pi-eye"
      empty="No hay nada pendiente de revisar."
      items={lines}
    />
  );
}
