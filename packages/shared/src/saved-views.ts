import { z } from 'zod';
import { AREAS } from './permissions';
import { ID_MAX, PER_PAGE_MAX, type ResourceContract } from './resource';
import { nulCheck, requiredText } from './validation';

// Issue 20 "Saved views" (decision 032): a list's search, filters, sort and page size stored under a
// name, for the person only or shared with everyone who may view the list, shown as tabs above the
// table; each person may choose one as the list's default. Lists have no column chooser, so there
// are no columns to store.

/** How long a view's name may be. */
export const SAVED_VIEW_NAME_MAX = 60;
/** How many views one person may keep for one list. */
export const SAVED_VIEWS_PER_LIST_MAX = 30;
/** How long a stored search or filter value may be (the list's own search box takes no more). */
export const SAVED_VIEW_TEXT_MAX = 200;

const areaField = z.enum(AREAS, { error: 'Indique una lista válida.' });
const nameField = requiredText('nombre', { max: SAVED_VIEW_NAME_MAX });
const sharedField = z.boolean({ error: 'El campo compartir debe ser verdadero o falso.' });

const storedText = (label: string) =>
  z
    .string({ error: `El campo ${label} debe ser un texto.` })
    .refine(...nulCheck(label))
    .max(SAVED_VIEW_TEXT_MAX, {
      error: `El campo ${label} no debe tener más de ${SAVED_VIEW_TEXT_MAX} caracteres.`,
    });

/**
 * The state of a list as a view keeps it, whatever the list: what its URL holds apart from the page.
 * Which filters and sorts are allowed depends on the list (`savedViewStateFor`).
 */
export const SavedViewState = z.strictObject(
  {
    search: storedText('búsqueda').optional(),
    /** `field` ascending or `-field` descending; absent: the list's own order. */
    sort: z.string({ error: 'El orden debe ser un texto.' }).max(100).optional(),
    per_page: z
      .number({ error: 'Las filas por página deben ser un número.' })
      .int({ error: 'Las filas por página deben ser un número entero.' })
      .min(1, { error: 'Las filas por página deben ser al menos 1.' })
      .max(PER_PAGE_MAX, { error: `Las filas por página no pueden ser más de ${PER_PAGE_MAX}.` })
      .optional(),
    filters: z
      .record(z.string(), storedText('filtro'), { error: 'Los filtros deben ser un objeto.' })
      .optional(),
  },
  { error: 'La vista debe ser un objeto.' },
);
export type SavedViewState = z.infer<typeof SavedViewState>;

/** A view's state checked against one list: only its filters (with values it accepts) and its sort keys. */
export function savedViewStateFor(contract: Pick<ResourceContract, 'filters' | 'sortable'>) {
  // Unknown keys (`columns`: no list lets one choose them) are refused as any unknown field is.
  return SavedViewState.superRefine((state, context) => {
    if (state.sort !== undefined && !contract.sortable.includes(state.sort.replace(/^-/, ''))) {
      context.addIssue({
        code: 'custom',
        path: ['sort'],
        message: `La lista no se puede ordenar por «${state.sort}».`,
      });
    }
    for (const [name, value] of Object.entries(state.filters ?? {})) {
      const filter = Object.hasOwn(contract.filters, name)
        ? (contract.filters as Record<string, z.ZodType>)[name]
        : undefined;
      if (!filter) {
        context.addIssue({
          code: 'custom',
          path: ['filters', name],
          message: `La lista no tiene el filtro «${name}».`,
        });
        continue;
      }
      const parsed = filter.safeParse(value);
      if (!parsed.success) {
        context.addIssue({
          code: 'custom',
          path: ['filters', name],
          message: parsed.error.issues[0]?.message ?? `El valor del filtro «${name}» no es válido.`,
        });
      }
    }
  });
}

export const SavedViewInput = z.strictObject({
  area: areaField,
  name: nameField,
  shared: sharedField.optional(),
  // Checked against the area's list by the API (`savedViewStateFor`).
  state: z.unknown(),
});
export type SavedViewInput = z.infer<typeof SavedViewInput>;

export const SavedViewPatch = z.strictObject({
  name: nameField.optional(),
  shared: sharedField.optional(),
  state: z.unknown().optional(),
});
export type SavedViewPatch = z.infer<typeof SavedViewPatch>;

export const SavedViewsQuery = z.looseObject({ area: areaField });

export const DefaultViewInput = z.strictObject({
  area: areaField,
  view_id: z
    .number({ error: 'Indique una vista o null.' })
    .int({ error: 'Indique una vista o null.' })
    .min(1, { error: 'Indique una vista o null.' })
    .max(ID_MAX, { error: 'Indique una vista o null.' })
    .nullable(),
});
export type DefaultViewInput = z.infer<typeof DefaultViewInput>;

/** A saved view as the API sends it to one person. */
export interface SavedView {
  id: number;
  area: string;
  name: string;
  shared: boolean;
  state: SavedViewState;
  owner: { id: number; name: string };
  /** Whether the person asking owns it (and so may rename, share or delete it). */
  mine: boolean;
  created_at: string;
  updated_at: string;
}

/** `GET /api/saved-views?area=…`: mine and the shared ones, and which one opens the list for me. */
export interface SavedViewList {
  data: SavedView[];
  meta: { default_view_id: number | null };
}

export const SAVED_VIEW_MESSAGES = {
  nameTaken: 'Ya tiene una vista con ese nombre en esta lista.',
  tooMany: `No puede guardar más de ${SAVED_VIEWS_PER_LIST_MAX} vistas en una lista. Elimine alguna antes.`,
  ownerOnly: 'Solo quien creó la vista puede cambiarla o eliminarla.',
  unknownList: 'Esta lista no admite vistas guardadas.',
} as const;
