import { z } from 'zod';
import { type MediaRef, optionalText, recordId, slugField } from './content';
import { AREA_API_PATHS } from './permissions';
import { booleanFilter, type ResourceContract, updatedAtField } from './resource';
import { booleanField, requiredText } from './validation';

// AREAS.md, spaces: the places an entity owns (a hall, a sports centre), with their capacity and an
// ordered gallery from the media library. Addressed by id (/space/{id}); the slug is made from the name.

export const SPACES: ResourceContract<
  'name' | 'capacity' | 'created_at' | 'updated_at',
  'entity' | 'active'
> = {
  path: AREA_API_PATHS.space,
  area: 'space',
  label: { one: 'espacio', many: 'espacios' },
  lookup: 'id',
  sortable: ['name', 'capacity', 'created_at', 'updated_at'],
  defaultSort: 'name',
  filters: {
    entity: z
      .string()
      .regex(/^\d{1,9}$/, { error: 'Indique el id de una entidad.' })
      .transform(Number),
    active: booleanFilter,
  },
};

export const CAPACITY_MAX = 1_000_000;
export const GALLERY_MAX = 50;

const spaceFields = {
  name: requiredText('nombre', { max: 150 }),
  slug: slugField(),
  description: optionalText('descripción', { max: 2000 }),
  address: optionalText('dirección', { max: 500 }),
  capacity: z
    .number({ error: 'El campo aforo debe ser un número entero de personas.' })
    .int({ error: 'El campo aforo debe ser un número entero de personas.' })
    .min(0, { error: 'El campo aforo no puede ser negativo.' })
    .max(CAPACITY_MAX, { error: `El campo aforo no puede pasar de ${CAPACITY_MAX.toLocaleString('es-ES')}.` })
    .nullable(),
  entity: recordId('entidad').nullable(),
  // The gallery in order. The same image twice is refused (422 on `images.N`) rather than silently
  // dropped: the order the person sent would otherwise not be the order stored.
  images: z
    .array(recordId('imagen'), { error: 'El campo imágenes debe ser una lista de ids de la biblioteca.' })
    .max(GALLERY_MAX, { error: `La galería admite como máximo ${GALLERY_MAX} imágenes.` })
    .superRefine((ids, ctx) => {
      ids.forEach((id, index) => {
        const first = ids.indexOf(id);
        if (first !== index) {
          ctx.addIssue({
            code: 'custom',
            path: [index],
            message: `La imagen ${index + 1} de la galería está repetida: es la misma que la ${first + 1}.`,
          });
        }
      });
    }),
  active: booleanField('activo'),
};

export const SpaceInput = z.strictObject({
  ...spaceFields,
  slug: spaceFields.slug.optional(),
  description: spaceFields.description.default(null),
  address: spaceFields.address.default(null),
  capacity: spaceFields.capacity.default(null),
  entity: spaceFields.entity.default(null),
  images: spaceFields.images.default([]),
  active: spaceFields.active.default(true),
});
export type SpaceInput = z.infer<typeof SpaceInput>;

export const SpaceUpdateInput = z.strictObject({
  name: spaceFields.name.optional(),
  slug: spaceFields.slug.optional(),
  description: spaceFields.description.optional(),
  address: spaceFields.address.optional(),
  capacity: spaceFields.capacity.optional(),
  entity: spaceFields.entity.optional(),
  images: spaceFields.images.optional(),
  active: spaceFields.active.optional(),
  updated_at: updatedAtField,
});
export type SpaceUpdateInput = z.infer<typeof SpaceUpdateInput>;

/** How a space's entity reads back (AREAS.md: `{id, name}`). */
export interface EntityRef {
  id: number;
  name: string;
}

export interface SpaceRecord {
  id: number;
  name: string;
  slug: string;
  description: string | null;
  address: string | null;
  /** People it holds; null when not given. */
  capacity: number | null;
  entity: EntityRef | null;
  /** The gallery, in order. */
  images: MediaRef[];
  active: boolean;
  created_at: string;
  updated_at: string;
}
