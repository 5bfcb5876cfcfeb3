import { describe, expect, test } from 'vitest';
import { expiryOf } from './api-token-expiry';

describe('a token’s last day', () => {
  test('is the end of that day in Madrid, winter and summer', () => {
    expect(expiryOf('2026-12-31')).toBe('2026-12-31T22:59:59.000Z');
    expect(expiryOf('2026-07-15')).toBe('2026-07-15T21:59:59.000Z');
  });

  test('no day, or no real day, is no expiry', () => {
    expect(expiryOf(null)).toBeUndefined();
    expect(expiryOf('2026-02-30')).toBeUndefined();
  });
});
