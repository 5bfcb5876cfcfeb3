import { localeOptions } from 'primereact/api';
import { describe, expect, it } from 'vitest';
import { aria, spanish } from './primereact-locale';

// DESIGN.md §5: every string PrimeReact may show or announce is Spanish.

describe('PrimeReact’s Spanish locale', () => {
  const english = localeOptions('en') as unknown as Record<string, unknown> & {
    aria: Record<string, string>;
  };

  it('has every key PrimeReact’s English locale has', () => {
    const missing = Object.keys(english).filter((key) => !(key in spanish));
    expect(missing).toEqual([]);
  });

  it('has every ARIA label PrimeReact’s English locale has, none left in English', () => {
    const missing = Object.keys(english.aria).filter((key) => !(key in aria));
    expect(missing).toEqual([]);
    // '{slideNumber}' is a placeholder, the same in every language.
    const untranslated = Object.entries(aria).filter(
      ([key, value]) => value === english.aria[key] && key !== 'slideNumber',
    );
    expect(untranslated).toEqual([]);
  });

  it('names a row checkbox by the action a click takes (PrimeReact adds the row’s name)', () => {
    // PrimeReact uses selectRow for a row that is not selected, unselectRow for one that is.
    expect(aria.selectRow).toBe('Seleccionar');
    expect(aria.unselectRow).toBe('Quitar de la selección');
  });
});
