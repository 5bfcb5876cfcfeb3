// docs/areas.md#rules-shared-by-the-content-areas: people see and pick dates and times as the wall clock in Europe/Madrid whatever
// their browser's time zone, while the API stores instants in UTC. The one Madrid clock of Gestor:
// these pure functions translate between the two for the SPA's date pickers (date-controls.tsx maps
// PrimeReact's local Date to and from the wall-clock parts) and for the API's exports and mails.

export const MADRID_TIME_ZONE = 'Europe/Madrid';

/** Two ISO instants, or two nulls, that name the same moment (`…:00Z` and `…:00.000+00:00` alike). */
export const sameInstant = (a: string | null, b: string | null) =>
  a === null || b === null ? a === b : Date.parse(a) === Date.parse(b);

/** A calendar date: month 1–12. */
export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

/** A date and a time as read on a clock (no time zone of its own). */
export interface WallClock extends CalendarDate {
  hour: number;
  minute: number;
  second?: number;
}

const MINUTE = 60_000;
const DAY = 86_400_000;

// h23: some engines print midnight as "24" with hour12: false.
const madridFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: MADRID_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

/** What Madrid's clocks show at an instant (epoch milliseconds), to the second. */
export function madridParts(epochMs: number): Required<WallClock> {
  const parts: Record<string, number> = {};
  for (const part of madridFormat.formatToParts(new Date(epochMs))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? Number.NaN,
    month: parts.month ?? Number.NaN,
    day: parts.day ?? Number.NaN,
    hour: parts.hour ?? Number.NaN,
    minute: parts.minute ?? Number.NaN,
    second: parts.second ?? Number.NaN,
  };
}

/** The wall clock read as if it were UTC, in milliseconds (years 0–99 stay as they are). */
function wallClockAsUtc({ year, month, day, hour, minute, second = 0 }: WallClock): number {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute, second, 0);
  return date.getTime();
}

/** Madrid's offset from UTC at an instant, in milliseconds (+1 h in winter, +2 h in summer). */
export function madridOffset(epochMs: number): number {
  const whole = Math.floor(epochMs / 1000) * 1000;
  return wallClockAsUtc(madridParts(whole)) - whole;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** A date and time that exist on the calendar and the clock (`2026-02-29` and `24:00` do not). */
export function isValidWallClock({ year, month, day, hour, minute, second = 0 }: WallClock): boolean {
  if (![year, month, day, hour, minute, second].every(Number.isInteger)) return false;
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return false;
  return hour >= 0 && hour <= 23 && minute >= 0 && minute <= 59 && second >= 0 && second <= 59;
}

/**
 * The UTC instant (ISO 8601, `2026-11-23T17:55:00.000Z`) at which Madrid's clocks show `parts`.
 * Around the changes of time it behaves like Temporal's "compatible" choice: a time that happens twice
 * (2026-10-25 02:30) is the first one, still in summer time; a time that never happens because the
 * clocks jump forward (2026-03-29 02:30) is read with the winter offset, which lands an hour later
 * (03:30 summer time).
 */
export function madridWallClockToUtc(parts: WallClock): string {
  if (!isValidWallClock(parts)) throw new RangeError('Fecha u hora no válida.');
  const asUtc = wallClockAsUtc(parts);
  // Madrid changes its offset at most once in any two days: the offsets a day either side are the
  // only candidates.
  const before = madridOffset(asUtc - DAY);
  const after = madridOffset(asUtc + DAY);
  const matching = [...new Set([before, after])]
    .map((offset) => asUtc - offset)
    .filter((instant) => madridOffset(instant) === asUtc - instant);
  const instant = matching.length > 0 ? Math.min(...matching) : asUtc - before;
  return new Date(instant).toISOString();
}

/** What Madrid's clocks showed at an instant; null for anything that is not a date. */
export function utcToMadridWallClock(iso: string | null | undefined): Required<WallClock> | null {
  if (!iso) return null;
  const epochMs = Date.parse(iso);
  if (Number.isNaN(epochMs)) return null;
  return madridParts(epochMs);
}

/** Now, to the minute, as the UTC instant the API expects. */
export function currentMinuteUtc(now: number = Date.now()): string {
  return new Date(Math.floor(now / MINUTE) * MINUTE).toISOString();
}

const pad = (value: number, length = 2) => String(value).padStart(length, '0');

/** `YYYY-MM-DD`, the form value of a date without time. */
export function formatIsoDate({ year, month, day }: CalendarDate): string {
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/** The parts of a `YYYY-MM-DD` date, or null when it is not one (`2026-02-30` is not). */
export function parseIsoDate(value: string | null | undefined): CalendarDate | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value ?? '');
  if (!match) return null;
  const parts = { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
  return isValidWallClock({ ...parts, hour: 0, minute: 0 }) ? parts : null;
}

/** Today's date in Madrid (`YYYY-MM-DD`), which near midnight may not be the browser's. */
export function madridToday(now: number = Date.now()): string {
  return formatIsoDate(madridParts(now));
}

/**
 * PrimeReact's Calendar works with the browser's local Date: a wall clock is shown by building the
 * local Date with the same digits. (Where the browser's own clocks skip that hour, the browser moves
 * it forward; Madrid's changes of time fall on the same Sundays as the rest of the EU's.)
 */
export function wallClockToLocalDate({ year, month, day, hour, minute }: WallClock): Date {
  const date = new Date(year, month - 1, day, hour, minute, 0, 0);
  // Years 0–99 would otherwise be read as 1900–1999.
  date.setFullYear(year, month - 1, day);
  return date;
}

/** The digits a local Date shows, minutes included, seconds left out (the pickers do not show them). */
export function localDateToWallClock(date: Date): WallClock {
  return {
    year: date.getFullYear(),
    month: date.getMonth() + 1,
    day: date.getDate(),
    hour: date.getHours(),
    minute: date.getMinutes(),
  };
}

/** An instant as Madrid's clocks show it, with its offset (ISO 8601): 2026-11-24T18:55:00+01:00. */
export function madridIsoString(instant: Date): string {
  const epochMs = instant.getTime();
  const { year, month, day, hour, minute, second } = madridParts(epochMs);
  const offset = Math.round(madridOffset(epochMs) / MINUTE);
  const sign = offset < 0 ? '-' : '+';
  const zone = `${sign}${pad(Math.floor(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`;
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}T${pad(hour)}:${pad(minute)}:${pad(second)}${zone}`;
}

/** An instant's day and minute as a Spanish reader writes them, on Madrid's clock: 23/11/2026 and 18:55. */
export function madridDateAndTime(instant: Date): { date: string; time: string } {
  const { year, month, day, hour, minute } = madridParts(instant.getTime());
  return { date: `${pad(day)}/${pad(month)}/${pad(year, 4)}`, time: `${pad(hour)}:${pad(minute)}` };
}

/** An instant to the minute as a Spanish reader writes it, on Madrid's clock: 23/11/2026, 18:55. */
export function madridMinuteText(instant: Date): string {
  const { date, time } = madridDateAndTime(instant);
  return `${date}, ${time}`;
}
