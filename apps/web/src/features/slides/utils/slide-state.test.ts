import { describe, expect, test } from 'vitest';
import { slideStateAt } from './slide-state';

describe('slideStateAt', () => {
  const now = Date.parse('2026-05-01T10:00:00Z');
  const at = (active: boolean, starts_at: string | null, ends_at: string | null) =>
    slideStateAt({ active, starts_at, ends_at }, now);

  test('follows the API: start included, end excluded, switched off first', () => {
    expect(at(true, null, null)).toBe('active');
    expect(at(true, '2026-05-01T10:00:00Z', null)).toBe('active');
    expect(at(true, '2026-05-01T10:00:01Z', null)).toBe('scheduled');
    expect(at(true, null, '2026-05-01T10:00:00Z')).toBe('expired');
    expect(at(true, null, '2026-05-01T10:00:01Z')).toBe('active');
    expect(at(false, '2026-05-02T00:00:00Z', null)).toBe('inactive');
    expect(at(false, null, '2026-04-01T00:00:00Z')).toBe('inactive');
  });
});
