import { describe, expect, it } from 'vitest';
import { multimediaScreens } from './multimedia-screens';

describe('the media library list', () => {
  it('heads its columns as before, those equal to the field table taken from it', () => {
    expect(multimediaScreens.columns.map((column) => column.header)).toEqual([
      'Vista previa',
      'Nombre',
      'Título',
      'Tipo',
      'Tamaño',
      'Dimensiones',
      'Usos',
      'Subido por',
      'Subido',
    ]);
  });
});
