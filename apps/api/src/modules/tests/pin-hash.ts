import { createHmac, randomBytes } from 'node:crypto';
import { safeEqual } from '../../lib/tokens';

// A test's PIN (4–8 digits) is kept as a salted hash keyed with APP_KEY: a copy of the database alone
// cannot try the 10⁴–10⁸ PINs against it, as it could against any unkeyed hash, however slow.

const digest = (key: Buffer, salt: string, pin: string) =>
  createHmac('sha256', key).update(`test-pin:${salt}:${pin}`).digest('base64url');

export function hashPin(key: Buffer, pin: string): string {
  const salt = randomBytes(12).toString('base64url');
  return `${salt}.${digest(key, salt, pin)}`;
}

export function pinMatches(key: Buffer, stored: string, pin: string): boolean {
  const [salt, hash] = stored.split('.');
  if (!salt || !hash) return false;
  return safeEqual(digest(key, salt, pin), hash);
}
