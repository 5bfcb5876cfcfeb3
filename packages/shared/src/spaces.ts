import { z } from 'zod';
import { type MediaRef, optionalText, recordId, SLUG_LABEL, slugField } from './content';
import { createInputOf, field, type RecordOf, reads, updateInputOf } from './fields';
import { areaContract, booleanFilter, type ResourceContract } from './resource';
import { booleanField, requiredText } from './validation';

// docs/areas.md, spaces: the places an entity owns (a hall, a sports centre), with their capacity and an
// ordered gallery from the media library. Addressed by id (/space/{id}); the slug is made from the name.

export const CAPACITY_MAX = 1_000_000;
export const GALLERY_MAX = 50;

const spaceFields = {
  name: field(requiredText('nombre', { max: 150 }), { label: 'Nombre', public: true }),
  slug: field(slugField(), { label: SLUG_LABEL, optional: true, public: true }),
  description: field(optionalText('descripción', { max: 2000 }), {
    label: 'Descripción',
    default: null,
    public: true,
  }),
  address: field(optionalText('dirección', { max: 500 }), {
    label: 'Dirección',
    default: null,
    public: { description: 'Dirección postal.' },
  }),
  /** People it holds; null when not given. */
  capacity: field(
    z
      .number({ error: 'El campo aforo debe ser un número entero de personas.' })
      .int({ error: 'El campo aforo debe ser un número entero de personas.' })
      .min(0, { error: 'El campo aforo no puede ser negativo.' })
      .max(CAPACITY_MAX, {
        error: `El campo aforo no puede pasar de ${CAPACITY_MAX.toLocaleString('es-ES')}.`,
      })
      .nullable(),
    { label: 'Aforo', default: null, public: { description: 'Aforo, o null.' } },
  ),
  /** docs/areas.md: read back as `{id, name}`. */
  entity: field(recordId('entidad').nullable(), {
    label: 'Entidad',
    default: null,
    ref: { area: 'entity', by: 'id' },
    read: reads<EntityRef | null>(),
  }),
  // The gallery in order. The same image twice is refused (422 on `images.N`) rather than silently
  // dropped: the order the person sent would otherwise not be the order stored.
  images: field(
    z
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
    {
      label: 'Galería de imágenes',
      header: 'Imágenes',
      default: [],
      ref: { area: 'multimedia', by: 'id', many: true, ordered: true, accept: 'image' },
      read: reads<MediaRef[]>(),
    },
  ),
  active: field(booleanField('activo'), { label: 'Activo', default: true }),
};

/** How a space's entity reads back (docs/areas.md: `{id, name}`). */
export interface EntityRef {
  id: number;
  name: string;
}

export const SPACES: ResourceContract<
  'name' | 'capacity' | 'created_at' | 'updated_at',
  'entity' | 'active',
  typeof spaceFields
> = areaContract({
  area: 'space',
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
  fields: spaceFields,
});

export const SpaceInput = createInputOf(SPACES);
export type SpaceInput = z.infer<typeof SpaceInput>;
export const SpaceUpdateInput = updateInputOf(SPACES);
export type SpaceUpdateInput = z.infer<typeof SpaceUpdateInput>;
export type SpaceRecord = RecordOf<typeof SPACES.fields>;
