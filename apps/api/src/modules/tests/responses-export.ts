import type { Readable, Writable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { CSV_BOM, csvCell, madridIsoString, madridOffset } from '@gestor/shared';
import ExcelJS from 'exceljs';
import { spoolExport, spoolExportStream } from '../resource/export-spool';

// Issue 33: a test's responses as a file, in the two forms a person opens in a spreadsheet.
// Decision 051: CSV in the exports' dialect (packages/shared/src/csv.ts), and XLSX written by
// exceljs's streaming writer. Both are spooled (decision 012): the rows come from the database in
// batches into a temporary file, and only the finished file is sent.

/** One cell as the caller reads it from the database. */
export type ExportCell = string | number | boolean | Date | null;
export type ExportFormat = 'csv' | 'xlsx';

export const EXPORT_CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

export interface SpoolResponsesOptions {
  format: ExportFormat;
  tmpDir: string;
  /** The XLSX sheet's name (the test's title): made fit for Excel by `excelSheetName`. */
  sheetName: string;
  header: readonly string[];
  /** Produced in batches by the caller from the database. */
  rows: AsyncIterable<readonly ExportCell[]>;
}

/** Writes the header and rows into a spooled temporary file (decision 012) and returns its stream. */
export async function spoolResponses(options: SpoolResponsesOptions): Promise<Readable> {
  return options.format === 'xlsx'
    ? spoolExportStream(options.tmpDir, (out) => writeXlsx(out, options))
    : spoolExport(options.tmpDir, (write) => writeCsv(write, options));
}

// ── CSV ──────────────────────────────────────────────────────────────────────────────────────────

/** What is written to the file at once: a few hundred lines rather than one write per line. */
const CSV_CHUNK_CHARS = 64 * 1024;

async function writeCsv(
  write: (text: string) => Promise<void>,
  { header, rows }: SpoolResponsesOptions,
): Promise<void> {
  let chunk = CSV_BOM + responsesCsvLine(header);
  for await (const row of rows) {
    chunk += responsesCsvLine(row);
    if (chunk.length >= CSV_CHUNK_CHARS) {
      await write(chunk);
      chunk = '';
    }
  }
  await write(chunk);
}

/**
 * One cell in the exports' dialect, as Spanish Excel opens it. `csvCell` writes a number as
 * JavaScript prints it (12.5, which Excel in Spain reads as text) and guards a leading minus as a
 * formula; a number here is a number, so it is written with the decimal comma and no quotes (a
 * comma is no separator in this dialect). A date is the Madrid wall clock with its offset, as the
 * areas' exports write it (resource/csv.ts `csvDate`).
 */
export function responsesCsvCell(value: ExportCell): string {
  if (typeof value === 'number') return Number.isFinite(value) ? String(value).replace('.', ',') : '';
  if (value instanceof Date) return csvCell(madridIsoString(value));
  return csvCell(value);
}

/** One line: cells joined by `;` and ended by CRLF, as `csvLine` does. */
export function responsesCsvLine(cells: readonly ExportCell[]): string {
  return `${cells.map(responsesCsvCell).join(';')}\r\n`;
}

// ── XLSX ─────────────────────────────────────────────────────────────────────────────────────────

/** Excel's limits: a sheet name's length and the characters it may not hold; a cell's text. */
const SHEET_NAME_MAX = 31;
const CELL_TEXT_MAX = 32_767;
/** Rows read before the columns are written, to size them (a streamed sheet writes widths first). */
const ROWS_FOR_WIDTHS = 200;
const COLUMN_WIDTH = { min: 8, max: 60 };
/** Excel's number format for a date and time, shown as in Spain (24 h). */
const DATE_FORMAT = 'dd/mm/yyyy hh:mm:ss';
/** Sheet XML allowed to wait for the compressor before the rows are read further (see `zipBacklog`). */
const ZIP_BACKLOG_MAX = 1024 * 1024;

/**
 * A sheet name Excel accepts: without `[ ] : * ? / \`, not starting or ending with an apostrophe,
 * at most 31 characters (a surrogate pair never cut in half), never empty.
 */
export function excelSheetName(name: string): string {
  let clean = name
    .replace(/[[\]:*?/\\]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  clean = clean.replace(/^'+|'+$/g, '').trim();
  if (clean.length > SHEET_NAME_MAX) {
    let cut = clean.slice(0, SHEET_NAME_MAX);
    if (/[\uD800-\uDBFF]$/.test(cut)) cut = cut.slice(0, -1);
    clean = cut.replace(/'+$/, '').trimEnd();
  }
  // "History" is reserved by Excel for its change tracking.
  return clean && clean.toLowerCase() !== 'history' ? clean : 'Respuestas';
}

/**
 * An instant as a date Excel shows on Madrid's clock: Excel's dates carry no time zone, and exceljs
 * writes a Date's UTC fields, so the Date given is shifted by Madrid's offset at that instant.
 * Whole seconds, as the CSV writes them.
 */
function madridWallClockDate(instant: Date): Date {
  const epochMs = Math.floor(instant.getTime() / 1000) * 1000;
  return new Date(epochMs + madridOffset(epochMs));
}

async function writeXlsx(out: Writable, { sheetName, header, rows }: SpoolResponsesOptions): Promise<void> {
  // Styles for the bold header and the dates' format; no shared strings, whose table would be held
  // in memory until the end (every text is written inline with its row instead).
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  workbook.creator = 'Gestor';
  const sheet = workbook.addWorksheet(excelSheetName(sheetName), {
    views: [{ state: 'frozen', xSplit: 0, ySplit: 1 }],
  });
  const iterator = rows[Symbol.asyncIterator]();
  try {
    await writeSheet(workbook, sheet, out, header, iterator);
  } catch (error) {
    // Stopped early (the file failed): the caller's reading (a cursor, a transaction) is closed too.
    await Promise.resolve(iterator.return?.()).catch(() => {});
    throw error;
  }
}

async function writeSheet(
  workbook: ExcelJS.stream.xlsx.WorkbookWriter,
  sheet: ExcelJS.Worksheet,
  out: Writable,
  header: readonly string[],
  iterator: AsyncIterator<readonly ExportCell[]>,
): Promise<void> {
  // The first rows are read before anything is written: the columns (their widths) come first in
  // a sheet's XML, and a streamed sheet cannot go back to them.
  const firstRows: (readonly ExportCell[])[] = [];
  let done = false;
  while (firstRows.length < ROWS_FOR_WIDTHS) {
    const next = await iterator.next();
    if (next.done) {
      done = true;
      break;
    }
    firstRows.push(next.value);
  }
  sheet.columns = header.map((title, index) => ({
    width: columnWidth(
      title,
      firstRows.map((row) => row[index] ?? null),
    ),
  }));
  if (header.length) {
    sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: header.length } };
  }
  const headerRow = sheet.addRow([...header]);
  headerRow.font = { bold: true };
  headerRow.commit();

  const backlog = zipBacklog(sheet);
  const addRow = async (cells: readonly ExportCell[]) => {
    // Back-pressure: rows wait while the compressor has more than enough XML to do.
    while (backlog() > ZIP_BACKLOG_MAX && !out.destroyed) await sleep(1);
    // A destroyed file (a full disk) stops the reading too, not only the writing.
    if (out.destroyed) throw out.errored ?? new Error('The export file was closed before it was complete.');
    const row = sheet.addRow([]);
    cells.forEach((value, index) => {
      if (value === null) return;
      const cell = row.getCell(index + 1);
      if (value instanceof Date) {
        cell.value = madridWallClockDate(value);
        cell.numFmt = DATE_FORMAT;
      } else if (typeof value === 'number') {
        if (Number.isFinite(value)) cell.value = value;
      } else if (typeof value === 'boolean') {
        cell.value = value ? 'Sí' : 'No';
      } else {
        cell.value = value.length > CELL_TEXT_MAX ? value.slice(0, CELL_TEXT_MAX) : value;
      }
    });
    // Committed at once: the row's XML goes to the zip and is let go.
    row.commit();
  };
  for (const row of firstRows) await addRow(row);
  firstRows.length = 0;
  if (!done) {
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) await addRow(next.value);
  }
  sheet.commit();
  await workbook.commit();
}

