import { madridWallClockToUtc } from '@gestor/shared';
import { describe, expect, it } from 'vitest';
import {
  formatSpanishDate,
  isUnreadableDate,
  parseSpanishDate,
  spanishDateFormat,
  spanishDayLabel,
  unreadableDateMessage,
} from './spanish-date';

// docs/architecture.md#the-spa: dates are typed and shown day first, and a text that is not a date is never taken
// for one.

describe('parseSpanishDate', () => {
  it('reads the day first', () => {
    expect(parseSpanishDate('25/12/2026 10:00', true)).toEqual({
      year: 2026,
      month: 12,
      day: 25,
      hour: 10,
      minute: 0,
    });
    // The case issue 16 found read as 3 December.
    expect(parseSpanishDate('12/03/2026', false)).toMatchObject({ year: 2026, month: 3, day: 12 });
  });

  it('takes one-digit days, months and hours, and the usual separators', () => {
    const firstOfMarch = { year: 2026, month: 3, day: 1, hour: 9, minute: 30 };
    for (const text of [
      '1/3/2026 9:30',
      '01/03/2026 09:30',
      '1/3/2026 9.30',
      '1-3-2026 9:30',
      '1.3.2026 9.30 h',
      '  1/3/2026, 9:30 ',
    ]) {
      expect(parseSpanishDate(text, true), text).toEqual(firstOfMarch);
    }
    expect(parseSpanishDate('1/3/2026', false)).toEqual({ year: 2026, month: 3, day: 1, hour: 0, minute: 0 });
  });

  it('refuses days and times that do not exist', () => {
    expect(parseSpanishDate('31/02/2026 10:00', true)).toBeNull();
    expect(parseSpanishDate('29/02/2026', false)).toBeNull();
    expect(parseSpanishDate('29/02/2028', false)).toMatchObject({ month: 2, day: 29 });
    expect(parseSpanishDate('12/13/2026', false)).toBeNull();
    expect(parseSpanishDate('00/01/2026', false)).toBeNull();
    expect(parseSpanishDate('25/12/2026 24:00', true)).toBeNull();
    expect(parseSpanishDate('25/12/2026 10:60', true)).toBeNull();
  });

  it('reads a two-digit year as 20yy (issue 30), in a date alone once the person has left the field', () => {
    // While typing `31/12/2027`, `31/12/20` is no date yet: taking it would rewrite the field to 2020.
    expect(parseSpanishDate('31/12/20', false)).toBeNull();
    expect(parseSpanishDate('25/12/26', false, { finished: true })).toEqual({
      year: 2026,
      month: 12,
      day: 25,
      hour: 0,
      minute: 0,
    });
    expect(parseSpanishDate('1/3/27 9.30', true)).toEqual({
      year: 2027,
      month: 3,
      day: 1,
      hour: 9,
      minute: 30,
    });
    expect(parseSpanishDate('29/02/27', false, { finished: true })).toBeNull();
    expect(parseSpanishDate('25/12/026', false, { finished: true })).toBeNull();
  });

  it('refuses what is not a whole date, so nothing half-typed becomes one', () => {
    for (const text of [
      '',
      'abc',
      '25/12',
      '25/12/26',
      '25/12/202',
      '25/12/2026 1',
      '25/12/2026 10',
      '25/12/2026 10:0',
      '25/12/2026 10:00 PM',
      '2026-12-25 10:00',
      '25/12/2026 10:00x',
    ]) {
      expect(parseSpanishDate(text, true), text).toBeNull();
    }
    // A date-time control needs the time: the date alone is not midnight.
    expect(parseSpanishDate('25/12/2026', true)).toBeNull();
    // A date control takes no time.
    expect(parseSpanishDate('25/12/2026 10:00', false)).toBeNull();
  });

  it('lands on the day typed in Madrid, whatever the season', () => {
    expect(madridWallClockToUtc(parseSpanishDate('25/12/2026 10:00', true)!)).toBe(
      '2026-12-25T09:00:00.000Z',
    );
    expect(madridWallClockToUtc(parseSpanishDate('1/7/2026 10.00', true)!)).toBe('2026-07-01T08:00:00.000Z');
  });
});

describe('formatSpanishDate', () => {
  it('writes two-digit days, months, hours and minutes', () => {
    const clock = { year: 2026, month: 3, day: 1, hour: 9, minute: 5 };
    expect(formatSpanishDate(clock, true)).toBe('01/03/2026 09:05');
    expect(formatSpanishDate(clock, false)).toBe('01/03/2026');
  });

  it('reads back what it writes', () => {
    const clock = { year: 2027, month: 12, day: 31, hour: 23, minute: 59 };
    expect(parseSpanishDate(formatSpanishDate(clock, true), true)).toEqual(clock);
  });
});

describe('texts', () => {
  it('names a day as it is read out', () => {
    expect(spanishDayLabel({ year: 2026, month: 12, day: 25 })).toBe('viernes, 25 de diciembre de 2026');
    expect(spanishDayLabel({ year: 2026, month: 1, day: 11 })).toBe('domingo, 11 de enero de 2026');
    expect(spanishDayLabel({ year: 2028, month: 2, day: 29 })).toBe('martes, 29 de febrero de 2028');
  });

  it('shows the format and says how to write a date', () => {
    expect(spanishDateFormat(true)).toBe('dd/mm/aaaa hh:mm');
    expect(spanishDateFormat(false)).toBe('dd/mm/aaaa');
    expect(unreadableDateMessage(true)).toBe(
      'Escriba la fecha como dd/mm/aaaa hh:mm, por ejemplo 25/12/2026 10:00.',
    );
    expect(unreadableDateMessage(false)).toBe('Escriba la fecha como dd/mm/aaaa, por ejemplo 25/12/2026.');
  });

  it('tells an unreadable text from a value', () => {
    expect(isUnreadableDate({ unreadable: 'abc' })).toBe(true);
    expect(isUnreadableDate('2026-12-25T09:00:00.000Z')).toBe(false);
    expect(isUnreadableDate(null)).toBe(false);
  });
});
