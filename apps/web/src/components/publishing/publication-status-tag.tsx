import {
  type Gender,
  PUBLICATION_STATUS_LABELS,
  PUBLICATION_STATUS_LABELS_MASCULINE,
  type PublicationStatus,
} from '@gestor/shared';
import { Tag } from 'primereact/tag';
import { formatDateTime } from '../resource/format';
import { isWithdrawn } from './publishing';
import './publishing.css';

// Borrador grey, En revisión amber, Publicada green, Programada blue, Retirada el … slate: the text
// says the state, the colour only helps (WCAG 1.4.1); resource.css gives each severity dark text on a
// soft background (4.5:1), and publishing.css keeps Programada blue whatever the theme's primary
// colour and gives En revisión and Retirada their own pairs.
const SEVERITY = {
  draft: 'secondary',
  review: 'warning',
  published: 'success',
  scheduled: 'info',
} as const satisfies Record<PublicationStatus, string>;

/**
 * The state, agreeing with the area's noun (Publicada for news and pages, Publicado for events). A
 * published item whose «Retirar el» date has passed (`unpublishAt`, docs/areas.md) is no longer on
 * the website, though the API still reads it published: «Retirada el 15/12/2026 14:00».
 */
export function PublicationStatusTag({
  status,
  unpublishAt = null,
  gender = 'feminine',
}: {
  status: PublicationStatus;
  unpublishAt?: string | null;
  gender?: Gender;
}) {
  if (unpublishAt && isWithdrawn({ status, unpublish_at: unpublishAt })) {
    const withdrawn = gender === 'masculine' ? 'Retirado' : 'Retirada';
    return (
      <Tag
        value={`${withdrawn} el ${formatDateTime(unpublishAt)}`}
        severity="secondary"
        className="publication-tag-withdrawn"
      />
    );
  }
  const labels = gender === 'masculine' ? PUBLICATION_STATUS_LABELS_MASCULINE : PUBLICATION_STATUS_LABELS;
  return <Tag value={labels[status]} severity={SEVERITY[status]} className={`publication-tag-${status}`} />;
}
