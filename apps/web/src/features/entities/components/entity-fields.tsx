import { ENTITY_TYPE_LABELS, ENTITY_TYPES, type EntityRecord, type EntityType } from '@gestor/shared';
import {
  CheckboxControl,
  FormGrid,
  SelectControl,
  type SelectOption,
  TextareaControl,
  TextControl,
} from '../../../components/controls';
import { SlugControl } from '../../../components/controls/slug-control';
import { MediaPickerControl } from '../../../components/media/media-picker-control';
import type { FormFieldsProps } from '../../../components/resource/resource-screens';
import { TaxIdControl } from './tax-id-control';

const TYPE_OPTIONS: SelectOption<EntityType>[] = ENTITY_TYPES.map((type) => ({
  value: type,
  label: ENTITY_TYPE_LABELS[type],
}));

/** Name, type and NIF/CIF, contact details, logo, description and whether it is active. */
export function EntityFields({ record }: FormFieldsProps<EntityRecord>) {
  return (
    <>
      <FormGrid>
        <TextControl name="name" autoComplete="off" />
        <SlugControl from="name" fromLabel="del nombre" addressPrefix={null} />
        <SelectControl name="type" options={TYPE_OPTIONS} placeholder="Elija el tipo de entidad" />
        <TaxIdControl
          name="tax_id"
          hint="NIF, NIE o CIF con su letra o dígito de control, por ejemplo B12345674."
        />
        <TextControl name="email" type="email" autoComplete="off" />
        <TextControl name="phone" autoComplete="off" />
        <TextControl name="website" autoComplete="off" hint="Por ejemplo, https://www.ejemplo.es" />
        <TextControl name="address" autoComplete="off" />
      </FormGrid>
      <TextareaControl name="description" rows={3} />
      <MediaPickerControl name="logo" initial={record?.logo ?? null} />
      <CheckboxControl name="active" variant="switch" />
    </>
  );
}
