import { describe, expect, it } from 'vitest';
import { deletedMessage, deleteQuestion } from './messages';

describe('delete confirmations', () => {
  it('counts a selection and names a single record', () => {
    expect(deleteQuestion(3)).toBe('¿Eliminar 3 registros? Esta acción no se puede deshacer.');
    expect(deleteQuestion(1)).toBe('¿Eliminar 1 registro? Esta acción no se puede deshacer.');
    expect(deleteQuestion(1, 'Editor')).toBe('¿Eliminar «Editor»? Esta acción no se puede deshacer.');
    expect(deletedMessage(1)).toBe('Se ha eliminado 1 registro.');
    expect(deletedMessage(4)).toBe('Se han eliminado 4 registros.');
  });
});
