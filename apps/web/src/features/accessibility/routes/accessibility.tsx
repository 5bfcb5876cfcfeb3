import { monitoringReportDraft, statementDraft } from '@gestor/shared';
import { Button } from 'primereact/button';
import { ProgressSpinner } from 'primereact/progressspinner';
import { useId, useMemo } from 'react';
import { formatDateTime } from '../../../components/resource/format';
import { Notice } from '../../../components/ui/notice';
import { errorMessage } from '../../../lib/form-errors';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useMediaQuery } from '../../../lib/use-media-query';
import { useAccessibilityReport } from '../api/accessibility-report';
import { DraftText } from '../components/draft-text';
import { FindingsByClause } from '../components/findings-by-clause';
import { OverridesCards, OverridesTable } from '../components/overrides';
import '../../../components/resource/resource.css';
import '../accessibility.css';

// «Accesibilidad» (docs/accessibility.md#la-pantalla-accesibilidad), for people with
// `accessibility.view`: what the accessibility check finds today in every published body, by clause
// of UNE-EN 301 549; the items published with errors and the reason given; and the drafts of the
// accessibility statement's «Contenido no accesible» and of the yearly monitoring report, written
// from the same data (@gestor/shared's accessibility-report.ts).

/** Where the overrides' five columns stop fitting beside the menu: cards below it. */
const CARDS_QUERY = '(max-width: 991.98px)';

export function AccessibilityRoute() {
  useDocumentTitle('Accesibilidad');
  const headingId = useId();
  const summaryId = useId();
  const findingsId = useId();
  const overridesId = useId();
  const draftsId = useId();
  const query = useAccessibilityReport();
  const asCards = useMediaQuery(CARDS_QUERY);
  const report = query.data;
  const drafts = useMemo(
    () => (report ? { statement: statementDraft(report), monitoring: monitoringReportDraft(report) } : null),
    [report],
  );

  return (
    <section className="page a11y-report" aria-labelledby={headingId}>
      <header className="resource-header">
        <h1 id={headingId}>Accesibilidad</h1>
        <div className="resource-header-actions">
          <Button
            type="button"
            label="Comprobar de nuevo"
            icon="pi pi-refresh"
            outlined
            loading={query.isFetching}
            disabled={query.isFetching}
            onClick={() => void query.refetch()}
          />
        </div>
      </header>
      <p className="a11y-report-intro">
        Lo que la comprobación de accesibilidad encuentra hoy en el texto de las noticias, páginas y eventos
        publicados, por requisito de la norma UNE-EN 301 549; los contenidos que se publicaron con errores y
        el motivo; y los borradores de la declaración de accesibilidad y del informe anual de revisión.
      </p>
      {query.isError && (
        <Notice severity="error">No se ha podido cargar la comprobación: {errorMessage(query.error)}</Notice>
      )}
      {query.isPending ? (
        <output className="resource-table-loading">
          <ProgressSpinner style={{ width: '2rem', height: '2rem' }} strokeWidth="4" aria-hidden="true" />
          <span>Comprobando el contenido publicado…</span>
        </output>
      ) : (
        report &&
        drafts && (
          <>
            <section className="card a11y-report-summary" aria-labelledby={summaryId}>
              <h2 id={summaryId} className="sr-only">
                Resumen
              </h2>
              <dl className="a11y-totals">
                <div className={report.totals.errors ? 'a11y-total a11y-total-error' : 'a11y-total'}>
                  <dt>Errores</dt>
                  <dd>{report.totals.errors}</dd>
                </div>
                <div className="a11y-total">
                  <dt>Avisos</dt>
                  <dd>{report.totals.warnings}</dd>
                </div>
                <div className="a11y-total">
                  <dt>Contenidos con errores</dt>
                  <dd>
                    {report.totals.items_with_errors}{' '}
                    <span className="a11y-total-of">de {report.items_checked}</span>
                  </dd>
                </div>
                <div className="a11y-total">
                  <dt>Publicados con motivo</dt>
                  <dd>{report.overrides.length}</dd>
                </div>
              </dl>
              <p className="a11y-report-checked resource-muted">
                Comprobado el {formatDateTime(report.checked_at)}:{' '}
                {report.items_checked === 1
                  ? '1 contenido publicado'
                  : `${report.items_checked} contenidos publicados`}
                .
              </p>
            </section>

            <section className="card a11y-report-section" aria-labelledby={findingsId}>
              <h2 id={findingsId}>Errores y avisos por requisito</h2>
              <FindingsByClause groups={report.findings_by_clause} />
            </section>

            <section className="card a11y-report-section" aria-labelledby={overridesId}>
              <h2 id={overridesId}>Publicados con errores</h2>
              <p className="a11y-report-lead">
                Los contenidos publicados a pesar de tener errores de accesibilidad, con el último motivo que
                dio quien los publicó.
              </p>
              {report.overrides.length === 0 ? (
                <p className="a11y-report-empty">
                  Ningún contenido publicado se publicó con errores indicando un motivo.
                </p>
              ) : asCards ? (
                <OverridesCards overrides={report.overrides} labelledBy={overridesId} />
              ) : (
                <div className="a11y-overrides">
                  <OverridesTable overrides={report.overrides} labelledBy={overridesId} />
                </div>
              )}
            </section>

            <section className="card a11y-report-section" aria-labelledby={draftsId}>
              <h2 id={draftsId}>Borradores</h2>
              <p className="a11y-report-lead">
                Escritos a partir de lo anterior, para revisarlos y completarlos antes de publicarlos.
              </p>
              <DraftText
                heading="Declaración de accesibilidad: «Contenido no accesible»"
                hint="El apartado de la declaración de accesibilidad que enumera lo que no cumple, con los motivos de quien publicó con errores."
                text={drafts.statement}
              />
              <DraftText
                heading="Informe anual de revisión"
                hint="El informe de seguimiento del año (RD 1112/2018): lo revisado, los errores y avisos por requisito, los motivos y las medidas previstas."
                text={drafts.monitoring}
              />
            </section>
          </>
        )
      )}
    </section>
  );
}
