import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { isApiError } from './api-client';

/**
 * docs/architecture.md#the-spa: a 422's field messages go under their fields. Returns true when at least one message
 * found its field, so the caller knows whether it still has something to say in an alert.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly FieldPath<T>[],
): boolean {
  if (!isApiError(error)) return false;
  let placed = false;
  for (const field of fields) {
    const message = error.fieldError(field);
    if (!message) continue;
    setError(field, { type: 'server', message }, { shouldFocus: !placed });
    placed = true;
  }
  return placed;
}

/** What to tell a person when a request failed for a reason other than a field. */
export function errorMessage(error: unknown): string {
  if (isApiError(error)) return error.message;
  return 'Se ha producido un error inesperado. Inténtelo de nuevo.';
}
