import { SLIDE_STATE_LABELS, type SlideState } from '@gestor/shared';
import { Tag } from 'primereact/tag';

// Activa green, Programada blue, Caducada amber, Inactiva grey: the word says the state, the colour
// only helps (WCAG 1.4.1); slides.css gives Caducada and Programada their own 4.5:1 pairs.
const SEVERITY = {
  active: 'success',
  scheduled: 'info',
  expired: 'warning',
  inactive: 'secondary',
} as const satisfies Record<SlideState, string>;

export function SlideStateTag({ state }: { state: SlideState }) {
  return (
    <Tag value={SLIDE_STATE_LABELS[state]} severity={SEVERITY[state]} className={`slide-state-${state}`} />
  );
}
