import type { ValidationErrors } from '@gestor/shared';

/**
 * Splits a 422's `errors` between the form's fields and the rest. A nested key (`roles.0`) belongs
 * to its field (`roles`); each field keeps its first message, as Laravel's forms show them.
 */
export function splitServerErrors(
  errors: ValidationErrors,
  fields: readonly string[],
): { byField: Record<string, string>; others: string[] } {
  const byField: Record<string, string> = {};
  const others: string[] = [];
  for (const [key, messages] of Object.entries(errors)) {
    const field = key.split('.')[0] ?? key;
    const message = messages[0];
    if (!message) continue;
    if (fields.includes(field)) byField[field] ??= message;
    else others.push(message);
  }
  return { byField, others };
}
