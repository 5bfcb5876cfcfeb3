import { describe, expect, it } from 'vitest';
import {
  formatCount,
  formatDay,
  formatDecimal,
  formatDuration,
  formatPercent,
  passedLabel,
  scoreSummary,
} from './answers-format';

describe('the answers’ numbers, the Spanish way', () => {
  it('prints percentages with a decimal comma and a space before %', () => {
    expect(formatPercent(12.5)).toBe('12,5 %');
    expect(formatPercent(70)).toBe('70 %');
    expect(formatPercent(66.6667)).toBe('66,7 %');
    expect(formatPercent(-12.25)).toBe('−12,3 %');
    expect(formatPercent(null)).toBe('—');
  });

  it('prints figures without a unit with two decimals at most and a true minus', () => {
    expect(formatDecimal(-0.4218)).toBe('−0,42');
    expect(formatDecimal(1)).toBe('1');
    expect(formatDecimal(null)).toBe('—');
    expect(formatCount(12500)).toBe('12.500');
  });

  it('prints an anonymous submission’s day as the API keeps it, whatever the browser’s zone', () => {
    expect(formatDay('2026-11-05T00:00:00.000Z')).toBe('05/11/2026');
    expect(formatDay(null)).toBe('—');
  });

  it('says how long a person took', () => {
    expect(formatDuration(45)).toBe('45 s');
    expect(formatDuration(725)).toBe('12 min 5 s');
    expect(formatDuration(600)).toBe('10 min');
    expect(formatDuration(3780)).toBe('1 h 3 min');
    expect(formatDuration(null)).toBe('—');
  });

  it('sums up a score, with what still waits for a grader', () => {
    const graded = { score: 7, max_score: 10, percent: 70, pending_grades: 0 };
    expect(scoreSummary(graded)).toBe('7 / 10 (70 %)');
    expect(scoreSummary({ ...graded, percent: null, pending_grades: 2 })).toBe(
      '7 / 10 · Pendiente de corregir (2)',
    );
    expect(scoreSummary({ score: null, max_score: null, percent: null, pending_grades: 0 })).toBe('—');
    expect(passedLabel(true)).toBe('Aprobado');
    expect(passedLabel(false)).toBe('No aprobado');
    expect(passedLabel(null)).toBeNull();
  });
});
