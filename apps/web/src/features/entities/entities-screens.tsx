import {
  ENTITIES,
  ENTITY_TYPE_LABELS,
  ENTITY_TYPES,
  EntityInput,
  type EntityRecord,
  type EntityType,
  EntityUpdateInput,
  SLUG_LABEL,
} from '@gestor/shared';
import { Tag } from 'primereact/tag';
import { EMPTY_VALUE, formatBoolean } from '../../components/resource/format';
import { defineResourceScreens, type ListFilter } from '../../components/resource/resource-screens';
import { EntityFields } from './components/entity-fields';
import { EntityName } from './components/entity-name';
import './components/entities.css';

// Entities on the resource machinery (decision 008): /entity, /entity/create, /entity/{id}. The
// NIF/CIF is checked in the browser by the API's own check (shared/tax-id.ts).

export interface EntityFormValues {
  name: string;
  /** Empty on creation: the server makes it from the name. */
  slug: string;
  /** Null until the person chooses one (the schema asks for it). */
  type: EntityType | null;
  tax_id: string;
  email: string;
  phone: string;
  website: string;
  address: string;
  /** A media item's id, or null. */
  logo: number | null;
  description: string;
  active: boolean;
}

const TYPE_FILTER: ListFilter = {
  name: 'type',
  label: 'Tipo',
  options: ENTITY_TYPES.map((type) => ({ value: type, label: ENTITY_TYPE_LABELS[type] })),
};

const ACTIVE_FILTER: ListFilter = {
  name: 'active',
  label: 'Estado',
  options: [
    { value: 'true', label: 'Activas' },
    { value: 'false', label: 'Inactivas' },
  ],
};

const FILTERS = [TYPE_FILTER, ACTIVE_FILTER];

export const entityScreens = defineResourceScreens<EntityRecord, EntityFormValues>({
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
    empty: () => ({
      name: '',
      slug: '',
      type: null,
      tax_id: '',
      email: '',
      phone: '',
      website: '',
      address: '',
      logo: null,
      description: '',
      active: true,
    }),
    fromRecord: (entity) => ({
      name: entity.name,
      slug: entity.slug,
      type: entity.type,
      tax_id: entity.tax_id ?? '',
      email: entity.email ?? '',
      phone: entity.phone ?? '',
      website: entity.website ?? '',
      address: entity.address ?? '',
      logo: entity.logo?.id ?? null,
      description: entity.description ?? '',
      active: entity.active,
    }),
    toBody: (values) => ({
      name: values.name,
      ...(values.slug.trim() ? { slug: values.slug.trim() } : {}),
      type: values.type,
      tax_id: values.tax_id,
      email: values.email,
      phone: values.phone,
      website: values.website,
      address: values.address,
      logo: values.logo,
      description: values.description,
      active: values.active,
    }),
    createInput: EntityInput,
    updateInput: EntityUpdateInput,
    fields: [
      'name',
      'slug',
      'type',
      'tax_id',
      'email',
      'phone',
      'website',
      'address',
      'logo',
      'description',
      'active',
    ],
    Fields: EntityFields,
    fieldLabels: {
      name: 'Nombre',
      slug: SLUG_LABEL,
      type: 'Tipo',
      tax_id: 'NIF/CIF',
      email: 'Correo electrónico',
      phone: 'Teléfono',
      website: 'Web',
      address: 'Dirección',
      logo: 'Logotipo',
      description: 'Descripción',
      active: 'Activa',
    },
    auditItemLabel: (field, item) =>
      field === 'type' ? (ENTITY_TYPE_LABELS[item as EntityType] ?? item) : item,
  },
});
