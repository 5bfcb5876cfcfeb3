import { madridOffset } from '@gestor/shared';
import { z } from 'zod';

// docs/areas.md#rules-shared-by-the-content-areas: people's days are Madrid's. Lists filtered by
// day (the activity log, a test's responses) read `YYYY-MM-DD` and turn it into the instant it begins.

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A list filter of a calendar day `YYYY-MM-DD` that exists (no 31 February). */
export const dayFilter = (name: string) =>
  z.string().refine(
    (value) => {
      const match = DAY.exec(value);
      if (!match) return false;
      const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
      return date.toISOString().slice(0, 10) === value;
    },
    { error: `El filtro ${name} debe ser una fecha válida con el formato AAAA-MM-DD.` },
  );

/**
 * The instant a Madrid day begins (docs/areas.md#rules-shared-by-the-content-areas: people's days are Madrid's). Midnight is never
 * inside a change of clocks there (they change at 2:00 and 3:00), so one correction suffices.
 */
export function madridDayStart(day: string, addDays = 0): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(year, month - 1, date + addDays);
  return new Date(wall - madridOffset(wall - madridOffset(wall)));
}
