import { SPACES, type SpaceRecord } from '@gestor/shared';
import { Tag } from 'primereact/tag';
import { useRecordOptions } from '../../components/options/use-record-options';
import { type FormValuesOf, formOf } from '../../components/resource/form-values';
import { EMPTY_VALUE, formatBoolean } from '../../components/resource/format';
import { defineResourceScreens, type ListFilter } from '../../components/resource/resource-screens';
import { SPACE_ENTITIES, SpaceFields } from './components/space-fields';
import { SpaceName } from './components/space-name';
import './components/spaces.css';

// Spaces on the resource machinery (decision 008): /space, /space/create, /space/{id}. The entity
// comes from a searchable select, the gallery from the media picker, in an order the person sets.
// The form is derived from the field table (decision 018): the entity goes as its id (left out
// without entity.view: the form could not list them, so it stays as it is), the gallery as its ids
// in order.

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
            label: SPACES.fields.entity.label,
            options: entities.options.map((option) => ({ label: option.label, value: String(option.value) })),
          },
        ]
      : []),
    ACTIVE_FILTER,
  ];
}

export const spaceScreens = defineResourceScreens<SpaceRecord, FormValuesOf<typeof SPACES.fields>>({
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
    ...formOf<typeof SPACES.fields, SpaceRecord>(SPACES),
    Fields: SpaceFields,
    auditChange: (field, { from, to }, action) =>
      field === 'images' && (action === 'updated' || action === 'reverted')
        ? galleryChange(from, to)
        : undefined,
  },
});
