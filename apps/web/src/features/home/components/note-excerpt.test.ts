import { describe, expect, it } from 'vitest';
import { noteExcerpt } from './note-excerpt';

describe('a review note on the dashboard', () => {
  it('is shown whole when short, on one line', () => {
    expect(noteExcerpt('Revisa\nlas fechas,  por favor.')).toBe('Revisa las fechas, por favor.');
  });

  it('is cut at a word, with an ellipsis', () => {
    expect(noteExcerpt('Mira el segundo párrafo, que no se entiende bien', 30)).toBe(
      'Mira el segundo párrafo, que…',
    );
    expect(noteExcerpt('a'.repeat(50), 20)).toBe(`${'a'.repeat(20)}…`);
  });
});
