import { SLUG_LABEL, SLUG_MAX, slugify } from '@gestor/shared';
import { useFormContext, useWatch } from 'react-hook-form';
import { TextControl } from './form-controls';

/**
 * The `slug` field of an area addressed by slug (docs/areas.md#rules-shared-by-the-content-areas): empty means "make it from the
 * name", and the hint shows the address the record will have (`/news/ano-nuevo`), from the same
 * `slugify` the server uses. `addressPrefix` null leaves the address out (pages are edited by id).
 */
export function SlugControl({
  from,
  fromLabel,
  addressPrefix,
}: {
  /** The field the slug is made from (`title`, `name`). */
  from: string;
  /** How the hint names that field: "del título", "del nombre". */
  fromLabel: string;
  addressPrefix: string | null;
}) {
  const { control } = useFormContext();
  const [source, slug] = useWatch({ control, name: [from, 'slug'] }) as [
    string | undefined,
    string | undefined,
  ];
  const written = (slug ?? '').trim();
  const address = written || slugify(source ?? '');
  const generated = written ? '' : ` (se genera a partir ${fromLabel})`;
  const hint =
    addressPrefix === null
      ? written
        ? 'Minúsculas sin acentos, números y guiones.'
        : `Vacío: se genera a partir ${fromLabel}.`
      : address
        ? `Dirección: ${addressPrefix}/${address}${generated}`
        : `Se genera a partir ${fromLabel} si lo deja vacío.`;
  return <TextControl name="slug" label={SLUG_LABEL} autoComplete="off" maxLength={SLUG_MAX} hint={hint} />;
}
