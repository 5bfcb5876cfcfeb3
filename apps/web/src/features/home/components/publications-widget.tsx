import { DASHBOARD_MONTHS, type DashboardMonth } from '@gestor/shared/dashboard';
import { lazy, Suspense, useRef } from 'react';
import { useInView } from '../../../lib/use-in-view';
import { longMonth } from './month-label';
import { Widget } from './widget';

// Chart.js is the heaviest thing the home page could load: it comes only when this widget is on
// screen (decision 030's budget: the home page ≤ 60 kB gzip beyond the shell, the chart apart).
const PublicationsChart = lazy(() => import('./publications-chart'));

/** "Publicaciones": news published per month, as a chart and as a table of the same numbers. */
export function PublicationsWidget({ months }: { months: readonly DashboardMonth[] }) {
  const total = months.reduce((sum, month) => sum + month.count, 0);
  const chartRef = useRef<HTMLDivElement>(null);
  const inView = useInView(chartRef);
  return (
    <Widget
      id="publications"
      title="Publicaciones"
      icon="pi pi-chart-bar"
      className="widget-wide"
      empty={total ? null : `No se ha publicado ninguna noticia en los últimos ${DASHBOARD_MONTHS} meses.`}
    >
      <p className="publications-summary">
        {total.toLocaleString('es-ES')} {total === 1 ? 'noticia publicada' : 'noticias publicadas'} en los
        últimos {DASHBOARD_MONTHS} meses.
      </p>
      <div ref={chartRef} className="publications-chart-box">
        {inView ? (
          <Suspense fallback={<p className="publications-loading">Cargando el gráfico…</p>}>
            <PublicationsChart months={months} />
          </Suspense>
        ) : null}
      </div>
      <details className="publications-data">
        <summary>Ver los datos</summary>
        <table className="publications-table">
          <caption className="sr-only">Noticias publicadas por mes</caption>
          <thead>
            <tr>
              <th scope="col">Mes</th>
              <th scope="col">Noticias</th>
            </tr>
          </thead>
          <tbody>
            {months.map((month) => (
              <tr key={month.month}>
                <th scope="row">{longMonth(month.month)}</th>
                <td>{month.count.toLocaleString('es-ES')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </Widget>
  );
}
