import { z } from 'zod';
import { instantField, type MediaRef, optionalText, referenceAlternative } from './content';
import { createInputOf, field, type RecordOf, readOnly, reads, updateInputOf } from './fields';
import { areaContract, ID_MAX, listedId, type ResourceContract } from './resource';
import { booleanField, nulCheck, requiredText } from './validation';

// docs/areas.md, slides: the home page's slides, in their own order (`PUT /api/slides/order`), each shown
// within an optional window. The state is computed by the server from `active` and the window, now.

export const SLIDE_STATES = ['active', 'scheduled', 'expired', 'inactive'] as const;
export type SlideState = (typeof SLIDE_STATES)[number];

export const SLIDE_STATE_LABELS: Record<SlideState, string> = {
  active: 'Activa',
  scheduled: 'Programada',
  expired: 'Caducada',
  inactive: 'Inactiva',
};

export const SLIDE_TITLE_MAX = 150;
export const SLIDE_SUBTITLE_MAX = 300;
export const SLIDE_LINK_LABEL_MAX = 40;
export const SLIDE_LINK_URL_MAX = 2048;
/** At most this many ids in one reorder (a home page shows a handful of slides). */
export const SLIDE_ORDER_MAX = 1000;

/**
 * Where a slide's button leads: an http(s) address, or a path of the organisation's own site
 * starting with one `/` (`//host` is another site, and browsers read `/\host` as `//host`).
 */
