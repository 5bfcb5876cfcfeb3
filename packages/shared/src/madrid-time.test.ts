import { describe, expect, it } from 'vitest';
import {
  currentMinuteUtc,
  formatIsoDate,
  localDateToWallClock,
  madridIsoString,
  madridMinuteText,
  madridToday,
  madridWallClockToUtc,
  parseIsoDate,
  utcToMadridWallClock,
  wallClockToLocalDate,
} from './madrid-time';

// docs/areas.md#rules-shared-by-the-content-areas: the person reads and picks Madrid's wall clock; the API stores UTC. These tests
// do not depend on the time zone of the machine that runs them.

const at = (year: number, month: number, day: number, hour: number, minute: number) => ({
  year,
  month,
  day,
  hour,
  minute,
});

describe('madridWallClockToUtc', () => {
  it('takes one hour off in winter and two in summer', () => {
    expect(madridWallClockToUtc(at(2026, 11, 23, 18, 55))).toBe('2026-11-23T17:55:00.000Z');
    expect(madridWallClockToUtc(at(2026, 7, 1, 12, 0))).toBe('2026-07-01T10:00:00.000Z');
    expect(madridWallClockToUtc(at(2026, 1, 1, 0, 0))).toBe('2025-12-31T23:00:00.000Z');
  });

  it('follows the change to summer time on 2026-03-29 (02:00 → 03:00)', () => {
    expect(madridWallClockToUtc(at(2026, 3, 28, 12, 0))).toBe('2026-03-28T11:00:00.000Z');
    expect(madridWallClockToUtc(at(2026, 3, 29, 1, 59))).toBe('2026-03-29T00:59:00.000Z');
    expect(madridWallClockToUtc(at(2026, 3, 29, 3, 0))).toBe('2026-03-29T01:00:00.000Z');
    expect(madridWallClockToUtc(at(2026, 3, 29, 12, 0))).toBe('2026-03-29T10:00:00.000Z');
  });

  it('reads a time the clocks skip (02:30 on 2026-03-29) as the same time in summer an hour later', () => {
    const instant = madridWallClockToUtc(at(2026, 3, 29, 2, 30));
    expect(instant).toBe('2026-03-29T01:30:00.000Z');
    expect(utcToMadridWallClock(instant)).toMatchObject({ hour: 3, minute: 30 });
  });

  it('follows the change to winter time on 2026-10-25 (03:00 → 02:00)', () => {
    expect(madridWallClockToUtc(at(2026, 10, 25, 1, 59))).toBe('2026-10-24T23:59:00.000Z');
    expect(madridWallClockToUtc(at(2026, 10, 25, 3, 0))).toBe('2026-10-25T02:00:00.000Z');
    expect(madridWallClockToUtc(at(2026, 10, 26, 12, 0))).toBe('2026-10-26T11:00:00.000Z');
  });

  it('takes the first of a time that happens twice (02:30 on 2026-10-25, still summer time)', () => {
    expect(madridWallClockToUtc(at(2026, 10, 25, 2, 30))).toBe('2026-10-25T00:30:00.000Z');
  });

  it('refuses dates and times that do not exist on any calendar', () => {
    expect(() => madridWallClockToUtc(at(2026, 2, 29, 10, 0))).toThrow(RangeError);
    expect(() => madridWallClockToUtc(at(2026, 13, 1, 10, 0))).toThrow(RangeError);
    expect(() => madridWallClockToUtc(at(2026, 4, 31, 10, 0))).toThrow(RangeError);
    expect(() => madridWallClockToUtc(at(2026, 1, 1, 24, 0))).toThrow(RangeError);
    expect(madridWallClockToUtc(at(2028, 2, 29, 10, 0))).toBe('2028-02-29T09:00:00.000Z');
  });
});

