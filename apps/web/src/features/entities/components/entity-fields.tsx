import {
  ENTITIES,
  ENTITY_TYPE_LABELS,
  ENTITY_TYPES,
  type EntityRecord,
  type EntityType,
  maxLengthOf,
} from '@gestor/shared';
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

// Labels and limits come from the field table (decision 018): what the API checks, never a copy.
const { fields } = ENTITIES;

/** Name, type and NIF/CIF, contact details, logo, description and whether it is active. */
export function EntityFields({ record }: FormFieldsProps<EntityRecord>) {
  return (
    <>
      <FormGrid>
        <TextControl
          name="name"
          label={fields.name.label}
          autoComplete="off"
          maxLength={maxLengthOf(fields.name)}
        />
        <SlugControl from="name" fromLabel="del nombre" addressPrefix={null} />
        <SelectControl
          name="type"
          label={fields.type.label}
          options={TYPE_OPTIONS}
          placeholder="Elija el tipo de entidad"
        />
        <TaxIdControl
          name="tax_id"
          label={fields.tax_id.label}
          maxLength={maxLengthOf(fields.tax_id)}
          hint="NIF, NIE o CIF con su letra o dígito de control, por ejemplo B12345674."
        />
        <TextControl
          name="email"
          label={fields.email.label}
          type="email"
          autoComplete="off"
          maxLength={maxLengthOf(fields.email)}
        />
        <TextControl
          name="phone"
          label={fields.phone.label}
          autoComplete="off"
          maxLength={maxLengthOf(fields.phone)}
        />
        <TextControl
          name="website"
          label={fields.website.label}
          autoComplete="off"
          maxLength={maxLengthOf(fields.website)}
          hint="Por ejemplo, https://www.ejemplo.es"
        />
        <TextControl
          name="address"
          label={fields.address.label}
          autoComplete="off"
          maxLength={maxLengthOf(fields.address)}
        />
      </FormGrid>
      <TextareaControl
        name="description"
        label={fields.description.label}
        maxLength={maxLengthOf(fields.description)}
        rows={3}
      />
      <MediaPickerControl name="logo" label={fields.logo.label} initial={record?.logo ?? null} />
      <CheckboxControl name="active" label={fields.active.label} variant="switch" />
    </>
  );
}
