import { type AttemptState, RESPONSE_STATE_LABELS } from '@gestor/shared';
import { Tag } from 'primereact/tag';

// The text says the state, the colour only helps (WCAG 1.4.1).
const SEVERITY = {
  open: 'info',
  submitted: 'success',
  expired: 'danger',
  discarded: 'secondary',
} as const satisfies Record<AttemptState, string>;

export function ResponseStateTag({ state }: { state: AttemptState }) {
  return <Tag value={RESPONSE_STATE_LABELS[state]} severity={SEVERITY[state]} />;
}

/** «Correcta» beside an option, in words and with a tick: never the colour alone (WCAG 1.4.1). */
export function CorrectOptionMark() {
  return (
    <span className="response-mark response-mark-correct">
      <i className="pi pi-check" aria-hidden="true" />
      Correcta
    </span>
  );
}
