import type { CsvColumn } from './resource-definition';

// CSV for spreadsheets in Spanish locales: UTF-8 with a BOM (so Excel reads accents), ';' between
// fields (Excel's list separator where the decimal mark is a comma), CRLF line ends.
export const CSV_BOM = '\uFEFF';
const SEPARATOR = ';';

function cell(value: string | number | boolean | null): string {
  if (value === null) return '';
  let text = typeof value === 'boolean' ? (value ? 'Sí' : 'No') : String(value);
  // Formula injection: a cell starting with = + - @ would run as a formula when opened.
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[";\r\n,]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvHeader<R>(columns: CsvColumn<R>[]): string {
  return `${columns.map((c) => cell(c.header)).join(SEPARATOR)}\r\n`;
}

export function csvRow<R>(columns: CsvColumn<R>[], record: R): string {
  return `${columns.map((c) => cell(c.value(record))).join(SEPARATOR)}\r\n`;
}

/** A date as people read it in the export: 22/11/2026 14:05 (UTC). */
export function csvDate(iso: string | null): string | null {
  if (!iso) return null;
  const d = new Date(iso);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(d.getUTCDate())}/${two(d.getUTCMonth() + 1)}/${d.getUTCFullYear()} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}`;
}
