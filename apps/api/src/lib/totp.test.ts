import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, matchTotp, otpauthUrl, totpCode } from './totp';

// RFC 6238 Appendix B: the SHA-1 test vectors, secret "12345678901234567890", eight digits there;
// the last six of each are what a six-digit code is.
const RFC_SECRET = base32Encode(Buffer.from('12345678901234567890'));
const VECTORS: [number, string][] = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];

describe('TOTP (RFC 6238)', () => {
  it.each(VECTORS)('at %i s the code is the RFC vector', (seconds, code) => {
    expect(totpCode(RFC_SECRET, Math.floor(seconds / 30))).toBe(code.slice(-6));
  });

  it('accepts one step either side of now and no further', () => {
    const at = 1_700_000_000_000;
    const step = Math.floor(at / 30_000);
    expect(matchTotp(RFC_SECRET, totpCode(RFC_SECRET, step - 1), 1, at)).toBe(step - 1);
    expect(matchTotp(RFC_SECRET, totpCode(RFC_SECRET, step + 1), 1, at)).toBe(step + 1);
    expect(matchTotp(RFC_SECRET, totpCode(RFC_SECRET, step + 2), 1, at)).toBeNull();
  });

  it('round-trips base32 and names the issuer and account in the address', () => {
    expect(base32Decode(RFC_SECRET).toString()).toBe('12345678901234567890');
    const url = new URL(otpauthUrl('Gestor Municipal', 'ana@example.org', RFC_SECRET));
    expect(url.host).toBe('totp');
    expect(decodeURIComponent(url.pathname)).toBe('/Gestor Municipal:ana@example.org');
    expect(url.searchParams.get('issuer')).toBe('Gestor Municipal');
  });
});
