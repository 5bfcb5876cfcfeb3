import { describe, expect, test } from 'vitest';
import { answeringUrl } from './answering-url';
import { codesCsv, codesFileName } from './codes-csv';

describe('codesCsv', () => {
  test('a BOM, a header, one CRLF line per code, separated by semicolons', () => {
    const csv = codesCsv({
      codes: [
        { code: 'ABCD-EFGH-JKLM', url: 'https://gestor.example/t/riesgos?code=ABCD-EFGH-JKLM' },
        { code: 'NPQR-STUV-WXYZ', url: 'https://gestor.example/t/riesgos?code=NPQR-STUV-WXYZ' },
      ],
      extra_minutes: 15,
    });
    expect(csv).toBe(
      '\uFEFFCódigo;Enlace;Minutos extra\r\n' +
        'ABCD-EFGH-JKLM;https://gestor.example/t/riesgos?code=ABCD-EFGH-JKLM;15\r\n' +
        'NPQR-STUV-WXYZ;https://gestor.example/t/riesgos?code=NPQR-STUV-WXYZ;15\r\n',
    );
  });

  test('a cell that would break the row or run as a formula is quoted or defused', () => {
    const csv = codesCsv({ codes: [{ code: '=1+1', url: 'https://x/t/a;b' }], extra_minutes: 0 });
    expect(csv.split('\r\n')[1]).toBe(`'=1+1;"https://x/t/a;b";0`);
  });

  test('the file is named after the test', () => {
    expect(codesFileName('prevencion-de-riesgos')).toBe('codigos-prevencion-de-riesgos.csv');
  });
});

describe('answeringUrl', () => {
  test('the answering page under the API base, with or without a path', () => {
    expect(answeringUrl('riesgos', 'https://gestor.example')).toBe('https://gestor.example/t/riesgos');
    expect(answeringUrl('riesgos', 'https://example.org/gestor/')).toBe(
      'https://example.org/gestor/t/riesgos',
    );
  });
});
