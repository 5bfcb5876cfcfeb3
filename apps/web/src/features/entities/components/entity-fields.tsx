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
        <TextControl name="name" label="Nombre" autoComplete="off" maxLength={150} />
        <SlugControl from="name" fromLabel="del nombre" addressPrefix={null} />
        <SelectControl
          name="type"
          label="Tipo"
          options={TYPE_OPTIONS}
          placeholder="Elija el tipo de entidad"
        />
        <TaxIdControl
          name="tax_id"
          label="NIF/CIF"
          hint="NIF, NIE o CIF con su letra o dígito de control, por ejemplo B12345674."
        />
        <TextControl
          name="email"
          label="Correo electrónico"
          type="email"
          autoComplete="off"
          maxLength={255}
        />
        <TextControl name="phone" label="Teléfono" autoComplete="off" maxLength={40} />
        <TextControl
          name="website"
          label="Web"
          autoComplete="off"
          maxLength={255}
          hint="Por ejemplo, https://www.ejemplo.es"
        />
        <TextControl name="address" label="Dirección" autoComplete="off" maxLength={500} />
      </FormGrid>
      <TextareaControl name="description" label="Descripción" maxLength={2000} rows={3} />
      <MediaPickerControl name="logo" label="Logotipo" initial={record?.logo ?? null} />
      <CheckboxControl name="active" label="Activa" variant="switch" />
    </>
  );
}
