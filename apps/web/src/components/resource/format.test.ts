import { describe, expect, it } from 'vitest';
import { formatAuditValue, formatCalendarDay, formatDateTime, listChange } from './format';

describe('formatDateTime', () => {
  it('prints dd/mm/yyyy HH:mm in local time', () => {
    const local = new Date(2024, 0, 5, 9, 7);
    expect(formatDateTime(local.toISOString())).toBe('05/01/2024 09:07');
  });

  it('prints a dash when there is no date', () => {
    expect(formatDateTime(null)).toBe('—');
    expect(formatDateTime('no es una fecha')).toBe('—');
  });
});

describe('formatCalendarDay', () => {
  it('prints a day as dd/mm/yyyy, whatever the time zone, and a dash for none', () => {
    expect(formatCalendarDay('2027-03-15')).toBe('15/03/2027');
    expect(formatCalendarDay(null)).toBe('—');
    expect(formatCalendarDay('2027-03-15T10:00:00.000Z')).toBe('—');
  });
});

describe('formatAuditValue', () => {
  it('reads rich text as its first words and machine values through the area labels', () => {
    expect(formatAuditValue('<p>Hola <strong>mundo</strong></p>')).toBe('Hola mundo');
    expect(formatAuditValue(`<p>${'palabra '.repeat(40)}</p>`)).toMatch(/…$/);
    expect(formatAuditValue('<p></p>')).toBe('—');
    expect(formatAuditValue('scheduled', (item) => (item === 'scheduled' ? 'Programada' : item))).toBe(
      'Programada',
    );
  });

  it('prints lists, booleans and empty values in Spanish', () => {
    expect(formatAuditValue(['editor', 'lector'])).toBe('editor, lector');
    expect(formatAuditValue([])).toBe('—');
    expect(formatAuditValue(['a', 'b'], (item) => item.toUpperCase())).toBe('A, B');
    expect(formatAuditValue(true)).toBe('Sí');
    expect(formatAuditValue(false)).toBe('No');
    expect(formatAuditValue(null)).toBe('—');
    expect(formatAuditValue('[oculto]')).toBe('[oculto]');
    expect(formatAuditValue(new Date(2024, 11, 31, 23, 59).toISOString())).toBe('31/12/2024 23:59');
  });
});

describe('listChange', () => {
  it('says what a list gained and lost', () => {
    expect(listChange(['news.view', 'page.view'], ['news.view', 'news.create'])).toEqual({
      added: ['news.create'],
      removed: ['page.view'],
    });
    expect(listChange(null, ['editor'])).toEqual({ added: ['editor'], removed: [] });
    expect(listChange('Ana', 'Ana María')).toBeNull();
  });
});
