import { madridWallClockToUtc, parseIsoDate } from '@gestor/shared';

/**
 * A token's last day (`YYYY-MM-DD`, typed dd/mm/aaaa) → what the API takes: the end of that day on
 * Madrid's clock, ISO 8601, so the token works the whole day (decision 037). No day: no expiry.
 */
export function expiryOf(day: string | null): string | undefined {
  const date = parseIsoDate(day);
  return date ? madridWallClockToUtc({ ...date, hour: 23, minute: 59, second: 59 }) : undefined;
}
