import { z } from 'zod';
import { field, type PublicSpec, reads } from './fields';
import { parseIsoDate } from './madrid-time';
import { ID_MAX } from './resource';
import { booleanField, nulCheck, stripBidiControls } from './validation';

// docs/areas.md#rules-shared-by-the-content-areas: what every content area's fields have in common (slugs, references to
// other records, colours, optional text), so each area's schema is a short list of these.

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const SLUG_MAX = 200;

/**
 * A slug from a title, Spanish-aware: "Año Nuevo en Ávila" → "ano-nuevo-en-avila". Letters lose their
 * accents (ñ becomes n), everything that is not a letter or a digit becomes one hyphen. Used by the
 * API when no slug is given and by the SPA to preview it as the title is typed.
 */
export function slugify(text: string, max = SLUG_MAX): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, max)
    .replace(/^-+|-+$/g, '');
}

/**
 * What a slug is called on screen, in messages and in exports (issue 16: plain words, the technical
 * name in brackets for whoever knows it).
 */
export const SLUG_LABEL = 'Dirección web (slug)';

/** `slug`: optional on create (made from the title), editable; lower case, digits and single hyphens. */
export function slugField() {
  return z
    .string({ error: 'La dirección web (slug) debe ser un texto.' })
    .refine(...nulCheck('slug'))
    .trim()
    .max(SLUG_MAX, { error: `La dirección web (slug) no debe tener más de ${SLUG_MAX} caracteres.` })
    .regex(SLUG_PATTERN, {
      error:
        'La dirección web (slug) solo admite minúsculas sin acentos, números y guiones (por ejemplo, «mi-noticia»).',
    })
    .refine((slug) => !/^\d+$/.test(slug), {
      // /{slug} and /{id} share one address: a slug of digits alone would read as an id.
      error: 'La dirección web (slug) no puede estar formada solo por números.',
    });
}

/** Text a person may leave empty: stored as null, at most `max` characters. */
export function optionalText(label: string, { max = 255 }: { max?: number } = {}) {
  return z
    .string({ error: `El campo ${label} debe ser un texto.` })
    .refine(...nulCheck(label))
    .overwrite(stripBidiControls)
    .trim()
    .max(max, { error: `El campo ${label} no debe tener más de ${max} caracteres.` })
    .nullable()
    .transform((value) => (value ? value : null));
}

export const RICH_TEXT_MAX = 200_000;

/**
 * A rich text body (news, pages): HTML as the editor writes it, at most `max` characters. The API
 * sanitizes it to docs/areas.md's allowlist before storing (apps/api/src/lib/rich-text.ts), whatever the
 * client sends; the schema only refuses what is not text, U+0000, or too long. Empty is ''.
 */
export function richTextField(label: string, { max = RICH_TEXT_MAX }: { max?: number } = {}) {
  return z
    .string({ error: `El campo ${label} debe ser un texto.` })
    .refine(...nulCheck(label))
    .trim()
    .max(max, {
      error: `El campo ${label} es demasiado largo: no debe tener más de ${max.toLocaleString('es-ES')} caracteres.`,
    });
}

// Years PostgreSQL stores and JavaScript prints as ISO 8601: year 0 does not exist for PostgreSQL (a
// 500 before this check) and year 10000 would not print back.
const INSTANT_MIN = Date.UTC(1970, 0, 1);
const INSTANT_MAX = Date.UTC(10000, 0, 1);

/** A moment (`published_at`, `starts_at`): ISO 8601 with its offset, in years 1970–9999, or null. */
export function instantField(label: string) {
  return requiredInstantField(label).nullable();
}

/** A moment that must be given (an event's start): as instantField, null and absence refused. */
export function requiredInstantField(label: string) {
  return z.iso
    .datetime({
      offset: true,
      error: (issue) =>
        issue.input === undefined || issue.input === null
          ? `El campo ${label} es obligatorio.`
          : `El campo ${label} debe ser una fecha y hora ISO 8601.`,
    })
    .refine(
      (value) => {
        const time = Date.parse(value);
        // Not a date at all: the message above says so alone.
        return Number.isNaN(time) || (time >= INSTANT_MIN && time < INSTANT_MAX);
      },
      { error: `El campo ${label} debe ser una fecha entre los años 1970 y 9999.` },
    );
}

/** A calendar day without time (`2027-03-15`), in years 1970–9999, or null. */
export function dayField(label: string) {
  return z
    .string({ error: `El campo ${label} debe ser una fecha AAAA-MM-DD.` })
    .refine((value) => parseIsoDate(value) !== null && value >= '1970-01-01' && value <= '9999-12-31', {
      error: `El campo ${label} debe ser una fecha válida (AAAA-MM-DD).`,
    })
    .nullable();
}

/** A reference to one record by id (`cover: 12`), or null when the field allows none. */
export function recordId(label: string) {
  return z
    .number({ error: `El campo ${label} debe ser el número (id) de un elemento.` })
    .int({ error: `El campo ${label} debe ser el número (id) de un elemento.` })
    .min(1, { error: `El campo ${label} debe ser el número (id) de un elemento.` })
    .max(ID_MAX, { error: `El campo ${label} debe ser el número (id) de un elemento.` });
}

export const COLOR_PATTERN = /^#[0-9a-f]{6}$/;

export function colorField(label = 'color') {
  return z
    .string({ error: `El campo ${label} debe ser un color.` })
    .trim()
    .toLowerCase()
    .regex(COLOR_PATTERN, { error: `El campo ${label} debe ser un color en formato #rrggbb.` });
}

/** How a reference to another record reads back: a small object. */
export interface RecordRef {
  id: number;
  name: string;
  slug: string;
}

/** How a reference to a media item reads back inside another record (a cover, a logo). */
export interface MediaRef {
  id: number;
  /** The file's original name. */
  name: string;
  url: string;
  alt: string | null;
  width: number | null;
  height: number | null;
  /** The thumbnail variant's URL (images), for lists and pickers. */
  thumbnail_url: string | null;
}

/**
 * An optional image of the library (a news cover, an entity logo, a category's image), sent as its
 * id and read back as a MediaRef; `noun` is how messages name it ("portada").
 */
export function imageRef<O extends { label: string; header?: string; public?: true | PublicSpec }>(
  noun: string,
  { alternative, ...options }: O & { alternative?: true },
) {
  return field(recordId(noun).nullable(), {
    ...(options as O),
    default: null,
    ref: { area: 'multimedia', by: 'id', accept: 'image', ...(alternative && { alternative }) },
    read: reads<MediaRef | null>(),
  });
}

/** How long a text alternative written for one use may be (as the library's). */
export const REFERENCE_ALT_MAX = 500;

/**
 * docs/accessibility.md: an image reference's own text alternative (`<name>_alt`: empty takes the
 * library's) and whether the image is decorative in this use (`<name>_decorative`: the website gets
 * `alt: ""`). `noun` names the image with its article in messages and labels («la portada»);
 * `decorativeLabel` is the checkbox's («Portada decorativa»).
 */
export function referenceAlternative(noun: string, decorativeLabel: string) {
  return {
    alt: field(optionalText(`texto alternativo de ${noun}`, { max: REFERENCE_ALT_MAX }), {
      label: `Texto alternativo de ${noun}`,
      default: null,
    }),
    decorative: field(booleanField(decorativeLabel.toLowerCase()), {
      label: decorativeLabel,
      default: false,
    }),
  };
}
