import { PUBLICATION_STATUS_LABELS, type PublicationStatus } from '@gestor/shared';
import { Tag } from 'primereact/tag';
import './publishing.css';

// Borrador grey, Publicada green, Programada blue: the text says the state, the colour only helps
// (WCAG 1.4.1); resource.css gives each severity dark text on a soft background (4.5:1), and
// publishing.css keeps Programada blue whatever the theme's primary colour.
const SEVERITY = {
  draft: 'secondary',
  published: 'success',
  scheduled: 'info',
} as const satisfies Record<PublicationStatus, string>;

export function PublicationStatusTag({ status }: { status: PublicationStatus }) {
  return (
    <Tag
      value={PUBLICATION_STATUS_LABELS[status]}
      severity={SEVERITY[status]}
      className={`publication-tag-${status}`}
    />
  );
}
