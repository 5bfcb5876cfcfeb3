import { MESSAGES, toValidationErrors } from '@gestor/shared';
import type { z } from 'zod';
import { ValidationError } from './http-errors';

/** Parses input with a shared schema; anything invalid (wrong types, unknown fields) becomes a Spanish 422. */
export function validate<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const body = input ?? {};
  // Request bodies are JSON objects; for an array, a string or a number zod would answer in English.
  if (typeof body !== 'object' || Array.isArray(body)) {
    throw new ValidationError({ _: [MESSAGES.validationFailed] });
  }
  const result = schema.safeParse(body);
  if (!result.success) throw new ValidationError(toValidationErrors(result.error));
  return result.data;
}
