import { type AccessibilityFinding, capitalized, clauseLabel } from '@gestor/shared';
import { Button } from 'primereact/button';
import { useEffect, useId, useRef, useState } from 'react';
import {
  findingCounts,
  findingSelector,
  findingsAnnouncement,
  LEVEL_LABELS,
  NO_FINDINGS,
  useAccessibilityFindings,
} from './accessibility-check';
import type { RevealFinding } from './rich-text-types';
import './accessibility-panel.css';

// docs/accessibility.md: «Accesibilidad» under a rich text body, what the API would refuse on
// publishing (errors) and what it only advises (warnings), as the person writes. A disclosure (WAI-ARIA
// APG "Disclosure"): the counts on its button, the list under it, open while there are errors until
// the person closes it. A polite live region says the counts when they change, not on every keystroke.

interface AccessibilityPanelProps {
  /** The form's rich text field. */
  name: string;
  /** Moves the editor's selection to a finding's element; absent while the editor loads. */
  reveal: RevealFinding | null;
}

export function AccessibilityPanel({ name, reveal }: AccessibilityPanelProps) {
  const findings = useAccessibilityFindings(name);
  const id = useId();
  const titleId = `${id}-title`;
  const listId = `${id}-list`;
  const hasErrors = findings.some((finding) => finding.level === 'error');
  // null: the person has not chosen, so the list is open exactly while there are errors.
  const [chosen, setChosen] = useState<boolean | null>(null);
  const open = findings.length > 0 && (chosen ?? hasErrors);

  // The live region is there from the start (a region added with its text is not read) and speaks
  // only when the counts change: a finding fixed, a new one, not the text typed around them.
  const [announcement, setAnnouncement] = useState('');
  const said = useRef(findingsAnnouncement(findings));
  useEffect(() => {
    const next = findingsAnnouncement(findings);
    if (next === said.current) return;
    said.current = next;
    setAnnouncement(next);
  }, [findings]);

  return (
    <section className="a11y-panel" aria-labelledby={titleId}>
      <h2 className="a11y-panel-heading">
        {findings.length > 0 ? (
          <button
            type="button"
            className="a11y-panel-toggle"
            aria-expanded={open}
            aria-controls={listId}
            onClick={() => setChosen(!open)}
          >
            <span className={`pi ${open ? 'pi-chevron-down' : 'pi-chevron-right'}`} aria-hidden="true" />
            <span id={titleId}>Accesibilidad</span>
            <span className={hasErrors ? 'a11y-panel-counts a11y-panel-counts-error' : 'a11y-panel-counts'}>
              {findingCounts(findings)}
            </span>
          </button>
        ) : (
          <span id={titleId} className="a11y-panel-title">
            Accesibilidad
          </span>
        )}
      </h2>
      {findings.length === 0 && (
        <p className="a11y-panel-none">
          <span className="pi pi-check-circle" aria-hidden="true" />
          {NO_FINDINGS}
        </p>
      )}
      <output className="sr-only">{announcement}</output>
      {findings.length > 0 && (
        <ol id={listId} className="a11y-findings" hidden={!open}>
          {findings.map((finding, index) => (
            <FindingItem
              // The same element may fail two rules (a generic link that also opens a new window).
              key={`${finding.rule}-${finding.at.tag}-${finding.at.index}`}
              finding={finding}
              elementId={`${id}-element-${index}`}
              reveal={reveal}
            />
          ))}
        </ol>
      )}
    </section>
  );
}

function FindingItem({
  finding,
  elementId,
  reveal,
}: {
  finding: AccessibilityFinding;
  elementId: string;
  reveal: RevealFinding | null;
}) {
  const reachable = findingSelector(finding.at.tag) !== undefined;
  return (
    <li className={`a11y-finding a11y-finding-${finding.level}`}>
      <p className="a11y-finding-head">
        <span className={`level-badge level-badge-${finding.level}`}>{LEVEL_LABELS[finding.level]}</span>
        <span className="sr-only">: </span>
        <strong id={elementId} className="a11y-finding-element">
          {finding.element}
        </strong>
      </p>
      <p className="a11y-finding-message">{capitalized(finding.message)}</p>
      <div className="a11y-finding-foot">
        <span className="a11y-finding-clause">{clauseLabel(finding.clause)}</span>
        {reachable && (
          <Button
            type="button"
            label="Ir al elemento"
            icon="pi pi-arrow-up-right"
            text
            size="small"
            className="a11y-finding-go"
            // Which element: every finding has one of these buttons.
            aria-describedby={elementId}
            disabled={!reveal}
            onClick={() => reveal?.(finding.at)}
          />
        )}
      </div>
    </li>
  );
}
