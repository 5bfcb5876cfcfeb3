import { CSV_BOM, csvLine, type TestCodesMade } from '@gestor/shared';

// The codes just made, as a spreadsheet in a Spanish locale opens them: the dialect the API's exports
// write too (packages/shared/src/csv.ts).

/** «Código;Enlace;Minutos extra», then one line per code. */
export function codesCsv({ codes, extra_minutes }: TestCodesMade): string {
  return (
    CSV_BOM +
    csvLine(['Código', 'Enlace', 'Minutos extra']) +
    codes.map(({ code, url }) => csvLine([code, url, extra_minutes])).join('')
  );
}

/** `codigos-<slug>.csv`: the test the codes open, in the name of the file they come in. */
export const codesFileName = (slug: string) => `codigos-${slug}.csv`;
