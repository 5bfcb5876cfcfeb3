import type { CategoryRecord } from '@gestor/shared';
import {
  ColorControl,
  FormGrid,
  SelectControl,
  TextareaControl,
  TextControl,
} from '../../../components/controls';
import { SlugControl } from '../../../components/controls/slug-control';
import { MediaPickerControl } from '../../../components/media/media-picker-control';
import type { FormFieldsProps } from '../../../components/resource/resource-screens';
import { useCategoryOptions } from '../api/get-category-options';

/** Name, slug, parent, colour, image and description of a category. */
export function CategoryFields({ record }: FormFieldsProps<CategoryRecord>) {
  const categories = useCategoryOptions();
  // No cycles (AREAS.md): neither the category itself nor anything below it can be its parent.
  const parents = categories.options.filter(
    (option) => !record || (option.id !== record.id && !option.path.startsWith(`${record.path} › `)),
  );

  return (
    <>
      <FormGrid>
        <TextControl name="name" label="Nombre" autoComplete="off" maxLength={100} />
        <SlugControl from="name" fromLabel="del nombre" addressPrefix="/category" />
        <SelectControl
          name="parent"
          label="Categoría superior"
          options={parents}
          nullable
          filter
          placeholder="Ninguna (categoría principal)"
          loading={categories.loading}
        />
        <ColorControl name="color" label="Color" />
      </FormGrid>
      <TextareaControl name="description" label="Descripción" maxLength={1000} rows={3} />
      <MediaPickerControl name="image" label="Imagen" initial={record?.image ?? null} />
    </>
  );
}
