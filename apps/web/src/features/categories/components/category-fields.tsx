import { CATEGORIES, CATEGORY_PATH_SEPARATOR, type CategoryRecord } from '@gestor/shared';
import {
  ColorControl,
  FormGrid,
  SelectControl,
  TextareaControl,
  TextControl,
} from '../../../components/controls';
import { SlugControl } from '../../../components/controls/slug-control';
import { MediaPickerControl } from '../../../components/media/media-picker-control';
import { recordOptions } from '../../../components/options/record-options';
import { useRecordOptions } from '../../../components/options/use-record-options';
import type { FormFieldsProps } from '../../../components/resource/resource-screens';

/** Every category in tree order (by path), written by slug (docs/areas.md): the parent and the parent filter. */
export const CATEGORY_PARENTS = recordOptions(CATEGORIES, {
  value: (c: CategoryRecord) => c.slug,
  label: (c) => c.path,
});

/** Name, slug, parent, colour, image and description of a category. */
export function CategoryFields({ record }: FormFieldsProps<CategoryRecord>) {
  const categories = useRecordOptions(CATEGORY_PARENTS);
  // No cycles (docs/areas.md): neither the category itself nor anything below it can be its parent.
  const parents = categories.options.filter(
    ({ record: parent }) =>
      !record ||
      (parent.id !== record.id && !parent.path.startsWith(`${record.path}${CATEGORY_PATH_SEPARATOR}`)),
  );

  return (
    <>
      <FormGrid>
        <TextControl name="name" autoComplete="off" />
        <SlugControl from="name" fromLabel="del nombre" addressPrefix="/category" />
        <SelectControl
          name="parent"
          options={parents}
          nullable
          filter
          placeholder="Ninguna (categoría principal)"
          loading={categories.loading}
        />
        <ColorControl name="color" />
      </FormGrid>
      <TextareaControl name="description" rows={3} />
      <MediaPickerControl name="image" initial={record?.image ?? null} />
    </>
  );
}