export function isSlideLink(value: string): boolean {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses.
  if (/[\s\\\u0000-\u001f\u007f]/.test(value)) return false;
  if (value.startsWith('/')) return !value.startsWith('//');
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

export const SLIDE_LINK_MESSAGE =
  'El enlace debe ser una dirección que empiece por https:// o http://, o una ruta del sitio que empiece por «/» (por ejemplo, /agenda).';

const linkUrlField = z
  .string({ error: 'El campo enlace debe ser un texto.' })
  .refine(...nulCheck('enlace'))
  .trim()
  .max(SLIDE_LINK_URL_MAX, {
    error: `El campo enlace no debe tener más de ${SLIDE_LINK_URL_MAX} caracteres.`,
  })
  .refine((value) => value === '' || isSlideLink(value), { error: SLIDE_LINK_MESSAGE })
  .nullable()
  .transform((value) => (value ? value : null));

/** The required image: a media item's id. */
const imageField = z
  .number({
    error: (issue) =>
      issue.input === undefined || issue.input === null
        ? 'Elija una imagen para la diapositiva.'
        : 'El campo imagen debe ser el id de un archivo de la biblioteca.',
  })
  .int({ error: 'El campo imagen debe ser el id de un archivo de la biblioteca.' })
  .min(1, { error: 'El campo imagen debe ser el id de un archivo de la biblioteca.' })
  .max(ID_MAX, { error: 'El campo imagen debe ser el id de un archivo de la biblioteca.' });

export const SLIDE_WINDOW_MESSAGE = 'La fecha de fin debe ser posterior a la de inicio.';
export const SLIDE_LABEL_NEEDS_LINK = 'Indique la dirección del enlace, o deje vacío el texto del botón.';
export const SLIDE_LINK_NEEDS_LABEL =
  'Indique el texto del botón: adónde lleva (por ejemplo, «Programa de las fiestas»).';

interface SlideWindowAndLink {
  link_url?: string | null;
  link_label?: string | null;
  starts_at?: string | null;
  ends_at?: string | null;
}

/**
 * Rules between fields, on what this request carries (the API checks an edit of one of them against
 * the stored other): the window's end after its start, and a button has both its address and its text.
 */
function slideRules(value: SlideWindowAndLink, ctx: z.RefinementCtx) {
  if (value.starts_at && value.ends_at && Date.parse(value.starts_at) >= Date.parse(value.ends_at)) {
    ctx.addIssue({ code: 'custom', path: ['ends_at'], message: SLIDE_WINDOW_MESSAGE });
  }
  if (value.link_url !== undefined && value.link_label !== undefined) {
    if (value.link_url && !value.link_label) {
      ctx.addIssue({ code: 'custom', path: ['link_label'], message: SLIDE_LINK_NEEDS_LABEL });
    }
    if (!value.link_url && value.link_label) {
      ctx.addIssue({ code: 'custom', path: ['link_url'], message: SLIDE_LABEL_NEEDS_LINK });
    }
  }
}

/** The image's text alternative on this slide, and whether it is decorative here. */
const SLIDE_IMAGE_ALTERNATIVE = referenceAlternative('la imagen', 'Imagen decorativa');

const slideFields = {
  title: field(requiredText('título', { max: SLIDE_TITLE_MAX }), { label: 'Título', public: true }),
  subtitle: field(optionalText('subtítulo', { max: SLIDE_SUBTITLE_MAX }), {
    label: 'Subtítulo',
    default: null,
    public: true,
  }),
  image: field(imageField, {
    label: 'Imagen',
    public: true,
    ref: { area: 'multimedia', by: 'id', accept: 'image', alternative: true },
    read: reads<MediaRef>(),
  }),
  image_alt: SLIDE_IMAGE_ALTERNATIVE.alt,
  image_decorative: SLIDE_IMAGE_ALTERNATIVE.decorative,
  /** An http(s) address or a path of the site (`/agenda`), or null for a slide without a button. */
  link_url: field(linkUrlField, {
    label: 'Enlace',
    default: null,
    public: { description: 'Dirección del enlace.' },
  }),
  /** The button's text; present whenever link_url is. */
  link_label: field(optionalText('texto del botón', { max: SLIDE_LINK_LABEL_MAX }), {
    label: 'Texto del botón',
    default: null,
    public: { description: 'Texto del botón del enlace.' },
  }),
  /**
   * 1…n: the order in which the home page shows them, set by the server (last on create, then by
   * `PUT /api/slides/order`). Placed where records have always carried it: the table's order is theirs.
   */
  position: readOnly(reads<number>(), { label: 'Posición' }),
  active: field(booleanField('activa'), { label: 'Activa', default: true, publication: true }),
  starts_at: field(instantField('inicio'), {
    label: 'Se muestra desde',
    header: 'Desde',
    default: null,
    instant: true,
    publication: true,
  }),
  ends_at: field(instantField('fin'), {
    label: 'Se muestra hasta',
    header: 'Hasta',
    default: null,
    instant: true,
    publication: true,
  }),
  /** As it reads now (docs/areas.md): computed by the server from `active` and the window. */
  state: readOnly(reads<SlideState>(), { label: 'Estado', options: SLIDE_STATE_LABELS }),
};

export const SLIDES: ResourceContract<
  'position' | 'title' | 'created_at' | 'updated_at',
  'state',
  typeof slideFields
> = areaContract({
  area: 'slide',
  lookup: 'id',
  sortable: ['position', 'title', 'created_at', 'updated_at'],
  defaultSort: 'position',
  filters: {
    state: z.enum(SLIDE_STATES, { error: 'Estado desconocido: active, scheduled, expired o inactive.' }),
  },
  fields: slideFields,
  rule: slideRules,
});

export const SlideInput = createInputOf(SLIDES);
export type SlideInput = z.infer<typeof SlideInput>;
export const SlideUpdateInput = updateInputOf(SLIDES);
export type SlideUpdateInput = z.infer<typeof SlideUpdateInput>;
export type SlideRecord = RecordOf<typeof SLIDES.fields>;

/** `PUT /api/slides/order`: every slide's id once, in the new order (positions 1…n). */
export const SlideOrderInput = z.strictObject({
  ids: z
    .array(listedId, { error: 'El campo ids debe ser la lista de las diapositivas en su nuevo orden.' })
    .max(SLIDE_ORDER_MAX, { error: `No se pueden ordenar más de ${SLIDE_ORDER_MAX} diapositivas a la vez.` })
    .superRefine((ids, ctx) => {
      const repeated = [...new Set(ids.filter((id, index) => ids.indexOf(id) !== index))];
      if (repeated.length) {
        ctx.addIssue({
          code: 'custom',
          message:
            repeated.length === 1
              ? `La diapositiva con id ${repeated[0]} aparece más de una vez: cada una debe figurar una sola vez.`
              : `Las diapositivas con id ${repeated.join(', ')} aparecen más de una vez: cada una debe figurar una sola vez.`,
        });
      }
    }),
});
export type SlideOrderInput = z.infer<typeof SlideOrderInput>;
