import { type CalendarDate, isValidWallClock, type WallClock } from '@gestor/shared';

// docs/architecture.md#the-spa, a deliberate deviation from docs/architecture.md#the-spa: the library's global defaults stay
// `mm/dd/yy` and Sunday first, but every date control Gestor renders reads and writes dates the way a
// Spanish office does, `25/12/2026 10:00`, with weeks from Monday. "12/03/2026" is 12 March, never
// 3 December, and a text that is not a date is said to be one, never emptied (issue 16).

export const DAY_NAMES = ['domingo', 'lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado'];
/** The calendar's column headings, as Spanish calendars print them. */
export const DAY_NAMES_MIN = ['do', 'lu', 'ma', 'mi', 'ju', 'vi', 'sá'];
export const MONTH_NAMES = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
];

/**
 * The name of the PrimeReact locale the date controls use (registered with the global one in
 * app/primereact-locale.ts): the Spanish strings with DATE_CONTROL_LOCALE_OPTIONS on top.
 */
export const DATE_CONTROL_LOCALE = 'es-fechas';
export const DATE_CONTROL_LOCALE_OPTIONS = { dateFormat: 'dd/mm/yy', firstDayOfWeek: 1 } as const;

/** The format as a person reads it in a placeholder and in messages. */
export function spanishDateFormat(withTime: boolean): string {
  return withTime ? 'dd/mm/aaaa hh:mm' : 'dd/mm/aaaa';
}

/** The message under a date control whose text is not a date it can read. */
export function unreadableDateMessage(withTime: boolean): string {
  const example = withTime ? '25/12/2026 10:00' : '25/12/2026';
  return `Escriba la fecha como ${spanishDateFormat(withTime)}, por ejemplo ${example}.`;
}

// Day and month of one or two digits, a year of four digits or of two (issue 30: `25/12/26` is how
// people write it on paper; in a back office of current dates it is 2026, so 20yy), separated by
// "/", "-" or "."; the time as "10:00", "10.00" or "10.00 h" (how Spanish style guides write it),
// after a space or a comma.
const DATE = String.raw`(\d{1,2})[/.-](\d{1,2})[/.-](\d{4}|\d{2})`;
const CENTURY = 2000;
const TIME = String.raw`(\d{1,2})[:.](\d{2})(?:\s*h)?`;
const DATE_ONLY = new RegExp(`^${DATE}$`);
const DATE_AND_TIME = new RegExp(`^${DATE}(?:\\s*,\\s*|\\s+)${TIME}$`, 'i');

/**
 * The day (and time) a person typed, day first: `25/12/2026 10:00`, `1/3/2026 9.30`. Null when the
 * text is not one, or names a day or time that does not exist (`31/02/2026`, `24:00`); a date-time
 * control needs the time too, so a half-typed text is never taken for midnight. A two-digit year is
 * 20yy; in a date alone only when `finished` (the person left the field), as it may still grow.
 */
export function parseSpanishDate(
  text: string,
  withTime: boolean,
  { finished = false }: { finished?: boolean } = {},
): WallClock | null {
  const match = (withTime ? DATE_AND_TIME : DATE_ONLY).exec(text.trim());
  if (!match) return null;
  const [day, month, year, hour = 0, minute = 0] = match.slice(1).map(Number);
  if (day === undefined || month === undefined || year === undefined) return null;
  const short = match[3]?.length === 2;
  // A date alone ending in two digits may be a year still being typed (`31/12/20` on the way to
  // `31/12/2027`): read as 20yy only once the person has left the field. With a time after it, the
  // year is over.
  if (short && !withTime && !finished) return null;
  const fullYear = short ? CENTURY + year : year;
  const clock = { year: fullYear, month, day, hour, minute };
  return isValidWallClock(clock) ? clock : null;
}

const pad = (value: number, length = 2) => String(value).padStart(length, '0');

/** `25/12/2026`, or `25/12/2026 10:00` with the time: what the control shows. */
export function formatSpanishDate(clock: WallClock, withTime: boolean): string {
  const date = `${pad(clock.day)}/${pad(clock.month)}/${pad(clock.year, 4)}`;
  return withTime ? `${date} ${pad(clock.hour)}:${pad(clock.minute)}` : date;
}

/** How a calendar day is read out: `jueves, 25 de diciembre de 2026`. */
export function spanishDayLabel({ year, month, day }: CalendarDate): string {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return `${DAY_NAMES[date.getUTCDay()]}, ${day} de ${MONTH_NAMES[month - 1]} de ${year}`;
}

/**
 * The form value of a date control holding a text it cannot read: the text, kept so the control
 * still shows it and its field says what is wrong, and never a date the schema could accept.
 */
export interface UnreadableDate {
  readonly unreadable: string;
}

export function isUnreadableDate(value: unknown): value is UnreadableDate {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { unreadable?: unknown }).unreadable === 'string'
  );
}
