import { hasNul, MESSAGES, toValidationErrors, type ValidationErrors } from '@gestor/shared';
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
  // U+0000 anywhere in the body (PostgreSQL can neither store nor compare it) is refused here too, so
  // an area whose schema uses a bare z.string() is covered. The shared field builders already name the
  // field in Spanish; this names the rest by their path.
  const nul = nulPaths(body);
  if (result.success && nul.length === 0) return result.data;
  const errors: ValidationErrors = result.success ? {} : toValidationErrors(result.error);
  const merged = new Map(Object.entries(errors));
  for (const path of nul) if (!merged.has(path)) merged.set(path, [MESSAGES.invalidCharacters(path)]);
  throw new ValidationError(Object.fromEntries(merged));
}

/**
 * The paths (`name`, `roles.0`, `a.b`) of strings holding U+0000 (and of objects whose keys hold it),
 * at most a few. Iterative: a 1 MiB body may nest arrays hundreds of thousands deep.
 */
function nulPaths(body: unknown): string[] {
  // Nodes are indexes into parallel arrays (value, key, parent), so a path is rebuilt only when found.
  const values: unknown[] = [body];
  const keys: string[] = [''];
  const parents: number[] = [-1];
  const pathOf = (index: number) => {
    const path: string[] = [];
    let at = index;
    while (at > 0) {
      path.push(keys[at] ?? '');
      at = parents[at] ?? -1;
    }
    return path.reverse().join('.') || '_';
  };
  const found: string[] = [];
  const stack: number[] = [0];
  const visit = (value: unknown, key: string, parent: number) => {
    values.push(value);
    keys.push(key);
    parents.push(parent);
    stack.push(values.length - 1);
  };
  while (stack.length && found.length < 10) {
    const index = stack.pop() ?? 0;
    const value = values[index];
    if (typeof value === 'string') {
      if (hasNul(value)) found.push(pathOf(index));
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) visit(value[i], String(i), index);
    } else if (typeof value === 'object' && value !== null) {
      const entries = Object.entries(value);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, item] = entries[i] ?? ['', undefined];
        if (hasNul(key)) found.push(pathOf(index));
        else visit(item, key, index);
      }
    }
  }
  return found;
}

/** `filter[role]` is reported as `filter.role`, like the other filter errors. */
const parameterField = (name: string) => name.replace(/^filter\[([^\]]*)\]$/, 'filter.$1');

/**
 * U+0000 in a query string or a path parameter (PostgreSQL can neither store nor compare it): a 422
 * naming each parameter, on every value of a repeated one, before any of them reaches a statement.
 * Run for every request (plugins/text-input.ts) and again by the list parsers, which also read
 * queries stored in saved views. `*` (a wildcard route's rest of the path) is reported as `ruta`.
 */
export function refuseNulParameters(...sources: unknown[]): void {
  // A Map: a parameter may be named `__proto__`.
  const refused = new Map<string, string[]>();
  for (const source of sources) {
    if (typeof source !== 'object' || source === null) continue;
    for (const [name, raw] of Object.entries(source)) {
      if (hasNul(name)) {
        refused.set('query', [MESSAGES.invalidParameter]);
        continue;
      }
      // A parser of nested brackets (`a[b][c]`) may hand over objects: any string within counts.
      if (nulPaths(raw).length === 0) continue;
      const label = name === '*' ? 'ruta' : name;
      refused.set(parameterField(label), [MESSAGES.invalidParameterCharacters(label)]);
    }
  }
  if (refused.size) throw new ValidationError(Object.fromEntries(refused));
}
