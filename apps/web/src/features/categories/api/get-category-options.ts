import { CATEGORIES, type CategoryRecord, type Paginated, PER_PAGE_MAX } from '@gestor/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useCan } from '../../../lib/permissions';

// Every category, in tree order (sorted by path), for the parent select and the list's parent filter.
// Only with category.view (a 403 would sign the person out); a few pages at most: an organisation's
// categories number in the tens or hundreds.

const MAX_PAGES = 20;

export interface CategoryOption {
  label: string;
  /** The slug: categories are written by slug (AREAS.md). */
  value: string;
  id: number;
  path: string;
  depth: number;
}

export async function getCategoryOptions(signal?: AbortSignal): Promise<CategoryOption[]> {
  const all: CategoryRecord[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const result = await api.get<Paginated<CategoryRecord>>(`/api/${CATEGORIES.path}`, {
      params: { per_page: PER_PAGE_MAX, sort: 'path', page },
      raw: true,
      signal,
    });
    all.push(...result.data);
    if (page >= result.meta.last_page) break;
  }
  return all.map((category) => ({
    label: category.path,
    value: category.slug,
    id: category.id,
    path: category.path,
    depth: category.path.split(' › ').length - 1,
  }));
}

export function useCategoryOptions() {
  const allowed = useCan()('category.view');
  const query = useQuery({
    // Under the area's path: any write to a category refreshes the options.
    queryKey: [CATEGORIES.path, 'options'],
    queryFn: ({ signal }) => getCategoryOptions(signal),
    enabled: allowed,
  });
  return { options: query.data ?? [], loading: allowed && query.isPending };
}
