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

/** Saves `text` as a download named `fileName` (nothing leaves the browser). */
export function downloadText(text: string, fileName: string, type = 'text/csv;charset=utf-8') {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has handed the file to the browser.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
