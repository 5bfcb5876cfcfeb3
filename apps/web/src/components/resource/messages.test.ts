import { NEWS, PAGES, TESTS } from '@gestor/shared';
import { describe, expect, it } from 'vitest';
import { deletedMessage, deleteQuestion, SAVED_MESSAGE, savedLink, savedMessage } from './messages';

describe('what a save says (issue 30)', () => {
  it('says a record was published or scheduled, and nothing more for a plain save', () => {
    expect(savedMessage(NEWS, { status: 'draft' }, { status: 'published' })).toBe('Noticia publicada.');
    expect(savedMessage(PAGES, undefined, { status: 'published' })).toBe('Página publicada.');
    expect(savedMessage(TESTS, { status: 'draft' }, { status: 'published' })).toBe('Test publicado.');
    const at = new Date(2026, 11, 1, 9, 0).toISOString();
    expect(savedMessage(NEWS, { status: 'draft' }, { status: 'scheduled', published_at: at })).toBe(
      'Noticia programada para el 01/12/2026 09:00.',
    );
    expect(savedMessage(NEWS, { status: 'published' }, { status: 'published' })).toBe(SAVED_MESSAGE);
    expect(savedMessage(NEWS, { status: 'published' }, { status: 'draft' })).toBe(SAVED_MESSAGE);
    expect(savedMessage(NEWS, undefined, {})).toBe(SAVED_MESSAGE);
  });

  it('says when the save took an item out of review, and nothing more when it stayed there (docs/review.md)', () => {
    expect(savedMessage(NEWS, { status: 'review' }, { status: 'draft' })).toBe(
      'Noticia guardada. Ha vuelto a borrador: cuando esté lista, envíela de nuevo a revisión.',
    );
    expect(savedMessage(NEWS, { status: 'review' }, { status: 'review' })).toBe(SAVED_MESSAGE);
    expect(savedMessage(PAGES, { status: 'review' }, { status: 'published' })).toBe('Página publicada.');
  });
});

describe('the link a save offers (issue 30)', () => {
  it('is the website address the server gave the record, when it has one', () => {
    expect(savedLink({ status: 'published', public_url: 'https://www.example.org/noticias/pleno' })).toEqual({
      href: 'https://www.example.org/noticias/pleno',
      label: 'Ver en la web',
    });
    expect(savedLink({ status: 'draft', public_url: null })).toBeUndefined();
    expect(savedLink({ status: 'published' })).toBeUndefined();
  });
});

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
