import { z } from 'zod';
import { colorField, type MediaRef, optionalText, type RecordRef, recordId, slugField } from './content';
import { AREA_API_PATHS } from './permissions';
import { type ResourceContract, updatedAtField } from './resource';
import { requiredText } from './validation';

// AREAS.md, categories: a tree (parent written as a slug, read as an object), a colour, the path.

export const CATEGORIES: ResourceContract<'name' | 'slug' | 'path' | 'created_at' | 'updated_at', 'parent'> =
  {
    path: AREA_API_PATHS.category,
    area: 'category',
    label: { one: 'categoría', many: 'categorías' },
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
  };

export const CATEGORY_DEFAULT_COLOR = '#3b82f6';

const categoryFields = {
  name: requiredText('nombre', { max: 100 }),
  slug: slugField(),
  description: optionalText('descripción', { max: 1000 }),
  parent: z
    .string({ error: 'El campo categoría superior debe ser el slug de una categoría.' })
    .trim()
    .max(200)
    .nullable(),
  color: colorField(),
  // Not in AREAS.md's row: an optional header image, as organisations' sites show (decision 008).
  image: recordId('imagen').nullable(),
};

export const CategoryInput = z.strictObject({
  ...categoryFields,
  slug: categoryFields.slug.optional(),
  description: categoryFields.description.default(null),
  parent: categoryFields.parent.default(null),
  color: categoryFields.color.default(CATEGORY_DEFAULT_COLOR),
  image: categoryFields.image.default(null),
});
export type CategoryInput = z.infer<typeof CategoryInput>;

export const CategoryUpdateInput = z.strictObject({
  name: categoryFields.name.optional(),
  slug: categoryFields.slug.optional(),
  description: categoryFields.description.optional(),
  parent: categoryFields.parent.optional(),
  color: categoryFields.color.optional(),
  image: categoryFields.image.optional(),
  updated_at: updatedAtField,
});
export type CategoryUpdateInput = z.infer<typeof CategoryUpdateInput>;

export interface CategoryRecord {
  id: number;
  name: string;
  slug: string;
  description: string | null;
  parent: RecordRef | null;
  color: string;
  image: MediaRef | null;
  /** "Deportes › Fútbol": the names from the top of the tree down to this one. */
  path: string;
  /** Subcategories directly below this one (a category with any cannot be deleted). */
  children_count: number;
  /** News filed under it (they keep existing without it when it is deleted). */
  news_count: number;
  created_at: string;
  updated_at: string;
}

export const CATEGORY_PATH_SEPARATOR = ' › ';
