import {
  type AccessibilityFinding,
  type FieldTable,
  findingSentence,
  referenceImageFinding,
} from '@gestor/shared';
import { useWatch } from 'react-hook-form';
import { useCan } from '../../lib/permissions';
import { useMediaRecord } from './media-api';
import { asSummary, type MediaLike } from './media-kind';

// docs/accessibility.md#images-the-alternative-belongs-to-the-use: an image a record refers to (a
// cover, a slide's image) has its own text alternative in that use (`<name>_alt`) or is decorative
// there (`<name>_decorative`); the library's alternative is only the default. The form checks it
// as the person chooses and types, with the shared function the API refuses a save with
// (referenceImageFinding), so what would be refused shows before «Publicar ahora».

/** The image reference of a form's table whose alternative belongs to the use (`RefSpec.alternative`). */
export function imageReferenceOf(fields: FieldTable): string | undefined {
  return Object.entries(fields).find(([, def]) => 'ref' in def && def.ref?.alternative)?.[0];
}

/** The fields beside an image reference (`referenceAlternative` in packages/shared content.ts). */
export const alternativeFieldsOf = (name: string) => ({
  alt: `${name}_alt`,
  decorative: `${name}_decorative`,
});

/** How the server's check names the image and whether no alternative at all reads as decorative. */
export interface ImageCheckOptions {
  /** `Imagen de portada`; without it, the check's own `Imagen n.º 12 de la biblioteca`. */
  element?: string;
  /** A slide's image: no alternative anywhere is decorative, not an error (as the API reads it). */
  emptyIsDecorative?: boolean;
}

/** The chosen image as the form holds it; `libraryAlt` undefined while the library's is not known. */
export interface ImageAlternativeState {
  id: number | null;
  libraryAlt: string | null | undefined;
  ownAlt: string | null;
  decorative: boolean;
}

/**
 * The finding the API would refuse the image with, or null. Null too when it cannot be told yet:
 * no alternative of its own and the library's not known (still loading).
 */
export function imageAlternativeFinding(
  { id, libraryAlt, ownAlt, decorative }: ImageAlternativeState,
  options: ImageCheckOptions,
): AccessibilityFinding | null {
  if (id === null) return null;
  const own = ownAlt?.trim() ? ownAlt : null;
  if (own === null && libraryAlt === undefined && !decorative) return null;
  return (
    referenceImageFinding({ id, alt: libraryAlt ?? null, ownAlt: own, decorative }, options)?.finding ?? null
  );
}

/** What the text box's hint says: what an empty box means, or why it is off. */
export function alternativeHint(
  { libraryAlt, decorative }: Pick<ImageAlternativeState, 'libraryAlt' | 'decorative'>,
  { emptyIsDecorative = false }: ImageCheckOptions,
): string {
  if (decorative)
    return 'Desactivado: la imagen está marcada como decorativa, así que no lleva texto alternativo y los lectores de pantalla la omiten.';
  if (libraryAlt === undefined) return 'Si lo deja vacío, se usa el de la biblioteca.';
  if (libraryAlt?.trim()) return `Si lo deja vacío, se usa el de la biblioteca: «${libraryAlt.trim()}».`;
  return emptyIsDecorative
    ? 'La imagen no tiene texto alternativo en la biblioteca: si lo deja vacío, se muestra como decorativa.'
    : 'La imagen no tiene texto alternativo en la biblioteca: escriba uno o márquela como decorativa.';
}

/**
 * The live finding, unless the field's message already says it (the server's 422 names the same
 * sentence when the image is its only or its second error): said once.
 */
export function findingToShow(finding: AccessibilityFinding | null, fieldMessage: string | undefined) {
  if (!finding) return null;
  const sentence = findingSentence(finding);
  return sentence === fieldMessage ? null : sentence;
}

/**
 * The library's alternative of the image with this id: the record's own reference (`initial`), else
 * the library's item — the one just picked, which the picker leaves in the query cache, or
 * `GET /api/multimedia/{id}` for people with multimedia.view (without it, only the record's image can
 * be there). Undefined while not known.
 */
export function useLibraryAlt(id: number | null, initial: MediaLike | null): string | null | undefined {
  const mayBrowse = useCan()('multimedia.view');
  const known = id !== null && initial?.id === id ? asSummary(initial) : null;
  const fetched = useMediaRecord(id, { enabled: id !== null && known === null && mayBrowse });
  if (id === null) return undefined;
  if (known) return known.alt ?? null;
  return fetched.data?.id === id ? fetched.data.alt : undefined;
}

/** The form's image reference `name` as it stands now, and the finding the API would refuse it with. */
export function useImageAlternative(
  name: string,
  initial: MediaLike | null,
  options: ImageCheckOptions,
): ImageAlternativeState & { finding: AccessibilityFinding | null } {
  const fields = alternativeFieldsOf(name);
  const [value, ownAlt, decorative] = useWatch({ name: [name, fields.alt, fields.decorative] }) as [
    unknown,
    unknown,
    unknown,
  ];
  const id = typeof value === 'number' ? value : null;
  const libraryAlt = useLibraryAlt(id, initial);
  const state: ImageAlternativeState = {
    id,
    libraryAlt,
    ownAlt: typeof ownAlt === 'string' ? ownAlt : null,
    decorative: decorative === true,
  };
  return { ...state, finding: imageAlternativeFinding(state, options) };
}
