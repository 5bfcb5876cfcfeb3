import {
  CATEGORIES,
  type CategoryInput,
  CategoryInput as CategoryInputSchema,
  type CategoryRecord,
  type CategoryUpdateInput,
  CategoryUpdateInput as CategoryUpdateSchema,
  type RecordRef,
  SLUG_LABEL,
} from '@gestor/shared';
import { ValidationError } from '../../lib/http-errors';
import { IMAGE, type MediaUrls, mediaRefSql } from '../multimedia/media-refs';
import { csvDate } from '../resource/csv';
import { CATEGORY, column, reference } from '../resource/declared-fields';
import { defineResource, spanishOrder, TIMESTAMP_SORTS, timestamps } from '../resource/resource-definition';

// Categories (AREAS.md): a tree whose parent is written as a slug, shown with its path
// ("Deportes › Fútbol"). No cycles, and a category with subcategories stays until they go.

export function categoriesResource({ media }: { media: MediaUrls }) {
  return defineResource<CategoryRecord, CategoryInput, Omit<CategoryUpdateInput, 'updated_at'>>({
    contract: CATEGORIES,
    table: 'categories',
    columns: `t.id, t.name, t.slug, t.description, t.color, t.created_at, t.updated_at,
      gestor_category_path(t.id) AS path,
      (SELECT json_build_object('id', p.id, 'name', p.name, 'slug', p.slug) FROM categories p WHERE p.id = t.parent_id) AS parent,
      (SELECT count(*)::int FROM categories c WHERE c.parent_id = t.id) AS children_count,
      (SELECT count(*)::int FROM category_news cn WHERE cn.category_id = t.id) AS news_count,
      ${mediaRefSql('t.image_id')} AS image`,
    toRecord: (row) => ({
      id: row.id as number,
      name: row.name as string,
      slug: row.slug as string,
      description: row.description as string | null,
      parent: row.parent as RecordRef | null,
      color: row.color as string,
      image: media.ref(row.image),
      path: row.path as string,
      children_count: row.children_count as number,
      news_count: row.news_count as number,
      ...timestamps(row),
    }),
    sortColumns: {
      name: spanishOrder('t.name'),
      slug: 't.slug',
      path: spanishOrder('gestor_category_path(t.id)'),
      ...TIMESTAMP_SORTS,
    },
    filterConditions: {
      parent: (value) =>
        `(CASE WHEN ${value} = 'none' THEN t.parent_id IS NULL
               ELSE t.parent_id = (SELECT p.id FROM categories p WHERE p.slug = ${value}) END)`,
    },
    searchColumn: 't.search_text',
    createInput: CategoryInputSchema,
    updateInput: CategoryUpdateSchema,
    slug: { from: 'name' },
    fields: {
      name: column(),
      description: column(),
      color: column(),
      parent: reference('parent_id', CATEGORY),
      image: reference('image_id', IMAGE),
    },
    // Moving categories one at a time: two moves at once (A under B, B under A) could each pass the
    // cycle check alone and together make a loop.
    serializeWrites: true,

    async check({ tx }, { current, columns }) {
      if (!current || !columns.has('parent_id')) return;
      const parent = columns.get('parent_id') as number | null;
      if (parent === null) return;
      // The new parent's ancestors, at any depth (a depth cap let a loop through below it). UNION,
      // not UNION ALL, drops an ancestor already seen, so the walk ends even on a loop already stored.
      const [loop] = await tx.query<{ found: boolean }>(
        `WITH RECURSIVE up (id) AS (
           SELECT $1::integer
           UNION
           SELECT c.parent_id FROM categories c JOIN up ON c.id = up.id WHERE c.parent_id IS NOT NULL
         ) SELECT EXISTS (SELECT 1 FROM up WHERE id = $2) AS found`,
        [parent, current.id],
      );
      if (loop?.found) {
        throw ValidationError.field(
          'parent',
          parent === current.id
            ? 'Una categoría no puede ser su propia categoría superior.'
            : 'La categoría superior no puede ser una de sus subcategorías.',
        );
      }
    },

    async beforeDelete(_ctx, records) {
      for (const record of records) {
        // A branch may go as a whole (bulk delete of a category and all its subcategories); a
        // subcategory is never left without its parent.
        const goingToo = records.filter((other) => other.parent?.id === record.id).length;
        if (record.children_count > goingToo) {
          throw ValidationError.field(
            'ids',
            `No se puede eliminar «${record.name}»: tiene ${record.children_count === 1 ? '1 subcategoría' : `${record.children_count} subcategorías`}.`,
          );
        }
      }
    },

    csv: [
      { header: 'ID', value: (c) => c.id },
      { header: 'Nombre', value: (c) => c.name },
      { header: SLUG_LABEL, value: (c) => c.slug },
      { header: 'Ruta', value: (c) => c.path },
      { header: 'Categoría superior', value: (c) => c.parent?.name ?? null },
      { header: 'Color', value: (c) => c.color },
      { header: 'Noticias', value: (c) => c.news_count },
      { header: 'Descripción', value: (c) => c.description },
      { header: 'Creada', value: (c) => csvDate(c.created_at) },
      { header: 'Modificada', value: (c) => csvDate(c.updated_at) },
    ],
  });
}
