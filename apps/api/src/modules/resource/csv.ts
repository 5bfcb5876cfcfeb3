import { CSV_BOM, csvLine, madridIsoString } from '@gestor/shared';
import type { CsvColumn } from './resource-definition';

// The exports' CSV, in the dialect packages/shared/src/csv.ts writes (Spanish Excel's).
export { CSV_BOM };

export function csvHeader<R>(columns: CsvColumn<R>[]): string {
  return csvLine(columns.map((c) => c.header));
}

export function csvRow<R>(columns: CsvColumn<R>[], record: R): string {
  return csvLine(columns.map((c) => c.value(record)));
}

// docs/areas.md#rules-shared-by-the-content-areas: people read times on the Madrid wall clock. The export writes that clock with
// its offset (ISO 8601), so a spreadsheet shows what the screens show and the instant stays exact.

/** A date as the export writes it: 2026-11-24T18:55:00+01:00 (Madrid time, +02:00 in summer). */
export function csvDate(iso: string | null): string | null {
  return iso ? madridIsoString(new Date(iso)) : null;
}
