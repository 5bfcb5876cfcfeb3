import { TEST_STATUS_LABELS, type TestStatus } from '@gestor/shared';
import { Tag } from 'primereact/tag';

// Borrador grey, Publicado green: the text says the state, the colour only helps (WCAG 1.4.1).
const SEVERITY = { draft: 'secondary', published: 'success' } as const satisfies Record<TestStatus, string>;

export function TestStatusTag({ status }: { status: TestStatus }) {
  return <Tag value={TEST_STATUS_LABELS[status]} severity={SEVERITY[status]} />;
}
