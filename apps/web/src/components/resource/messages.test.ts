import { describe, expect, it } from 'vitest';
import { deletedMessage, deleteQuestion } from './messages';

describe('delete confirmations', () => {
  it('counts a selection and names a single record', () => {
    expect(deleteQuestion(3)).toBe('¿Eliminar 3 elementos? Esta acción no se puede deshacer.');
    expect(deleteQuestion(1)).toBe('¿Eliminar 1 elemento? Esta acción no se puede deshacer.');
    expect(deleteQuestion(1, 'Editor')).toBe('¿Eliminar «Editor»? Esta acción no se puede deshacer.');
    expect(deletedMessage(1)).toBe('Se ha eliminado 1 elemento.');
    expect(deletedMessage(4)).toBe('Se han eliminado 4 elementos.');
    // Decision 026: in an area with a trash.
    expect(deleteQuestion(1, 'Editor', { trash: true })).toBe(
      '¿Enviar «Editor» a la papelera? Podrá restaurarlo desde la Papelera de la lista.',
    );
    expect(deletedMessage(2, { trash: true })).toBe('Se han enviado 2 elementos a la papelera.');
  });
});
