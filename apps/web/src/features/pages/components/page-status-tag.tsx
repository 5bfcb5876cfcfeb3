import { PAGE_STATUS_LABELS, type PageStatus } from '@gestor/shared';
import { Tag } from 'primereact/tag';

// Borrador grey, Publicada green; the text says it, the colour helps (WCAG 1.4.1), and resource.css
// gives both dark text on a soft background (4.5:1).
const SEVERITY = { draft: 'secondary', published: 'success' } as const satisfies Record<PageStatus, string>;

export function PageStatusTag({ status }: { status: PageStatus }) {
  return <Tag value={PAGE_STATUS_LABELS[status]} severity={SEVERITY[status]} />;
}
