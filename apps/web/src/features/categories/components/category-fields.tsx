import { CATEGORIES, CATEGORY_PATH_SEPARATOR, type CategoryRecord, maxLengthOf } from '@gestor/shared';
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

/** Every category in tree order (by path), written by slug (AREAS.md): the parent and the parent filter. */
export const CATEGORY_PARENTS = recordOptions(CATEGORIES, {
  value: (c: CategoryRecord) => c.slug,
  label: (c) => c.path,
});

// Labels and limits come from the field table (decision 018): what the API checks, never a copy.
const { fields } = CATEGORIES;

/** Name, slug, parent, colour, image and description of a category. */
export function CategoryFields({ record }: FormFieldsProps<CategoryRecord>) {
  const categories = useRecordOptions(CATEGORY_PARENTS);
  // No cycles (AREAS.md): neither the category itself nor anything below it can be its parent.
  const parents = categories.options.filter(
    ({ record: parent }) =>
      !record ||
      (parent.id !== record.id && !parent.path.startsWith(`${record.path}${CATEGORY_PATH_SEPARATOR}`)),
  );

  return (
    <>
      <FormGrid>
        <TextControl
          name="name"
          label={fields.name.label}
          autoComplete="off"
          maxLength={maxLengthOf(fields.name)}
        />
        <SlugControl from="name" fromLabel="del nombre" addressPrefix="/category" />
        <SelectControl
          name="parent"
          label={fields.parent.label}
          options={parents}
          nullable
          filter
          placeholder="Ninguna (categoría principal)"
          loading={categories.loading}
        />
        <ColorControl name="color" label={fields.color.label} />
      </FormGrid>
      <TextareaControl
        name="description"
        label={fields.description.label}
        maxLength={maxLengthOf(fields.description)}
        rows={3}
      />
      <MediaPickerControl name="image" label={fields.image.label} initial={record?.image ?? null} />
    </>
  );
}
