import type { MediaRecord } from '@gestor/shared';
import { useId } from 'react';
import { type DocumentCheckTone, documentCheckReport } from './document-check-report';

// docs/accessibility.md#documentos: «Accesibilidad del documento» in a PDF's or office document's
// side panel: the outcome of its upload's check, then one entry per issue (what is wrong, what to
// do, the clause). Levels in words (WCAG 1.4.1): the colours and icons only help.

const TONE_ICONS: Record<DocumentCheckTone, string> = {
  info: 'pi-info-circle',
  success: 'pi-check-circle',
  warning: 'pi-exclamation-triangle',
};

interface DocumentAccessibilitySectionProps {
  media: MediaRecord;
  /** The person may replace the file (multimedia.update): the way to check one never checked. */
  mayReplace: boolean;
}

export function DocumentAccessibilitySection({ media, mayReplace }: DocumentAccessibilitySectionProps) {
  const headingId = useId();
  const report = documentCheckReport(media, { mayReplace });
  if (!report) return null;
  return (
    <section className="media-panel-section document-check" aria-labelledby={headingId}>
      <h3 id={headingId}>Accesibilidad del documento</h3>
      <p className={`document-check-summary document-check-${report.tone}`}>
        <span className={`pi ${TONE_ICONS[report.tone]}`} aria-hidden="true" />
        <span>
          <strong className="document-check-outcome">{report.outcome}.</strong> {report.explanation}
        </span>
      </p>
      {report.lines.length > 0 && (
        <ul className="document-issues">
          {report.lines.map((line) => (
            <li key={line.issue} className={`document-issue document-issue-${line.tone}`}>
              <p className="document-issue-head">
                <span className={`level-badge level-badge-${line.tone}`}>{line.level}</span>
                <span className="sr-only">: </span>
                <strong>{line.says}</strong>
              </p>
              <p>
                <span className="document-issue-label">Qué hacer: </span>
                {line.fix}
              </p>
              <p className="document-issue-clause">{line.clause}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
