import { type CategoryRecord, slugify } from '@gestor/shared';
import { useFormContext, useWatch } from 'react-hook-form';
import { MediaPickerControl } from '../../../components/media/media-picker-control';
import {
  ColorControl,
  FormGrid,
  SelectControl,
  TextareaControl,
} from '../../../components/resource/controls';
import { TextControl } from '../../../components/resource/form-controls';
import type { FormFieldsProps } from '../../../components/resource/resource-screens';
import { useCategoryOptions } from '../api/get-category-options';
import type { CategoryFormValues } from '../categories-screens';

/** Name, slug, parent, colour, image and description of a category. */
export function CategoryFields({ record }: FormFieldsProps<CategoryRecord>) {
  const { control } = useFormContext<CategoryFormValues>();
  const categories = useCategoryOptions();
  const [name, slug] = useWatch({ control, name: ['name', 'slug'] });
  // No cycles (AREAS.md): neither the category itself nor anything below it can be its parent.
  const parents = categories.options.filter(
    (option) => !record || (option.id !== record.id && !option.path.startsWith(`${record.path} › `)),
  );
  const address = slug.trim() || slugify(name);

  return (
    <>
      <FormGrid>
        <TextControl name="name" label="Nombre" autoComplete="off" maxLength={100} />
        <TextControl
          name="slug"
          label="Slug"
          autoComplete="off"
          maxLength={200}
          hint={
            address
              ? `Dirección: /category/${address}${slug.trim() ? '' : ' (se genera a partir del nombre)'}`
              : 'Se genera a partir del nombre si lo deja vacío.'
          }
        />
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
