import { describe, expect, test } from 'vitest';
import { emailKey } from './email-key';
import { hashPin, pinMatches } from './pin-hash';

describe('emailKey: one spelling per mailbox', () => {
  test('case never matters', () => {
    expect(emailKey('Ana.Perez@Example.COM')).toBe(emailKey('ana.perez@example.com'));
    expect(emailKey('  ana@example.es ')).toBe('ana@example.es');
  });

  test('dots and +tags are ignored only where the provider ignores them (Gmail)', () => {
    expect(emailKey('Ana.Perez+encuesta@gmail.com')).toBe(emailKey('anaperez@googlemail.com'));
    expect(emailKey('ana.perez@example.com')).not.toBe(emailKey('anaperez@example.com'));
    expect(emailKey('ana+1@example.com')).not.toBe(emailKey('ana@example.com'));
  });
});

describe('PIN hashes', () => {
  const key = Buffer.alloc(32, 7);
  test('a PIN matches its own salted hash only, and only under the same key', () => {
    const stored = hashPin(key, '4821');
    expect(stored).not.toContain('4821');
    expect(hashPin(key, '4821')).not.toBe(stored);
    expect(pinMatches(key, stored, '4821')).toBe(true);
    expect(pinMatches(key, stored, '4822')).toBe(false);
    expect(pinMatches(Buffer.alloc(32, 8), stored, '4821')).toBe(false);
    expect(pinMatches(key, 'broken', '4821')).toBe(false);
  });
});
