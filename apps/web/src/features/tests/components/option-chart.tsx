import { Chart } from 'primereact/chart';
import { useMemo } from 'react';
import { chartThemeColors } from '../../../lib/chart-theme';
import { useMediaQuery } from '../../../lib/use-media-query';

// One question's options as horizontal bars: how many responses chose each. Loaded on its own (with
// Chart.js) only on the results page, once the question scrolls into view (question-results.tsx), as
// the dashboard's chart is; the same numbers are in the table beside it.

export interface ChartBar {
  label: string;
  count: number;
}

/** A long option shortened for the axis (the table under the chart has it whole). */
const axisLabel = (text: string) => (text.length > 40 ? `${text.slice(0, 39)}…` : text);

export default function OptionChart({
  bars,
  description,
}: {
  bars: readonly ChartBar[];
  description: string;
}) {
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  const { data, options } = useMemo(() => {
    const colors = chartThemeColors();
    return {
      data: {
        labels: bars.map((bar) => axisLabel(bar.label)),
        datasets: [
          {
            label: 'Respuestas',
            data: bars.map((bar) => bar.count),
            backgroundColor: colors.bar,
            borderRadius: 4,
            maxBarThickness: 28,
          },
        ],
      },
      options: {
        indexAxis: 'y' as const,
        maintainAspectRatio: false,
        animation: reducedMotion ? (false as const) : undefined,
        locale: 'es-ES',
        plugins: { legend: { display: false } },
        scales: {
          x: {
            beginAtZero: true,
            ticks: { color: colors.text, precision: 0 },
            grid: { color: colors.grid },
          },
          y: { ticks: { color: colors.text }, grid: { display: false } },
        },
      },
    };
  }, [bars, reducedMotion]);
  return (
    <Chart
      type="bar"
      data={data}
      options={options}
      className="option-chart"
      style={{ height: `${Math.max(7.5, bars.length * 2.5 + 3)}rem` }}
      ariaLabel={description}
    />
  );
}
