import { describe, expect, it } from 'vitest';
import { expirySentence } from './preview-expiry';

const at = (y: number, m: number, d: number, h: number, min: number) => new Date(y, m - 1, d, h, min);

describe('expirySentence', () => {
  it('gives the time alone when the link expires today', () => {
    expect(expirySentence(at(2026, 11, 24, 11, 41).toISOString(), at(2026, 11, 24, 10, 41))).toBe(
      'El enlace caduca a las 11:41.',
    );
  });

  it('gives the date too when it expires another day', () => {
    expect(expirySentence(at(2026, 11, 25, 0, 30).toISOString(), at(2026, 11, 24, 23, 30))).toBe(
      'El enlace caduca el 25/11/2026 a las 00:30.',
    );
  });

  it('says something sensible for a date it cannot read', () => {
    expect(expirySentence('mañana', at(2026, 11, 24, 10, 0))).toBe('El enlace caduca pronto.');
  });
});
