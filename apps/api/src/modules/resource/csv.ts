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
const madridClock = new Intl.DateTimeFormat('en-US', {
  timeZone: 'Europe/Madrid',
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** Madrid's wall clock at an instant, to the second, and how far it is ahead of UTC (in ms). */
export function madridWallClock(instant: Date) {
  const part = Object.fromEntries(madridClock.formatToParts(instant).map((p) => [p.type, p.value]));
  const { year, month, day, hour, minute, second } = part as Record<string, string>;
  // The offset is the wall clock read as UTC minus the instant (whole seconds: the clock shows no ms).
  const wall = Date.UTC(
    Number(year),
    Number(month) - 1,
    Number(day),
    Number(hour),
    Number(minute),
    Number(second),
  );
  const offsetMs = wall - Math.floor(instant.getTime() / 1000) * 1000;
  return { year, month, day, hour, minute, second, offsetMs };
}

/** A date as the export writes it: 2026-11-24T18:55:00+01:00 (Madrid time, +02:00 in summer). */
export function csvDate(iso: string | null): string | null {
  if (!iso) return null;
  const { year, month, day, hour, minute, second, offsetMs } = madridWallClock(new Date(iso));
  const offset = Math.round(offsetMs / 60_000);
  const two = (n: number) => String(n).padStart(2, '0');
  const sign = offset < 0 ? '-' : '+';
  const zone = `${sign}${two(Math.floor(Math.abs(offset) / 60))}:${two(Math.abs(offset) % 60)}`;
  return `${year}-${month}-${day}T${hour}:${minute}:${second}${zone}`;
}
