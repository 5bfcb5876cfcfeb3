import type { TestResponseListItem } from '@gestor/shared';
import { EMPTY_VALUE } from '../../components/resource/format';

// How a test's answers print their numbers, the Spanish way (a decimal comma, «12,5 %», the minus
// sign «−0,42»): the responses' scores and times, and the results' figures. Pure, unit-tested.

const decimals = (digits: number) =>
  new Intl.NumberFormat('es-ES', { maximumFractionDigits: digits, minimumFractionDigits: 0 });
const ONE_DECIMAL = decimals(1);
const TWO_DECIMALS = decimals(2);
const WHOLE = new Intl.NumberFormat('es-ES', { maximumFractionDigits: 0 });

/** A true minus sign (U+2212) reads better than a hyphen before a number. */
const withMinus = (text: string) => text.replace(/^-/, '−');

/** `12,5 %` (0–100, one decimal at most); a dash when there is no such figure. */
export function formatPercent(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return EMPTY_VALUE;
  return `${withMinus(ONE_DECIMAL.format(value))} %`;
}

/** `−0,42` (two decimals at most): a figure without a unit (skewness, kurtosis). */
export function formatDecimal(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return EMPTY_VALUE;
  return withMinus(TWO_DECIMALS.format(value));
}

/** `1.250` with Spanish grouping; counts of responses and options. */
export function formatCount(value: number): string {
  return WHOLE.format(value);
}

/** A number of points, whole or with its decimals (`2,5`). */
export const formatPoints = (value: number) => withMinus(TWO_DECIMALS.format(value));

/** `12 min 5 s`, `1 h 3 min`, `45 s`: the time a person took, or a dash when it is not kept. */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds < 0)
    return EMPTY_VALUE;
  const whole = Math.round(seconds);
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const rest = whole % 60;
  if (hours) return minutes ? `${hours} h ${minutes} min` : `${hours} h`;
  if (minutes) return rest ? `${minutes} min ${rest} s` : `${minutes} min`;
  return `${rest} s`;
}

const DAY = new Intl.DateTimeFormat('es-ES', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  timeZone: 'UTC',
});

/**
 * `05/11/2026`: the day alone of an anonymous test's submission, which the API keeps as that day's
 * midnight UTC (read in the browser's zone it could be the day before).
 */
export function formatDay(iso: string | null | undefined): string {
  if (!iso) return EMPTY_VALUE;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? EMPTY_VALUE : DAY.format(date);
}

/** «Pendiente de corregir (2)»: text answers still waiting for a grader. */
export const pendingLabel = (pending: number) => `Pendiente de corregir (${pending})`;

/** What a response scored: `7 / 10 (70 %)`; with answers still to grade, the points so far and what waits. */
export function scoreSummary(response: {
  score: number | null;
  max_score: number | null;
  percent: number | null;
  pending_grades: number;
}): string {
  const { score, max_score: max, percent, pending_grades: pending } = response;
  if (score === null || max === null) return pending ? pendingLabel(pending) : EMPTY_VALUE;
  const points = `${formatPoints(score)} / ${formatPoints(max)}`;
  if (pending) return `${points} · ${pendingLabel(pending)}`;
  return percent === null ? points : `${points} (${formatPercent(percent)})`;
}

/** Whether it passed, in words (never a colour alone); nothing while it is not known. */
export function passedLabel(passed: boolean | null): string | null {
  if (passed === null) return null;
  return passed ? 'Aprobado' : 'No aprobado';
}

/** Who answered, as far as the test keeps it. */
export function personOf(
  response: Pick<TestResponseListItem, 'email' | 'anonymised' | 'with_code' | 'attempt_number'>,
): string {
  const who =
    response.email ??
    (response.anonymised ? 'Datos anonimizados' : response.with_code ? 'Con código' : 'Sin identificar');
  return response.attempt_number > 1 ? `${who} (intento ${response.attempt_number})` : who;
}
