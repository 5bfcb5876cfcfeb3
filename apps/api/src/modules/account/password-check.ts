import { MESSAGES } from '@gestor/shared';
import type { Database } from '../../db/client';
import { ValidationError } from '../../lib/http-errors';
import { verifyPassword } from '../../lib/passwords';
import { createAuthRepository } from '../auth/auth-repository';
import { takeAttemptOrRefuse } from '../auth/throttle';

/**
 * Checks a signed-in person's current password under the sign-in's limiter, per account: a stolen
 * session must not try passwords at will. 422 (or 429 with Retry-After) on `field`. Mi cuenta asks it
 * before a new email, a new password and a new passkey; Fortify's password confirmation too.
 */
export function createPasswordCheck(database: Database) {
  const repository = createAuthRepository(database);
  return async function confirmPassword(
    userId: number,
    password: string | undefined,
    field: string,
    missing: string,
    wrong: string = MESSAGES.wrongCurrentPassword,
  ): Promise<void> {
    if (!password) throw ValidationError.field(field, missing);
    const throttle = `password-confirm|${userId}`;
    await takeAttemptOrRefuse(repository, throttle, field);
    const [stored] = await database.query<{ password: string | null }>(
      'SELECT password FROM users WHERE id = $1',
      [userId],
    );
    if (!(await verifyPassword(stored?.password ?? null, password))) {
      throw ValidationError.field(field, wrong);
    }
    await repository.clearThrottle(throttle);
  };
}
