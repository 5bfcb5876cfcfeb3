// CSV for spreadsheets in Spanish locales, written alike by the API's exports and by the SPA (the
// codes of a test): UTF-8 with a BOM (so Excel reads accents), ';' between fields (Excel's list
// separator where the decimal mark is a comma), CRLF line ends.

export const CSV_BOM = '\uFEFF';
const SEPARATOR = ';';

/** One cell: booleans as Sí/No, null empty, quoted when needed, never a formula. */
export function csvCell(value: string | number | boolean | null): string {
  if (value === null) return '';
  let text = typeof value === 'boolean' ? (value ? 'Sí' : 'No') : String(value);
  // Formula injection: a cell starting with = + - @ would run as a formula when opened.
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[";\r\n,]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One line, its cells joined and ended as Excel in Spain reads them. */
export function csvLine(cells: ReadonlyArray<string | number | boolean | null>): string {
  return `${cells.map(csvCell).join(SEPARATOR)}\r\n`;
}
