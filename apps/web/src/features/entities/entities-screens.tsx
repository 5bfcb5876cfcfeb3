import { ENTITIES, ENTITY_TYPE_LABELS, type EntityRecord } from '@gestor/shared';
import { Tag } from 'primereact/tag';
import { type FormValuesOf, formOf } from '../../components/resource/form-values';
import { EMPTY_VALUE, formatBoolean } from '../../components/resource/format';
import {
  choiceFilter,
  defineResourceScreens,
  type ListFilter,
} from '../../components/resource/resource-screens';
import { EntityFields } from './components/entity-fields';
import { EntityName } from './components/entity-name';
import './components/entities.css';

// Entities on the resource machinery (decision 008): /entity, /entity/create, /entity/{id}. The
// NIF/CIF is checked in the browser by the API's own check (shared/tax-id.ts). The form is derived
// from the field table (decision 018): the type is null until the person chooses one.

const TYPE_FILTER = choiceFilter(ENTITIES, 'type');

const ACTIVE_FILTER: ListFilter = {
  name: 'active',
  label: 'Estado',
  options: [
    { value: 'true', label: 'Activas' },
    { value: 'false', label: 'Inactivas' },
  ],
};

const FILTERS = [TYPE_FILTER, ACTIVE_FILTER];

export const entityScreens = defineResourceScreens<EntityRecord, FormValuesOf<typeof ENTITIES.fields>>({
  contract: ENTITIES,
  searchPlaceholder: 'Nombre, NIF/CIF o correo',
  purpose:
    'Las entidades son las asociaciones, empresas y organismos con los que se trabaja, y sus espacios.',
  columns: [
    {
      field: 'name',
      body: (entity) => <EntityName entity={entity} />,
      link: true,
      card: 'title',
    },
    { field: 'type', card: 'detail', body: (entity) => ENTITY_TYPE_LABELS[entity.type] },
    { field: 'tax_id', priority: 2, body: (entity) => entity.tax_id ?? EMPTY_VALUE },
    { field: 'spaces_count', align: 'right', priority: 2, card: 'detail' },
    {
      field: 'active',
      card: 'status',
      body: (entity) => (
        <Tag value={formatBoolean(entity.active)} severity={entity.active ? 'success' : 'secondary'} />
      ),
    },
  ],
  useFilters: () => FILTERS,
  // The server refuses it too (422 with the count): an entity with spaces stays until they go.
  canDelete: (entity) => entity.spaces_count === 0,
  form: {
    ...formOf<typeof ENTITIES.fields, EntityRecord>(ENTITIES),
    Fields: EntityFields,
  },
});
