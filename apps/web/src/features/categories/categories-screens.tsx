import { CATEGORIES, type CategoryRecord } from '@gestor/shared';
import { useRecordOptions } from '../../components/options/use-record-options';
import { type FormValuesOf, formOf } from '../../components/resource/form-values';
import { formatDateTime } from '../../components/resource/format';
import { defineResourceScreens, type ListFilter } from '../../components/resource/resource-screens';
import { CATEGORY_PARENTS, CategoryFields } from './components/category-fields';
import { CategoryName } from './components/category-name';
import './components/categories.css';

// Categories on the resource machinery (decision 008): /category, /category/create, /category/{slug}.
// The form is derived from the field table (decision 018): the parent goes as its slug or null.

/** Filter by parent: the top level, or the subcategories of one category. */
function useCategoryFilters(): ListFilter[] {
  const categories = useRecordOptions(CATEGORY_PARENTS);
  return [
    {
      name: 'parent',
      label: CATEGORIES.fields.parent.label,
      options: [{ label: 'Solo principales', value: 'none' }, ...categories.options],
    },
  ];
}

export const categoryScreens = defineResourceScreens<CategoryRecord, FormValuesOf<typeof CATEGORIES.fields>>({
  contract: CATEGORIES,
  searchPlaceholder: 'Nombre, slug o descripción',
  purpose: 'Las categorías ordenan las noticias por temas, unas dentro de otras.',
  columns: [
    {
      field: 'name',
      body: (category) => <CategoryName category={category} />,
      link: true,
      card: 'title',
    },
    { field: 'path', priority: 2, card: 'detail' },
    { field: 'slug', priority: 3 },
    { field: 'children_count', align: 'right', priority: 2 },
    {
      field: 'updated_at',
      card: 'date',
      body: (category) => formatDateTime(category.updated_at),
    },
  ],
  useFilters: useCategoryFilters,
  // The server refuses it too (422): a category with subcategories stays until they go.
  canDelete: (category) => category.children_count === 0,
  form: {
    ...formOf<typeof CATEGORIES.fields, CategoryRecord>(CATEGORIES),
    Fields: CategoryFields,
  },
});
