import { describe, expect, it } from 'vitest';
import { pickerEmptyMessage } from './picker-empty';

describe('pickerEmptyMessage', () => {
  const base = { search: '', chosenType: false, images: true, mayUpload: false };

  it('says an empty library is empty, and who can fill it, even where the field takes images only', () => {
    expect(pickerEmptyMessage(base)).toBe(
      'Todavía no hay imágenes en la biblioteca. Pida a un administrador el permiso «Multimedia: Crear» para subir archivos.',
    );
    expect(pickerEmptyMessage({ ...base, images: false, mayUpload: true })).toBe(
      'Todavía no hay archivos en la biblioteca. Súbalos con «Subir archivo» o arrastrándolos aquí.',
    );
  });

  it('says a search or a chosen type found nothing', () => {
    expect(pickerEmptyMessage({ ...base, search: 'playa' })).toBe(
      'Ningún archivo coincide con «playa». Pruebe con otras palabras.',
    );
    expect(pickerEmptyMessage({ ...base, images: false, chosenType: true })).toBe(
      'No hay archivos de este tipo en la biblioteca.',
    );
  });
});
