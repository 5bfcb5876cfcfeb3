import { type FieldErrors, type FieldValues, type Resolver, set } from 'react-hook-form';
import { isUnreadableDate, unreadableDateMessage } from './spanish-date';

// docs/architecture.md#the-spa and issue 16: a date control holding a text it cannot read is an error on its field
// whatever is being saved. The area's schema may not even look at the field ("Guardar borrador"
// sends no publication date), so the form's resolver says so itself, and nothing is sent.

/** The dotted paths (`published_at`, `sessions.0.starts_at`) of every unreadable date in the values. */
export function unreadableDatePaths(value: unknown, path = ''): string[] {
  if (isUnreadableDate(value)) return [path];
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, item]) =>
    unreadableDatePaths(item, path ? `${path}.${key}` : key),
  );
}

/** The form's resolver, with an error under each date control whose text is not a date. */
export function rejectUnreadableDates<V extends FieldValues, C, T>(
  resolver: Resolver<V, C, T>,
): Resolver<V, C, T> {
  return async (values, context, options) => {
    const paths = unreadableDatePaths(values);
    const result = await resolver(values, context, options);
    if (paths.length === 0) return result;
    const errors: FieldErrors<V> = { ...(result.errors as FieldErrors<V>) };
    // The date controls word it for their own kind (DateControl without the time).
    for (const path of paths) set(errors, path, { type: 'unreadable', message: unreadableDateMessage(true) });
    return { values: {}, errors };
  };
}
