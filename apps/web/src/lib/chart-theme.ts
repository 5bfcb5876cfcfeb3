// The charts' colours (chart.js draws on a canvas, out of reach of the CSS), read from the page so a
// chart follows the chosen palette and light or dark scheme: the dashboard's and a test's results.

export interface ChartColors {
  bar: string;
  text: string;
  grid: string;
}

export function chartThemeColors(): ChartColors {
  const style = getComputedStyle(document.documentElement);
  const read = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return {
    bar: read('--app-primary', '#4f46e5'),
    text: read('--text-color-secondary', '#4b5563'),
    grid: read('--surface-border', '#e5e7eb'),
  };
}
