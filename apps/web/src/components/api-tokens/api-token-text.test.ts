import { describe, expect, test } from 'vitest';
import { describeExpiry, permissionCount } from './api-token-text';

describe('a token in its list', () => {
  test('counts its permissions in Spanish', () => {
    expect(permissionCount(0)).toBe('Sin permisos');
    expect(permissionCount(1)).toBe('1 permiso');
    expect(permissionCount(12)).toBe('12 permisos');
  });

  test('says whether it expires, and whether it already has', () => {
    const now = Date.parse('2026-06-01T10:00:00Z');
    expect(describeExpiry(null, now)).toBe('Sin caducidad');
    expect(describeExpiry('2026-12-31T22:59:59.000Z', now)).toMatch(
      /^Caduca el \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/,
    );
    expect(describeExpiry('2026-05-31T22:59:59.000Z', now)).toMatch(/^Caducó el /);
  });
});
