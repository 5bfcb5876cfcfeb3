import { MESSAGES } from '@gestor/shared';
import type { Database } from '../../db/client';
import { ValidationError } from '../../lib/http-errors';
import { verifyPassword } from '../../lib/passwords';
import { createAuthRepository } from '../auth/auth-repository';

/**
 * Checks a signed-in person's current password under the sign-in's limiter, per account: a stolen
 * session must not try passwords at will. 422 (or 429 with Retry-After) on `field`. Mi cuenta asks it
 * before a new email, a new password and a new passkey.
 */
export function createPasswordCheck(database: Database) {
  const repository = createAuthRepository(database);
  return async function confirmPassword(
    userId: number,
    password: string | undefined,
    field: string,
    missing: string,
  ): Promise<void> {
    if (!password) throw ValidationError.field(field, missing);
    const throttle = `password-confirm|${userId}`;
    const wait = await repository.takeAttempt(throttle);
    if (wait > 0) {
      throw ValidationError.field(field, MESSAGES.throttled(wait), 429, { 'Retry-After': String(wait) });
    }
    const [stored] = await database.query<{ password: string | null }>(
      'SELECT password FROM users WHERE id = $1',
      [userId],
    );
    if (!(await verifyPassword(stored?.password ?? null, password))) {
      throw ValidationError.field(field, MESSAGES.wrongCurrentPassword);
    }
    await repository.clearThrottle(throttle);
  };
}
