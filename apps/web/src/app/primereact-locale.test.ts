import { localeOption, localeOptions } from 'primereact/api';
import { describe, expect, it } from 'vitest';
import { DATE_CONTROL_LOCALE } from '../components/controls/spanish-date';
import { aria, registerSpanishLocale, spanish } from './primereact-locale';

// docs/architecture.md#the-spa: every string PrimeReact may show or announce is Spanish.

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

describe('the date controls’ locale (docs/architecture.md#the-spa, deviation from docs/architecture.md#the-spa)', () => {
  registerSpanishLocale();

  it('keeps docs/architecture.md#the-spa’s values as the global defaults', () => {
    expect(localeOption('dateFormat', 'es')).toBe('mm/dd/yy');
    expect(localeOption('firstDayOfWeek', 'es')).toBe(0);
  });

  it('is Spanish, day first and from Monday, for every date control', () => {
    expect(localeOption('dateFormat', DATE_CONTROL_LOCALE)).toBe('dd/mm/yy');
    expect(localeOption('firstDayOfWeek', DATE_CONTROL_LOCALE)).toBe(1);
    expect(localeOption('dayNamesMin', DATE_CONTROL_LOCALE)).toEqual([
      'do',
      'lu',
      'ma',
      'mi',
      'ju',
      'vi',
      'sá',
    ]);
    expect(localeOption('monthNames', DATE_CONTROL_LOCALE)).toContain('diciembre');
    // Everything else PrimeReact may show in a calendar is there too, in Spanish.
    expect(localeOption('chooseDate', DATE_CONTROL_LOCALE)).toBe('Elegir fecha');
    expect(localeOption('today', DATE_CONTROL_LOCALE)).toBe('Hoy');
  });
});
