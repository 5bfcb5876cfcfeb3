import { ENTITIES, type EntityRecord, GALLERY_MAX, rangeOf, SPACES, type SpaceRecord } from '@gestor/shared';
import {
  CheckboxControl,
  FormGrid,
  NumberControl,
  SelectControl,
  TextareaControl,
  TextControl,
} from '../../../components/controls';
import { SlugControl } from '../../../components/controls/slug-control';
import { MediaGalleryControl } from '../../../components/media/media-gallery-control';
import { recordOptions } from '../../../components/options/record-options';
import { useRecordOptions } from '../../../components/options/use-record-options';
import { EMPTY_VALUE } from '../../../components/resource/format';
import type { FormFieldsProps } from '../../../components/resource/resource-screens';

/** A space's entity is written by id (docs/areas.md); an inactive one says so. */
export const SPACE_ENTITIES = recordOptions(ENTITIES, {
  value: (entity: EntityRecord) => entity.id,
  label: (entity) => (entity.active ? entity.name : `${entity.name} (inactiva)`),
});

// Labels and limits come from the field table (decision 018): what the API checks, never a copy.
const { fields } = SPACES;
const capacity = rangeOf(fields.capacity);

/** Name, the entity it belongs to, capacity, address, description, the gallery, whether it is active. */
export function SpaceFields({ record, readOnly }: FormFieldsProps<SpaceRecord>) {
  const entities = useRecordOptions(SPACE_ENTITIES);
  return (
    <>
      <FormGrid>
        <TextControl name="name" autoComplete="off" />
        <SlugControl from="name" fromLabel="del nombre" addressPrefix={null} />
        {entities.allowed && !readOnly ? (
          <SelectControl
            name="entity"
            options={entities.options}
            nullable
            filter
            loading={entities.loading}
            placeholder="Ninguna"
          />
        ) : (
          // Read-only, or without entity.view (listing them would be a 403, which signs out): the
          // space's own entity by name, kept as it is.
          <div className="form-field">
            <span className="form-field-label">{fields.entity.label}</span>
            <span>{record?.entity?.name ?? EMPTY_VALUE}</span>
            {!entities.allowed && !readOnly && (
              <small className="form-field-hint">
                No tiene permiso para ver las entidades: se mantiene la actual.
              </small>
            )}
          </div>
        )}
        <NumberControl
          name="capacity"
          min={capacity.min}
          max={capacity.max}
          suffix=" personas"
          hint="Personas que caben. Vacío si no se conoce."
        />
      </FormGrid>
      <TextControl name="address" autoComplete="off" />
      <TextareaControl name="description" rows={3} />
      <MediaGalleryControl
        name="images"
        hint="El orden de la galería es el que se mostrará; la primera imagen es la principal."
        initial={record?.images ?? []}
        max={GALLERY_MAX}
      />
      <CheckboxControl name="active" variant="switch" />
    </>
  );
}
