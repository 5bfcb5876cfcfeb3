import { describe, expect, test } from 'vitest';
import { contextAround, foldText, matchRanges, searchTextProblem } from './search';

const marked = (text: string, query: string) =>
  matchRanges(text, query).map(([start, end]) => text.slice(start, end));

describe('global search text (decision 029)', () => {
  test('folds as gestor_fold does, one character for one', () => {
    expect(foldText('Información ÚTIL Ñandú')).toBe('informacion util nandu');
    expect(foldText('Información').length).toBe('Información'.length);
  });

  test('marks the words typed, without accents or capitals, singular or plural', () => {
    expect(marked('Toda la información de las Bibliotecas', 'informacion biblioteca')).toEqual([
      'información',
      'Bibliotecas',
    ]);
    expect(marked('La biblioteca municipal', 'BIBLIOTECAS')).toEqual(['biblioteca']);
    // Only at a word's start, and short words only when nothing else was typed.
    expect(marked('Subiblioteca de la villa', 'biblioteca de')).toEqual([]);
    expect(marked('de la villa', 'de')).toEqual(['de']);
  });

  test('a line around the first match, cut at spaces, with "…" where cut', () => {
    const long = `${'palabra '.repeat(40)}la biblioteca abre ${'otra '.repeat(40)}`;
    const line = contextAround(long, 'biblioteca', 60);
    expect(line).toMatch(/^…palabra .*la biblioteca abre .*…$/);
    expect(line?.length).toBeLessThanOrEqual(62);
    expect(contextAround('Sin nada que ver', 'biblioteca')).toBeNull();
    expect(contextAround('  la   biblioteca  ', 'biblioteca')).toBe('la biblioteca');
  });

  test('two characters at least, after trimming; two hundred at most', () => {
    expect(searchTextProblem(' a ')).toBe('Escriba al menos 2 caracteres para buscar.');
    expect(searchTextProblem('ab')).toBeNull();
    expect(searchTextProblem('x'.repeat(201))).toBe('La búsqueda no puede tener más de 200 caracteres.');
  });
});
