import {
  ENTITIES,
  type EntityInput,
  type EntityRecord,
  type EntityUpdateInput,
  PUBLIC_PATHS,
  PublicEntityQuery,
} from '@gestor/shared';
import { ValidationError } from '../../lib/http-errors';
import { defineArea } from '../resource/area-declaration';
import { spanishOrder, TIMESTAMP_SORTS } from '../resource/resource-definition';

// Entities (docs/areas.md): the organisations Gestor records. The NIF/NIE/CIF is checked by the shared
// schema (shared/tax-id.ts) and unique; an entity that still has spaces is not deleted.

/** Public: active and not in the trash. */
const ACTIVE_ENTITY = 't.active AND t.deleted_at IS NULL';

const TAX_ID_TAKEN = 'Ya hay otra entidad con este NIF/CIF.';

const spacesPhrase = (count: number) => (count === 1 ? '1 espacio' : `${count} espacios`);

export function entitiesResource() {
  return defineArea<EntityRecord, EntityInput, Omit<EntityUpdateInput, 'updated_at'>>({
    contract: ENTITIES,
    table: 'entities',
    select: {
      spaces_count: '(SELECT count(*)::int FROM spaces s WHERE s.entity_id = t.id AND s.deleted_at IS NULL)',
    },
    // An inactive entity is not on the website (public-records.ts): its writes are no one's news.
    sortColumns: {
      name: spanishOrder('t.name'),
      type: 't.type',
      ...TIMESTAMP_SORTS,
    },
    filterConditions: {
      type: (value) => `t.type = ${value}`,
      active: (value) => `t.active = ${value}`,
    },
    searchColumn: 't.search_text',
    // Two entities written at once with one NIF both pass the check below: the constraint decides.
    uniqueConstraints: { entities_tax_id_key: { field: 'tax_id', message: TAX_ID_TAKEN } },
    // The delete of an entity waits for a space being created for it (the space locks it FOR KEY
    // SHARE) and then counts it, below. Should a new space still slip in, its foreign key (no ON
    // DELETE) stops the delete, and the person reads why rather than a 500.
    foreignKeyConstraints: {
      spaces_entity_id_fkey: {
        field: 'ids',
        message: 'No se puede eliminar la entidad: tiene espacios. Elimínelos o cámbielos de entidad antes.',
      },
    },

    async check({ tx }, { current, columns }) {
      const taxId = columns.get('tax_id');
      if (typeof taxId !== 'string') return;
      const [owner] = await tx.query<{ name: string }>(
        // A trashed holder is named by the trash's own message (decision 026).
        'SELECT name FROM entities WHERE tax_id = $1 AND id IS DISTINCT FROM $2 AND deleted_at IS NULL',
        [taxId, current?.id ?? null],
      );
      if (owner) throw ValidationError.field('tax_id', `El NIF/CIF ${taxId} ya es de «${owner.name}».`);
    },

    async beforeDelete({ tx }, records) {
      // Counted now, after the machinery locked the entities FOR UPDATE: a space created meanwhile
      // has committed (its lock on the entity was waited for) and is seen by this new statement;
      // the count read with the rows may predate it.
      const counts = await tx.query<{ entity_id: number; count: number }>(
        `SELECT entity_id, count(*)::int AS count FROM spaces
          WHERE entity_id = ANY($1::int[]) AND deleted_at IS NULL GROUP BY entity_id ORDER BY entity_id`,
        [records.map((record) => record.id)],
      );
      const refused = counts.map(({ entity_id, count }) => ({
        name: records.find((record) => record.id === entity_id)?.name ?? `#${entity_id}`,
        count,
      }));
      if (refused.length === 1) {
        const [one] = refused;
        throw ValidationError.field(
          'ids',
          `No se puede eliminar «${one!.name}»: tiene ${spacesPhrase(one!.count)}. Elimínelos o cámbielos de entidad antes.`,
        );
      }
      if (refused.length > 1) {
        const shown = refused.slice(0, 5).map(({ name, count }) => `«${name}» tiene ${spacesPhrase(count)}`);
        if (refused.length > 5) shown.push(`y ${refused.length - 5} más tienen espacios`);
        throw ValidationError.field('ids', `No se pueden eliminar: ${shown.join('; ')}.`);
      }
    },

    csv: [
      ...(['id', 'name', 'slug', 'type', 'tax_id', 'email', 'phone', 'website', 'address'] as const),
      ...(['active', 'spaces_count', 'description', 'created_at', 'updated_at'] as const),
    ],
    // The active ones, by name, with their public spaces counted.
    publicSide: {
      path: PUBLIC_PATHS.entity,
      condition: ACTIVE_ENTITY,
      order: `${spanishOrder('t.name')}, t.id`,
      query: PublicEntityQuery,
      filters: { type: (type, params) => `t.type = ${params.add(type)}` },
      own: {
        spaces_count: {
          sql: '(SELECT count(*)::int FROM spaces s WHERE s.entity_id = t.id AND s.active AND s.deleted_at IS NULL)',
          read: Number,
        },
      },
      updatedAt: false,
    },
  });
}
