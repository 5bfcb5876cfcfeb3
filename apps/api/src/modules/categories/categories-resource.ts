import {
  CATEGORIES,
  type CategoryInput,
  type CategoryRecord,
  type CategoryUpdateInput,
  PUBLIC_PATHS,
  PublicListQuery,
} from '@gestor/shared';
import { ValidationError } from '../../lib/http-errors';
import { defineArea } from '../resource/area-declaration';
import { publishedNowSql } from '../resource/publishing';
import { spanishOrder, TIMESTAMP_SORTS } from '../resource/resource-definition';

// Categories (docs/areas.md): a tree whose parent is written as a slug, shown with its path
// ("Deportes › Fútbol"). No cycles, and a category with subcategories stays until they go.

/** Ids of a category (by its slug, a placeholder) and of every one below it, however deep (a loop stored by mistake ends the walk). */
export const categoryTreeSql = (slug: string) =>
  `ARRAY(WITH RECURSIVE tree (id) AS (
           SELECT c.id FROM categories c WHERE c.slug = ${slug} AND c.deleted_at IS NULL
           UNION
           SELECT c.id FROM categories c JOIN tree ON c.parent_id = tree.id WHERE c.deleted_at IS NULL
         ) SELECT id FROM tree)`;

/** How an area's records are filed under categories: its join table and the column naming the record. */
export interface CategoryLink {
  table: string;
  own: string;
}

/** The record `t` is filed under the category whose slug the placeholder holds (the admin's filter). */
export const inCategorySql = ({ table, own }: CategoryLink, slug: string) =>
  `EXISTS (SELECT 1 FROM ${table} j JOIN categories c ON c.id = j.category_id WHERE j.${own} = t.id AND c.slug = ${slug})`;

/** The record `t` is filed under that category or one below it (the website's filter). */
export const inCategoryTreeSql = ({ table, own }: CategoryLink, slug: string) =>
  `EXISTS (SELECT 1 FROM ${table} j WHERE j.${own} = t.id AND j.category_id = ANY (${categoryTreeSql(slug)}))`;

/** The record's categories as the website reads them, in their order: `[{slug, name, color}]`. */
export const publicCategoriesSql = ({ table, own }: CategoryLink) =>
  `(SELECT coalesce(json_agg(json_build_object('slug', c.slug, 'name', c.name, 'color', c.color) ORDER BY j.position), '[]'::json)
     FROM ${table} j JOIN categories c ON c.id = j.category_id AND c.deleted_at IS NULL WHERE j.${own} = t.id)`;

export function categoriesResource() {
  return defineArea<CategoryRecord, CategoryInput, Omit<CategoryUpdateInput, 'updated_at'>>({
    contract: CATEGORIES,
    table: 'categories',
    select: {
      path: 'gestor_category_path(t.id)',
      children_count:
        '(SELECT count(*)::int FROM categories c WHERE c.parent_id = t.id AND c.deleted_at IS NULL)',
      news_count: `(SELECT count(*)::int FROM category_news cn JOIN news n ON n.id = cn.news_id AND n.deleted_at IS NULL
         WHERE cn.category_id = t.id)`,
    },
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
      'id',
      'name',
      'slug',
      'path',
      'parent',
      'color',
      'news_count',
      'description',
      'created_at',
      'updated_at',
    ],
    // Every category not in the trash, by path; its parent as a slug, its public news counted.
    publicSide: {
      path: PUBLIC_PATHS.category,
      condition: 't.deleted_at IS NULL',
      order: `${spanishOrder('gestor_category_path(t.id)')}, t.id`,
      query: PublicListQuery,
      own: {
        parent: { sql: '(SELECT p.slug FROM categories p WHERE p.id = t.parent_id)', from: ['parent'] },
        path: { sql: 'gestor_category_path(t.id)', from: ['name', 'parent'] },
        news_count: {
          sql: `(SELECT count(*)::int FROM category_news cn JOIN news n ON n.id = cn.news_id
                  WHERE cn.category_id = t.id AND ${publishedNowSql('n', { withdrawal: true })})`,
          read: Number,
        },
      },
      updatedAt: false,
    },
  });
}
