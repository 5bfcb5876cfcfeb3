import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { $ZodType } from 'zod/v4/core';

export const SCHEMA_LOAD_FAILED =
  'No se ha podido comprobar el formulario. Compruebe su conexión e inténtelo de nuevo.';

/**
 * zodResolver with a schema imported on first validation rather than with the screen. The sign-in
 * screens use it so the first page a visitor opens does not download zod and every shared schema
 * (about 25 kB gzip) before it can show a form; they arrive while the person presses "Acceder".
 * If the import fails, the form gets a root error (errors.root) instead of a rejected submit.
 */
export function lazyZodResolver<Input extends FieldValues, Output extends FieldValues>(
  loadSchema: () => Promise<$ZodType<Output, Input>>,
): Resolver<Input, unknown, Output> {
  let resolver: Resolver<Input, unknown, Output> | undefined;
  return async (values, context, options) => {
    if (!resolver) {
      try {
        resolver = zodResolver(await loadSchema()) as Resolver<Input, unknown, Output>;
      } catch {
        // FieldErrors types `root` as both an error and a map of errors; this is the plain error form.
        const errors = { root: { type: 'load', message: SCHEMA_LOAD_FAILED } } as FieldErrors<Input>;
        return { values: {}, errors };
      }
    }
    return resolver(values, context, options);
  };
}
