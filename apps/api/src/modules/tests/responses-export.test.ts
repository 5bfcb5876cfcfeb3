import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type ExportCell, excelSheetName, responsesCsvCell, spoolResponses } from './responses-export';

// What a person opening the exported responses sees: Spanish Excel's CSV, and a workbook whose
// cells are numbers, dates and texts as the database gave them.

let tmpDir: string;
beforeEach(async () => {
  tmpDir = await mkdtemp(path.join(os.tmpdir(), 'responses-export-'));
});
afterEach(async () => {
  await rm(tmpDir, { recursive: true, force: true });
});

async function* batches(rows: readonly (readonly ExportCell[])[]): AsyncGenerator<readonly ExportCell[]> {
  for (const row of rows) yield row;
}

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const header = ['Respuesta', 'Correo', 'Enviada', 'Puntos', 'Aprobada', 'Comentario'];
// 17:55 UTC in November is 18:55 in Madrid (+01:00); 21:59:59 UTC in July is 23:59:59 (+02:00).
const november = new Date('2026-11-24T17:55:00.000Z');
const july = new Date('2026-07-01T21:59:59.900Z');
const rows: ExportCell[][] = [
  [1, 'ana@example.com', november, 12.5, true, 'Dijo "sí"; y\nse fue'],
  [2, null, july, -2, false, '=SUMA(A1)'],
  [3, 'luis@example.com', null, 0, null, null],
];

describe('spoolResponses as CSV', () => {
  it('writes Spanish Excel’s dialect: BOM, semicolons, decimal comma, quoted cells, CRLF', async () => {
    const stream = await spoolResponses({
      format: 'csv',
      tmpDir,
      sheetName: 'Test',
      header,
      rows: batches(rows),
    });
    const bytes = await bytesOf(stream);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.subarray(3).toString('utf8')).toBe(
      [
        'Respuesta;Correo;Enviada;Puntos;Aprobada;Comentario',
        '1;ana@example.com;2026-11-24T18:55:00+01:00;12,5;Sí;"Dijo ""sí""; y\nse fue"',
        "2;;2026-07-01T23:59:59+02:00;-2;No;'=SUMA(A1)",
        '3;luis@example.com;;0;;',
        '',
      ].join('\r\n'),
    );
  });

  it('writes a number as a number and leaves what is not one empty', () => {
    expect(responsesCsvCell(0.75)).toBe('0,75');
    expect(responsesCsvCell(-1.5)).toBe('-1,5');
    expect(responsesCsvCell(Number.NaN)).toBe('');
  });

  it('leaves no file behind: unlinked once open for reading', async () => {
    const stream = await spoolResponses({
      format: 'csv',
      tmpDir,
      sheetName: 'Test',
      header,
      rows: batches(rows),
    });
    expect(await readdir(tmpDir)).toEqual([]);
    await bytesOf(stream);
  });
});

describe('spoolResponses as XLSX', () => {
  async function workbookOf(
    cells: readonly (readonly ExportCell[])[],
    sheetName = 'Examen de «Historia» [2026]: ¿qué sabes?',
  ): Promise<ExcelJS.Workbook> {
    const stream = await spoolResponses({ format: 'xlsx', tmpDir, sheetName, header, rows: batches(cells) });
    const workbook = new ExcelJS.Workbook();
    // exceljs's own types predate Node's generic Buffer.
    await workbook.xlsx.load((await bytesOf(stream)) as unknown as ExcelJS.Buffer);
    return workbook;
  }

  it('reads back the same cells: texts, numbers, dates on Madrid’s clock, empty cells', async () => {
    const workbook = await workbookOf(rows);
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new Error('no sheet');
    expect(sheet.name).toBe('Examen de «Historia» 2026 ¿qué');
    expect(sheet.rowCount).toBe(4);
    const values = (row: number) => header.map((_, column) => sheet.getRow(row).getCell(column + 1).value);
    expect(values(1)).toEqual(header);
    // Excel's dates have no time zone: the cell is what a clock in Madrid showed, to the second.
    expect(values(2)).toEqual([
      1,
      'ana@example.com',
      new Date('2026-11-24T18:55:00.000Z'),
      12.5,
      'Sí',
      'Dijo "sí"; y\nse fue',
    ]);
    expect(values(3)).toEqual([2, null, new Date('2026-07-01T23:59:59.000Z'), -2, 'No', '=SUMA(A1)']);
    expect(values(4)).toEqual([3, 'luis@example.com', null, 0, null, null]);
    expect(sheet.getRow(2).getCell(3).numFmt).toBe('dd/mm/yyyy hh:mm:ss');
    expect(typeof sheet.getRow(2).getCell(4).value).toBe('number');
  });

  it('makes the header bold and frozen, and sizes the columns', async () => {
    const sheet = (await workbookOf(rows)).worksheets[0];
    if (!sheet) throw new Error('no sheet');
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(sheet.getRow(2).getCell(1).font?.bold).toBeFalsy();
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    const widths = sheet.columns.map((column) => column.width ?? 0);
    expect(widths).toHaveLength(header.length);
    for (const width of widths) expect(width).toBeGreaterThanOrEqual(8);
    // The e-mail column is wider than the yes/no column.
    expect(widths[1]).toBeGreaterThan(widths[4] ?? 0);
  });

  it('writes rows beyond the first batch it reads to size the columns', async () => {
    const many: ExportCell[][] = Array.from({ length: 1000 }, (_, i) => [
      i + 1,
      `p${i}@example.com`,
      november,
      i / 4,
      i % 2 === 0,
      null,
    ]);
    const sheet = (await workbookOf(many)).worksheets[0];
    if (!sheet) throw new Error('no sheet');
    expect(sheet.rowCount).toBe(1001);
    expect(sheet.getRow(1001).getCell(1).value).toBe(1000);
    expect(sheet.getRow(1001).getCell(4).value).toBe(999 / 4);
  });

  it('names the sheet as Excel allows', () => {
    expect(excelSheetName('  ')).toBe('Respuestas');
    expect(excelSheetName("'Citado'")).toBe('Citado');
    expect(excelSheetName('a/b\\c?d*e:f[g]h')).toBe('a b c d e f g h');
    expect(excelSheetName('x'.repeat(40))).toHaveLength(31);
    // An emoji (two UTF-16 units) that would be cut at the limit is left out whole.
    expect(excelSheetName(`${'x'.repeat(30)}😀`)).toBe('x'.repeat(30));
    expect(excelSheetName('History')).toBe('Respuestas');
  });
});

describe('a failing read of the rows', () => {
  async function* failingAfter(count: number): AsyncGenerator<readonly ExportCell[]> {
    for (let i = 0; i < count; i++) yield [i, `p${i}@example.com`, november, 1.5, true, 'texto'];
    throw new Error('la base de datos se fue');
  }

  for (const format of ['csv', 'xlsx'] as const) {
    for (const count of [0, 50, 5000]) {
      it(`leaves no file behind (${format}, failing after ${count} rows)`, async () => {
        await expect(
          spoolResponses({ format, tmpDir, sheetName: 'Test', header, rows: failingAfter(count) }),
        ).rejects.toThrow('la base de datos se fue');
        expect(await readdir(tmpDir)).toEqual([]);
      });
    }
  }
});
