import { z } from 'zod';
import { colorField, imageRef, optionalText, type RecordRef, SLUG_LABEL, slugField } from './content';
import { createInputOf, field, type RecordOf, readOnly, reads, updateInputOf } from './fields';
import { areaContract, type ResourceContract } from './resource';
import { requiredText } from './validation';

// docs/areas.md, categories: a tree (parent written as a slug, read as an object), a colour, the path.

export const CATEGORY_DEFAULT_COLOR = '#3b82f6';

const categoryFields = {
  name: field(requiredText('nombre', { max: 100 }), { label: 'Nombre', public: true }),
  slug: field(slugField(), { label: SLUG_LABEL, optional: true, public: true }),
  description: field(optionalText('descripción', { max: 1000 }), {
    label: 'Descripción',
    default: null,
    public: true,
  }),
  parent: field(
    z
      .string({ error: 'El campo categoría superior debe ser el slug de una categoría.' })
      .trim()
      .max(200)
      .nullable(),
    {
      label: 'Categoría superior',
      default: null,
      ref: { area: 'category', by: 'slug' },
      read: reads<RecordRef | null>(),
    },
  ),
  color: field(colorField(), {
    label: 'Color',
    default: CATEGORY_DEFAULT_COLOR,
    public: { description: 'Color en formato #rrggbb.' },
  }),
  // Not in docs/areas.md's row: an optional header image, as organisations' sites show (decision 008).
  image: imageRef('imagen', { label: 'Imagen', public: true }),
  /** "Deportes › Fútbol": the names from the top of the tree down to this one. */
  path: readOnly(reads<string>(), { label: 'Ruta' }),
  /** Subcategories directly below this one (a category with any cannot be deleted). */
  children_count: readOnly(reads<number>(), { label: 'Subcategorías' }),
  /** News filed under it (they keep existing without it when it is deleted). */
  news_count: readOnly(reads<number>(), { label: 'Noticias' }),
};

export const CATEGORIES: ResourceContract<
  'name' | 'slug' | 'path' | 'created_at' | 'updated_at',
  'parent',
  typeof categoryFields
> = areaContract({
  area: 'category',
  lookup: 'slug',
  sortable: ['name', 'slug', 'path', 'created_at', 'updated_at'],
  defaultSort: 'path',
  filters: {
    // A parent's slug, or `none` for the top level.
    parent: z
      .string()
      .trim()
      .max(200)
      .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: 'Indique el slug de una categoría o «none».' }),
  },
  fields: categoryFields,
});

export const CategoryInput = createInputOf(CATEGORIES);
export type CategoryInput = z.infer<typeof CategoryInput>;
export const CategoryUpdateInput = updateInputOf(CATEGORIES);
export type CategoryUpdateInput = z.infer<typeof CategoryUpdateInput>;
export type CategoryRecord = RecordOf<typeof CATEGORIES.fields>;

export const CATEGORY_PATH_SEPARATOR = ' › ';
