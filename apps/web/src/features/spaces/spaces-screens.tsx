import { SLUG_LABEL, SPACES, SpaceInput, type SpaceRecord, SpaceUpdateInput } from '@gestor/shared';
import { Tag } from 'primereact/tag';
import { useRecordOptions } from '../../components/options/use-record-options';
import { EMPTY_VALUE, formatBoolean } from '../../components/resource/format';
import { defineResourceScreens, type ListFilter } from '../../components/resource/resource-screens';
import { can } from '../../lib/permissions';
import { SPACE_ENTITIES, SpaceFields } from './components/space-fields';
import { SpaceName } from './components/space-name';
import './components/spaces.css';

// Spaces on the resource machinery (decision 008): /space, /space/create, /space/{id}. The entity
// comes from a searchable select, the gallery from the media picker, in an order the person sets.

export interface SpaceFormValues {
  name: string;
  /** Empty on creation: the server makes it from the name. */
  slug: string;
  description: string;
  address: string;
  /** People it holds, or null when not known. */
  capacity: number | null;
  /** The entity's id, or null. */
  entity: number | null;
  /** Media ids, in the gallery's order. */
  images: number[];
  active: boolean;
}

/**
 * The gallery in the Historial: what came in, what went out, and the new order when the order of
 * the images kept changed (a reorder alone adds and removes nothing).
 */
function galleryChange(from: unknown, to: unknown): string[] {
  const before = Array.isArray(from) ? from.map(String) : [];
  const after = Array.isArray(to) ? to.map(String) : [];
  const added = after.filter((name) => !before.includes(name));
  const removed = before.filter((name) => !after.includes(name));
  const kept = (list: string[], other: string[]) => list.filter((name) => other.includes(name)).join('\n');
  const sentences: string[] = [];
  if (added.length) sentences.push(`Añadidas: ${added.join(', ')}`);
  if (removed.length) sentences.push(`Quitadas: ${removed.join(', ')}`);
  if (kept(before, after) !== kept(after, before)) sentences.push(`Nuevo orden: ${after.join(', ')}`);
  return sentences;
}

const ACTIVE_FILTER: ListFilter = {
  name: 'active',
  label: 'Estado',
  options: [
    { value: 'true', label: 'Activos' },
    { value: 'false', label: 'Inactivos' },
  ],
};

function useSpaceFilters(): ListFilter[] {
  const entities = useRecordOptions(SPACE_ENTITIES);
  return [
    // Without entity.view there is nothing to offer: the entities cannot be listed.
    ...(entities.allowed
      ? [
          {
            name: 'entity',
            label: 'Entidad',
            options: entities.options.map((option) => ({ label: option.label, value: String(option.value) })),
          },
        ]
      : []),
    ACTIVE_FILTER,
  ];
}

export const spaceScreens = defineResourceScreens<SpaceRecord, SpaceFormValues>({
  contract: SPACES,
  searchPlaceholder: 'Nombre, slug o dirección',
  purpose: 'Los espacios son los locales y salas que se pueden usar, cada uno de una entidad.',
  columns: [
    {
      field: 'name',
      body: (space) => <SpaceName space={space} />,
      link: true,
      card: 'title',
    },
    {
      field: 'entity',
      card: 'detail',
      body: (space) => space.entity?.name ?? EMPTY_VALUE,
    },
    {
      field: 'capacity',
      align: 'right',
      priority: 2,
      card: 'detail',
      body: (space) => space.capacity ?? EMPTY_VALUE,
    },
    {
      field: 'images',
      align: 'right',
      priority: 3,
      body: (space) => space.images.length,
    },
    {
      field: 'active',
      card: 'status',
      body: (space) => (
        <Tag value={formatBoolean(space.active)} severity={space.active ? 'success' : 'secondary'} />
      ),
    },
  ],
  useFilters: useSpaceFilters,
  form: {
    empty: () => ({
      name: '',
      slug: '',
      description: '',
      address: '',
      capacity: null,
      entity: null,
      images: [],
      active: true,
    }),
    fromRecord: (space) => ({
      name: space.name,
      slug: space.slug,
      description: space.description ?? '',
      address: space.address ?? '',
      capacity: space.capacity,
      entity: space.entity?.id ?? null,
      images: space.images.map((image) => image.id),
      active: space.active,
    }),
    toBody: (values) => ({
      name: values.name,
      ...(values.slug.trim() ? { slug: values.slug.trim() } : {}),
      description: values.description,
      address: values.address,
      capacity: values.capacity,
      // Without entity.view the form could not list them: the entity stays as it is.
      ...(can('entity.view') ? { entity: values.entity } : {}),
      images: values.images,
      active: values.active,
    }),
    createInput: SpaceInput,
    updateInput: SpaceUpdateInput,
    fields: ['name', 'slug', 'description', 'address', 'capacity', 'entity', 'images', 'active'],
    Fields: SpaceFields,
    fieldLabels: {
      name: 'Nombre',
      slug: SLUG_LABEL,
      description: 'Descripción',
      address: 'Dirección',
      capacity: 'Aforo',
      entity: 'Entidad',
      images: 'Galería de imágenes',
      active: 'Activo',
    },
    auditChange: (field, { from, to }, action) =>
      field === 'images' && action === 'updated' ? galleryChange(from, to) : undefined,
  },
});
