import { madridParts } from '@gestor/shared';

// docs/public-api.md#feeds: the agenda as an iCalendar document (RFC 5545) that calendar apps
// subscribe to. Written by hand, as the RSS feed is: one small fixed shape. Times are Madrid's wall
// clock with the zone described in the document itself (VTIMEZONE), so every app shows the hour the
// organisation announced, and DTSTAMP is UTC.

export interface CalendarEvent {
  /** Stable across refreshes: the app replaces the event it already has. */
  uid: string;
  title: string;
  description: string | null;
  location: string | null;
  url: string | null;
  starts_at: string;
  ends_at: string;
  updated_at: string;
  categories: readonly string[];
}

/** TEXT as RFC 5545 §3.3.11 writes it: backslash, semicolon, comma and line breaks escaped. */
export function calendarText(value: string): string {
  return [...value]
    .filter((character) => {
      // Control characters have no place in a calendar's text (tab and line breaks do).
      const code = character.codePointAt(0) ?? 0;
      return code === 9 || code === 10 || code === 13 || (code >= 32 && code !== 127);
    })
    .join('')
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** A content line folded at 75 octets (§3.1), never inside a UTF-8 character. */
export function foldLine(line: string): string {
  const encoder = new TextEncoder();
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const character of line) {
    const size = encoder.encode(character).length;
    // The first line holds 75 octets; each continuation line starts with a space, so 74 more.
    if (octets + size > (parts.length === 0 ? 75 : 74)) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += character;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

const pad = (value: number, length = 2) => String(value).padStart(length, '0');

/** `20261128T190000`: the instant on Madrid's clock. */
function madridLocal(iso: string): string {
  const { year, month, day, hour, minute, second } = madridParts(Date.parse(iso));
  return `${pad(year, 4)}${pad(month)}${pad(day)}T${pad(hour)}${pad(minute)}${pad(second)}`;
}

/** `20261128T180000Z`: the instant in UTC. */
function utc(iso: string): string {
  return new Date(iso)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** Europe/Madrid since 1996: CET in winter, CEST from the last Sunday of March to the last of October. */
const MADRID_ZONE = [
  'BEGIN:VTIMEZONE',
  'TZID:Europe/Madrid',
  'BEGIN:STANDARD',
  'DTSTART:19961027T030000',
  'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
  'TZOFFSETFROM:+0200',
  'TZOFFSETTO:+0100',
  'TZNAME:CET',
  'END:STANDARD',
  'BEGIN:DAYLIGHT',
  'DTSTART:19960331T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
  'TZOFFSETFROM:+0100',
  'TZOFFSETTO:+0200',
  'TZNAME:CEST',
  'END:DAYLIGHT',
  'END:VTIMEZONE',
];

export function icalendar({ name, events }: { name: string; events: readonly CalendarEvent[] }): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Gestor//Agenda//ES',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${calendarText(name)}`,
    'X-WR-TIMEZONE:Europe/Madrid',
    'REFRESH-INTERVAL;VALUE=DURATION:PT1H',
    ...MADRID_ZONE,
  ];
  for (const event of events) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${calendarText(event.uid)}`,
      `DTSTAMP:${utc(event.updated_at)}`,
      `LAST-MODIFIED:${utc(event.updated_at)}`,
      `DTSTART;TZID=Europe/Madrid:${madridLocal(event.starts_at)}`,
      `SUMMARY:${calendarText(event.title)}`,
    );
    // DTEND must come after DTSTART (§3.6.1): an event of no length has none.
    if (Date.parse(event.ends_at) > Date.parse(event.starts_at)) {
      lines.push(`DTEND;TZID=Europe/Madrid:${madridLocal(event.ends_at)}`);
    }
    if (event.description) lines.push(`DESCRIPTION:${calendarText(event.description)}`);
    if (event.location) lines.push(`LOCATION:${calendarText(event.location)}`);
    if (event.url) lines.push(`URL:${event.url}`);
    if (event.categories.length) lines.push(`CATEGORIES:${event.categories.map(calendarText).join(',')}`);
    lines.push('END:VEVENT');
  }
  lines.push('END:VCALENDAR');
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
