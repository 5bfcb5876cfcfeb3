import { ENTITIES, type EntityRecord, type Paginated, PER_PAGE_MAX } from '@gestor/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useCan } from '../../../lib/permissions';

// The entities a space may belong to, for the form's searchable select and the list's filter: every
// entity by name. Only with entity.view — a 403 would sign the person out, so without it the query
// never runs. An organisation records tens or hundreds of entities: a few pages at most.

const MAX_PAGES = 20;

export interface EntityOption {
  /** The name, and "(inactiva)" after an inactive one. */
  label: string;
  /** The id: a space's entity is written by id (AREAS.md). */
  value: number;
}

export async function getEntityOptions(signal?: AbortSignal): Promise<EntityOption[]> {
  const options: EntityOption[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const result = await api.get<Paginated<EntityRecord>>(`/api/${ENTITIES.path}`, {
      params: { per_page: PER_PAGE_MAX, sort: 'name', page },
      raw: true,
      signal,
    });
    options.push(
      ...result.data.map((entity) => ({
        label: entity.active ? entity.name : `${entity.name} (inactiva)`,
        value: entity.id,
      })),
    );
    if (page >= result.meta.last_page) break;
  }
  return options;
}

export function useEntityOptions(): { allowed: boolean; options: EntityOption[]; loading: boolean } {
  const allowed = useCan()('entity.view');
  const query = useQuery({
    // Under the entities' path: any write to an entity refreshes the options.
    queryKey: [ENTITIES.path, 'space-options'],
    queryFn: ({ signal }) => getEntityOptions(signal),
    enabled: allowed,
  });
  return { allowed, options: query.data ?? [], loading: allowed && query.isPending };
}
