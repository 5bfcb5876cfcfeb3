import type { DashboardMonth } from '@gestor/shared/dashboard';
import { Chart } from 'primereact/chart';
import { useMemo } from 'react';
import { chartThemeColors } from '../../../lib/chart-theme';
import { useMediaQuery } from '../../../lib/use-media-query';
import { shortMonth } from './month-label';

// Loaded on its own (with Chart.js) only once the "Publicaciones" widget scrolls into view
// (publications-widget.tsx, decision 030). The numbers it draws are also in the widget's table.

export default function PublicationsChart({ months }: { months: readonly DashboardMonth[] }) {
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  const { data, options } = useMemo(() => {
    const colors = chartThemeColors();
    return {
      data: {
        labels: months.map((month) => shortMonth(month.month)),
        datasets: [
          {
            label: 'Noticias publicadas',
            data: months.map((month) => month.count),
            backgroundColor: colors.bar,
            borderRadius: 4,
            maxBarThickness: 36,
          },
        ],
      },
      options: {
        maintainAspectRatio: false,
        animation: reducedMotion ? (false as const) : undefined,
        locale: 'es-ES',
        plugins: { legend: { display: false } },
        scales: {
          x: { ticks: { color: colors.text }, grid: { display: false } },
          y: { beginAtZero: true, ticks: { color: colors.text, precision: 0 }, grid: { color: colors.grid } },
        },
      },
    };
  }, [months, reducedMotion]);
  return (
    <Chart
      type="bar"
      data={data}
      options={options}
      className="publications-chart"
      ariaLabel="Gráfico de barras de las noticias publicadas por mes; los mismos datos están en la tabla «Ver los datos»."
    />
  );
}
