import {
  type EntityRef,
  type MediaRef,
  SLUG_LABEL,
  SPACES,
  type SpaceInput,
  SpaceInput as SpaceInputSchema,
  type SpaceRecord,
  type SpaceUpdateInput,
  SpaceUpdateInput as SpaceUpdateSchema,
} from '@gestor/shared';
import { IMAGE, type MediaUrls } from '../multimedia/media-refs';
import { csvDate } from '../resource/csv';
import { column, type RefTarget, reference, referenceList } from '../resource/declared-fields';
import { defineResource, spanishOrder, TIMESTAMP_SORTS, timestamps } from '../resource/resource-definition';

// Spaces (AREAS.md): the places an entity owns, with an ordered gallery from the media library. The
// entity is written by id and read `{id, name}`; the gallery by ids in order and read as media objects.

/** Entities, written by id (`entity: 3`). */
export const ENTITY: RefTarget = {
  table: 'entities',
  key: 'id',
  noun: { one: 'la entidad', many: 'las entidades' },
  shape: (alias) => `json_build_object('id', ${alias}.id, 'name', ${alias}.name)`,
};

/** The gallery in its order, each item as mediaRefSql reads one (media-refs.ts). */
const GALLERY_SQL = `(SELECT coalesce(json_agg(json_build_object('id', m.id, 'name', m.original_name, 'file', m.file,
    'alt', m.alt, 'width', m.width, 'height', m.height, 'thumbnail', m.variants->'thumbnail'->>'file')
    ORDER BY si.position), '[]'::json)
  FROM space_images si JOIN multimedia m ON m.id = si.media_id WHERE si.space_id = t.id)`;

export function spacesResource({ media }: { media: MediaUrls }) {
  return defineResource<SpaceRecord, SpaceInput, Omit<SpaceUpdateInput, 'updated_at'>>({
    contract: SPACES,
    table: 'spaces',
    columns: `t.id, t.name, t.slug, t.description, t.address, t.capacity, t.active, t.created_at, t.updated_at,
      (SELECT json_build_object('id', e.id, 'name', e.name) FROM entities e WHERE e.id = t.entity_id) AS entity,
      ${GALLERY_SQL} AS images`,
    toRecord: (row) => ({
      id: row.id as number,
      name: row.name as string,
      slug: row.slug as string,
      description: row.description as string | null,
      address: row.address as string | null,
      capacity: row.capacity as number | null,
      entity: row.entity as EntityRef | null,
      images: (row.images as unknown[])
        .map((image) => media.ref(image))
        .filter((image): image is MediaRef => !!image),
      active: row.active as boolean,
      ...timestamps(row),
    }),
    sortColumns: {
      name: spanishOrder('t.name'),
      capacity: 't.capacity',
      ...TIMESTAMP_SORTS,
    },
    filterConditions: {
      entity: (value) => `t.entity_id = ${value}`,
      active: (value) => `t.active = ${value}`,
    },
    searchColumn: 't.search_text',
    createInput: SpaceInputSchema,
    updateInput: SpaceUpdateSchema,
    slug: { from: 'name' },
    fields: {
      name: column(),
      description: column(),
      address: column(),
      capacity: column(),
      // Resolved FOR KEY SHARE: an entity being deleted now is waited for, then not found (422).
      entity: reference('entity_id', ENTITY),
      images: referenceList(
        { table: 'space_images', own: 'space_id', other: 'media_id', ordered: true },
        IMAGE,
      ),
      active: column(),
    },
    csv: [
      { header: 'ID', value: (s) => s.id },
      { header: 'Nombre', value: (s) => s.name },
      { header: SLUG_LABEL, value: (s) => s.slug },
      { header: 'Entidad', value: (s) => s.entity?.name ?? null },
      { header: 'Aforo', value: (s) => s.capacity },
      { header: 'Dirección', value: (s) => s.address },
      { header: 'Activo', value: (s) => s.active },
      { header: 'Imágenes', value: (s) => s.images.length },
      { header: 'Descripción', value: (s) => s.description },
      { header: 'Creado', value: (s) => csvDate(s.created_at) },
      { header: 'Modificado', value: (s) => csvDate(s.updated_at) },
    ],
  });
}