describe('utcToMadridWallClock', () => {
  it('shows the instant on Madrid’s clocks', () => {
    expect(utcToMadridWallClock('2026-11-23T17:55:00.000Z')).toEqual({
      year: 2026,
      month: 11,
      day: 23,
      hour: 18,
      minute: 55,
      second: 0,
    });
    expect(utcToMadridWallClock('2026-07-01T10:00:00Z')).toMatchObject({ hour: 12, minute: 0 });
  });

  it('prints midnight as hour 0 of the next day', () => {
    expect(utcToMadridWallClock('2025-12-31T23:30:00.000Z')).toMatchObject({
      year: 2026,
      month: 1,
      day: 1,
      hour: 0,
      minute: 30,
    });
  });

  it('shows both instants of the repeated hour on 2026-10-25 as 02:30', () => {
    expect(utcToMadridWallClock('2026-10-25T00:30:00.000Z')).toMatchObject({ day: 25, hour: 2, minute: 30 });
    expect(utcToMadridWallClock('2026-10-25T01:30:00.000Z')).toMatchObject({ day: 25, hour: 2, minute: 30 });
  });

  it('gives null for anything that is not an instant', () => {
    expect(utcToMadridWallClock(null)).toBeNull();
    expect(utcToMadridWallClock('')).toBeNull();
    expect(utcToMadridWallClock('mañana')).toBeNull();
  });

  it('comes back to the same instant, every quarter of an hour around both changes of 2026', () => {
    for (const start of ['2026-03-28T00:00:00.000Z', '2026-10-24T00:00:00.000Z']) {
      for (let step = 0; step < 3 * 96; step++) {
        const instant = new Date(Date.parse(start) + step * 15 * 60_000).toISOString();
        const back = madridWallClockToUtc(utcToMadridWallClock(instant)!);
        // The second 02:xx of 2026-10-25 reads as the first: an hour earlier.
        const repeated = instant >= '2026-10-25T01:00' && instant < '2026-10-25T02:00';
        expect(back).toBe(repeated ? new Date(Date.parse(instant) - 3_600_000).toISOString() : instant);
      }
    }
  });
});

describe('dates without time', () => {
  it('reads and writes YYYY-MM-DD', () => {
    expect(parseIsoDate('2026-11-23')).toEqual({ year: 2026, month: 11, day: 23 });
    expect(parseIsoDate('2024-02-29')).toEqual({ year: 2024, month: 2, day: 29 });
    expect(parseIsoDate('2026-02-30')).toBeNull();
    expect(parseIsoDate('23/11/2026')).toBeNull();
    expect(parseIsoDate(null)).toBeNull();
    expect(formatIsoDate({ year: 2026, month: 3, day: 9 })).toBe('2026-03-09');
  });

  it('knows today in Madrid, which near midnight is not today in UTC', () => {
    expect(madridToday(Date.parse('2026-11-23T23:30:00.000Z'))).toBe('2026-11-24');
    expect(madridToday(Date.parse('2026-07-01T21:59:00.000Z'))).toBe('2026-07-01');
    expect(madridToday(Date.parse('2026-07-01T22:00:00.000Z'))).toBe('2026-07-02');
  });
});

describe('the picker’s local Date', () => {
  it('shows the wall clock’s digits and gives them back', () => {
    const date = wallClockToLocalDate(at(2026, 11, 23, 18, 55));
    expect([date.getFullYear(), date.getMonth(), date.getDate(), date.getHours(), date.getMinutes()]).toEqual(
      [2026, 10, 23, 18, 55],
    );
    expect(localDateToWallClock(date)).toEqual(at(2026, 11, 23, 18, 55));
  });

  it('drops the seconds, which the picker does not show', () => {
    expect(localDateToWallClock(new Date(2026, 0, 5, 9, 7, 42))).toEqual(at(2026, 1, 5, 9, 7));
  });
});

describe('helpers', () => {
  it('gives now to the minute, in UTC', () => {
    expect(currentMinuteUtc(Date.parse('2026-11-23T17:55:42.123Z'))).toBe('2026-11-23T17:55:00.000Z');
  });
});

describe('what the API writes on Madrid’s clock', () => {
  it('an export’s date: the wall clock with its offset, winter and summer', () => {
    expect(madridIsoString(new Date('2026-11-24T17:55:00.000Z'))).toBe('2026-11-24T18:55:00+01:00');
    expect(madridIsoString(new Date('2026-07-01T21:59:59.900Z'))).toBe('2026-07-01T23:59:59+02:00');
    // The repeated hour of 2026-10-25 reads 02:30 twice, told apart by the offset.
    expect(madridIsoString(new Date('2026-10-25T00:30:00.000Z'))).toBe('2026-10-25T02:30:00+02:00');
    expect(madridIsoString(new Date('2026-10-25T01:30:00.000Z'))).toBe('2026-10-25T02:30:00+01:00');
  });

  it('a mail’s date, to the minute, as Spanish readers write it', () => {
    expect(madridMinuteText(new Date('2026-11-23T23:30:00.000Z'))).toBe('24/11/2026, 00:30');
    expect(madridMinuteText(new Date('2026-03-29T01:05:00.000Z'))).toBe('29/03/2026, 03:05');
  });
});
