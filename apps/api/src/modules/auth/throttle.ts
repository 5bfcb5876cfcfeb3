import { MESSAGES } from '@gestor/shared';
import { ValidationError } from '../../lib/http-errors';
import { ATTEMPTS_PER_ADDRESS, type AuthRepository, type ThrottleLimit } from './auth-repository';

/**
 * Counts an attempt under the sign-in's limiter (5 a minute per key by default, decision 034) and refuses it, on
 * `field`, with Laravel's 429 and Retry-After when the key is over its budget. Every typed secret is
 * checked through here: a password, a current password, a code, a recovery code, a passkey's answer.
 */
export async function takeAttemptOrRefuse(
  repository: AuthRepository,
  key: string,
  field: string,
  limit: ThrottleLimit = ATTEMPTS_PER_ADDRESS,
) {
  const wait = await repository.takeAttempt(key, limit);
  if (wait > 0) {
    throw ValidationError.field(field, MESSAGES.throttled(wait), 429, { 'Retry-After': String(wait) });
  }
}
