import {
  type Gender,
  PUBLICATION_STATUS_LABELS,
  PUBLICATION_STATUS_LABELS_MASCULINE,
  type PublicationStatus,
} from '@gestor/shared';
import { Tag } from 'primereact/tag';
import './publishing.css';

// Borrador grey, En revisión amber, Publicada green, Programada blue: the text says the state, the
// colour only helps (WCAG 1.4.1); resource.css gives each severity dark text on a soft background
// (4.5:1), and publishing.css keeps Programada blue whatever the theme's primary colour and gives
// En revisión its own amber pair.
const SEVERITY = {
  draft: 'secondary',
  review: 'warning',
  published: 'success',
  scheduled: 'info',
} as const satisfies Record<PublicationStatus, string>;

/** The state, agreeing with the area's noun (Publicada for news and pages, Publicado for events). */
export function PublicationStatusTag({
  status,
  gender = 'feminine',
}: {
  status: PublicationStatus;
  gender?: Gender;
}) {
  const labels = gender === 'masculine' ? PUBLICATION_STATUS_LABELS_MASCULINE : PUBLICATION_STATUS_LABELS;
  return <Tag value={labels[status]} severity={SEVERITY[status]} className={`publication-tag-${status}`} />;
}
