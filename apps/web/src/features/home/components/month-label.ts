const monthFormat = new Intl.DateTimeFormat('es-ES', { month: 'short', year: 'numeric', timeZone: 'UTC' });
const longMonthFormat = new Intl.DateTimeFormat('es-ES', { month: 'long', year: 'numeric', timeZone: 'UTC' });

const firstDay = (month: string) => new Date(`${month}-01T00:00:00Z`);

/** "nov 2026": a "YYYY-MM" of the API as the chart's axis shows it. */
export const shortMonth = (month: string) => monthFormat.format(firstDay(month));
/** "noviembre de 2026": as the table reads it. */
export const longMonth = (month: string) => longMonthFormat.format(firstDay(month));
