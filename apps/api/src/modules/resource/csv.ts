import { madridIsoString } from '@gestor/shared';
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

// docs/areas.md#rules-shared-by-the-content-areas: people read times on the Madrid wall clock. The export writes that clock with
// its offset (ISO 8601), so a spreadsheet shows what the screens show and the instant stays exact.

/** A date as the export writes it: 2026-11-24T18:55:00+01:00 (Madrid time, +02:00 in summer). */
export function csvDate(iso: string | null): string | null {
  return iso ? madridIsoString(new Date(iso)) : null;
}