/**
 * How many bytes of the sheet's XML wait to be compressed. exceljs's streamed sheet hands each committed
 * row to the zip through its own buffer (`StreamBuf`), which ignores what `write()` returns: the rows'
 * XML would pile up before the compressor as fast as the database gives rows (26 MB of 30 for 10 000
 * responses of 50 questions). The stream it writes into (archiver's intake, a PassThrough) shows the
 * pile. Should a later exceljs not have it there, nothing is waited for (as before), never an error.
 */
function zipBacklog(sheet: ExcelJS.Worksheet): () => number {
  // exceljs 4: WorksheetWriter.stream is a StreamBuf; its `pipes` are the streams it writes into.
  const intake = (sheet as unknown as { stream?: { pipes?: unknown[] } }).stream?.pipes?.[0] as
    | { _writableState?: { length?: unknown }; _readableState?: { length?: unknown } }
    | undefined;
  const writable = intake?._writableState;
  const readable = intake?._readableState;
  if (typeof writable?.length !== 'number' || typeof readable?.length !== 'number') return () => 0;
  return () => Number(writable.length) + Number(readable.length);
}

/** Wide enough for the header and for most of the first rows' values, within bounds. */
function columnWidth(title: string, values: ExportCell[]): number {
  const lengths = values.map((value) => {
    if (value === null) return 0;
    if (value instanceof Date) return DATE_FORMAT.length;
    if (typeof value === 'boolean') return 2;
    if (typeof value === 'number') return String(value).length;
    // A multi-line text is as wide as its longest line.
    return Math.max(...value.split('\n').map((line) => line.length));
  });
  lengths.sort((a, b) => a - b);
  // The 90th percentile: one long answer does not make the whole column wide.
  const typical = lengths[Math.floor(lengths.length * 0.9)] ?? 0;
  const widest = Math.max(title.length + 2, typical + 1);
  return Math.min(COLUMN_WIDTH.max, Math.max(COLUMN_WIDTH.min, widest));
}
