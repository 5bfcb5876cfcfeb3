import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** A random token of `bytes` bytes from the CSPRNG, base64url (no characters that need escaping in cookies or URLs). */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** Keyed hash under APP_KEY: what the database keeps instead of session ids and reset tokens. */
export function keyedHash(key: Buffer, value: string): string {
  return createHmac('sha256', key).update(value).digest('hex');
}

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
