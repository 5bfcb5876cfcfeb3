/**
 * "195,8 kB": sizes as people read them (issue 16). Decimal units, as the SI and every file manager
 * and phone show them (1 kB = 1000 bytes), with the Spanish decimal comma and a no-break space.
 */
export function formatFileSize(bytes: number): string {
  if (bytes < 1000) return `${bytes}\u00a0B`;
  const units = ['kB', 'MB', 'GB', 'TB'];
  let value = bytes / 1000;
  let unit = 0;
  // Rounded first, so 999 950 bytes reads "1 MB", not "1000 kB".
  while (Math.round(value * 10) / 10 >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  return `${value.toLocaleString('es-ES', { maximumFractionDigits: 1, useGrouping: false })}\u00a0${units[unit]}`;
}
