import { describe, expect, it } from 'vitest';
import { uploadSummary } from './upload-summary';
import type { UploadStatus } from './use-upload-queue';

const batch = (...statuses: UploadStatus[]) => statuses.map((status) => ({ status }));

describe('uploadSummary', () => {
  it('says everything arrived, for one file or several', () => {
    expect(uploadSummary(batch('done'))).toBe('Se ha subido el archivo.');
    expect(uploadSummary(batch('done', 'done', 'done'))).toBe('Se han subido los 3 archivos.');
  });

  it('counts what arrived when some failed', () => {
    expect(uploadSummary(batch('done', 'failed', 'done'))).toBe('Se han subido 2 de 3 archivos.');
    expect(uploadSummary(batch('failed'))).toBe('No se ha podido subir el archivo.');
    expect(uploadSummary(batch('failed', 'failed'))).toBe('No se ha podido subir ninguno de los 2 archivos.');
  });

  it('leaves cancelled files out of the count and says so', () => {
    expect(uploadSummary(batch('done', 'cancelled'))).toBe('Se ha subido el archivo. Se canceló 1.');
    expect(uploadSummary(batch('done', 'failed', 'cancelled', 'cancelled'))).toBe(
      'Se han subido 1 de 2 archivos. Se cancelaron 2.',
    );
    expect(uploadSummary(batch('cancelled'))).toBe('Se ha cancelado la subida.');
    expect(uploadSummary(batch('cancelled', 'cancelled'))).toBe('Se han cancelado las subidas.');
  });
});
