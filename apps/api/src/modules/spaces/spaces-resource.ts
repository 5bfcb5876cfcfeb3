import {
  PUBLIC_PATHS,
  PublicSpaceQuery,
  SPACES,
  type SpaceInput,
  type SpaceRecord,
  type SpaceUpdateInput,
} from '@gestor/shared';
import { publicMediaSql } from '../public/public-media';
import { defineArea, joinTable } from '../resource/area-declaration';
import { spanishOrder, TIMESTAMP_SORTS } from '../resource/resource-definition';

// Spaces (docs/areas.md): the places an entity owns, with an ordered gallery from the media library. The
// entity is written by id and read `{id, name}`; it is resolved FOR KEY SHARE, so an entity being
// deleted now is waited for, then not found (422). The gallery is written as ids in order and read
// as media objects.

/** A space the website shows: active, not in the trash, of an active entity or of none. */
export const publicSpaceSql = (alias: string) =>
  `${alias}.active AND ${alias}.deleted_at IS NULL AND (${alias}.entity_id IS NULL OR EXISTS (
     SELECT 1 FROM entities e WHERE e.id = ${alias}.entity_id AND e.active AND e.deleted_at IS NULL))`;

export function spacesResource() {
  return defineArea<SpaceRecord, SpaceInput, Omit<SpaceUpdateInput, 'updated_at'>>({
    contract: SPACES,
    table: 'spaces',
    storage: { images: joinTable('space_images', 'space_id', 'media_id') },
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
    csv: [
      ...(['id', 'name', 'slug', 'entity', 'capacity', 'address', 'active'] as const),
      // The export gives the gallery's size, not its images' names.
      { field: 'images', value: (space) => space.images.length },
      ...(['description', 'created_at', 'updated_at'] as const),
    ],
    // Active, of an active entity or of none; by name, with the entity and the gallery in its order.
    publicSide: {
      path: PUBLIC_PATHS.space,
      condition: publicSpaceSql('t'),
      order: `${spanishOrder('t.name')}, t.id`,
      query: PublicSpaceQuery,
      filters: {
        entity: (slug, params) =>
          `t.entity_id = (SELECT e.id FROM entities e WHERE e.slug = ${params.add(slug)})`,
      },
      own: {
        entity: {
          from: ['entity'],
          sql: `(SELECT json_build_object('slug', e.slug, 'name', e.name) FROM entities e WHERE e.id = t.entity_id)`,
        },
        images: {
          from: ['images'],
          sql: `(SELECT coalesce(json_agg(${publicMediaSql('m')} ORDER BY si.position), '[]'::json)
                   FROM space_images si JOIN multimedia m ON m.id = si.media_id WHERE si.space_id = t.id)`,
          media: 'list',
        },
      },
      updatedAt: false,
    },
  });
}
