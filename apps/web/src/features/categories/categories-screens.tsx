import {
  CATEGORIES,
  CATEGORY_DEFAULT_COLOR,
  CategoryInput,
  type CategoryRecord,
  CategoryUpdateInput,
  SLUG_LABEL,
} from '@gestor/shared';
import { useRecordOptions } from '../../components/options/use-record-options';
import { formatDateTime } from '../../components/resource/format';
import { defineResourceScreens, type ListFilter } from '../../components/resource/resource-screens';
import { CATEGORY_PARENTS, CategoryFields } from './components/category-fields';
import { CategoryName } from './components/category-name';
import './components/categories.css';

// Categories on the resource machinery (decision 008): /category, /category/create, /category/{slug}.

export interface CategoryFormValues {
  name: string;
  /** Empty on creation: the server makes it from the name. */
  slug: string;
  description: string;
  /** The parent's slug, or null at the top of the tree. */
  parent: string | null;
  color: string;
  /** A media item's id, or null. */
  image: number | null;
}

/** Filter by parent: the top level, or the subcategories of one category. */
function useCategoryFilters(): ListFilter[] {
  const categories = useRecordOptions(CATEGORY_PARENTS);
  return [
    {
      name: 'parent',
      label: 'Categoría superior',
      options: [{ label: 'Solo principales', value: 'none' }, ...categories.options],
    },
  ];
}

export const categoryScreens = defineResourceScreens<CategoryRecord, CategoryFormValues>({
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
    empty: () => ({
      name: '',
      slug: '',
      description: '',
      parent: null,
      color: CATEGORY_DEFAULT_COLOR,
      image: null,
    }),
    fromRecord: (category) => ({
      name: category.name,
      slug: category.slug,
      description: category.description ?? '',
      parent: category.parent?.slug ?? null,
      color: category.color,
      image: category.image?.id ?? null,
    }),
    toBody: (values) => ({
      name: values.name,
      ...(values.slug.trim() ? { slug: values.slug.trim() } : {}),
      description: values.description,
      parent: values.parent,
      color: values.color,
      image: values.image,
    }),
    createInput: CategoryInput,
    updateInput: CategoryUpdateInput,
    fields: ['name', 'slug', 'description', 'parent', 'color', 'image'],
    Fields: CategoryFields,
    fieldLabels: {
      name: 'Nombre',
      slug: SLUG_LABEL,
      description: 'Descripción',
      parent: 'Categoría superior',
      color: 'Color',
      image: 'Imagen',
    },
  },
});
