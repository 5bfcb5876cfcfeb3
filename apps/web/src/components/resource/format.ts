// How the management screens print values: dates as dd/mm/yyyy HH:mm in the browser's time zone
// (the API sends ISO 8601 in UTC, docs/http-api.md), missing values as a dash.

export const EMPTY_VALUE = '—';

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

const pad = (n: number) => String(n).padStart(2, '0');

/** `28/11/2026 01:20`, or `28/11/2026 01:20:05` with `seconds` (to tell apart two of one minute). */
export function formatDateTime(iso: string | null | undefined, { seconds = false } = {}): string {
  if (!iso) return EMPTY_VALUE;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return EMPTY_VALUE;
  const time = `${pad(date.getHours())}:${pad(date.getMinutes())}${seconds ? `:${pad(date.getSeconds())}` : ''}`;
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()} ${time}`;
}

const CALENDAR_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar day (`YYYY-MM-DD`, no time nor zone: «Revisar antes de») as `15/03/2027`. */
export function formatCalendarDay(day: string | null | undefined): string {
  const parts = day ? CALENDAR_DAY.exec(day) : null;
  return parts ? `${parts[3]}/${parts[2]}/${parts[1]}` : EMPTY_VALUE;
}

export function formatBoolean(value: boolean): string {
  return value ? 'Sí' : 'No';
}

/** A value from an audit entry (`changes.field.from/to`): lists joined, booleans and nulls in Spanish. */
export function formatAuditValue(value: unknown, item: (value: string) => string = String): string {
  if (value === null || value === undefined || value === '') return EMPTY_VALUE;
  if (typeof value === 'boolean') return formatBoolean(value);
  if (Array.isArray(value)) return value.length ? value.map((v) => item(String(v))).join(', ') : EMPTY_VALUE;
  if (typeof value === 'object') return JSON.stringify(value);
  if (typeof value === 'string' && ISO_DATE_TIME.test(value)) return formatDateTime(value);
  // Rich text reads as its words (the first ones): the markup says nothing to the person.
  if (typeof value === 'string' && /<[a-z][^>]*>/i.test(value)) {
    const text = value
      .replace(/<[^>]*>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
    if (!text) return EMPTY_VALUE;
    return text.length > AUDIT_TEXT_MAX ? `${text.slice(0, AUDIT_TEXT_MAX)}…` : text;
  }
  // Machine values (a status) read as their Spanish label when the area gives one.
  return item(String(value));
}

const AUDIT_TEXT_MAX = 120;

/** A list that changed (a role's permissions, a user's roles): what was added and what was taken away. */
export function listChange(from: unknown, to: unknown): { added: string[]; removed: string[] } | null {
  if (!Array.isArray(from) && !Array.isArray(to)) return null;
  const before = (Array.isArray(from) ? from : []).map(String);
  const after = (Array.isArray(to) ? to : []).map(String);
  return {
    added: after.filter((item) => !before.includes(item)),
    removed: before.filter((item) => !after.includes(item)),
  };
}
