import { CATEGORIES, type CategoryRecord, type Paginated, PER_PAGE_MAX } from '@gestor/shared';
import { useQuery } from '@tanstack/react-query';
import type { FilterOption } from '../../../components/resource/resource-screens';
import { api } from '../../../lib/api-client';
import { useCan } from '../../../lib/permissions';

// The categories a news item may be filed under, for the form's tags and the list's filter: every
// category in tree order, labelled by its path ("Deportes › Fútbol") and written by slug (AREAS.md).
// Only with category.view — a 403 would sign the person out, so without it the query never runs.

const MAX_PAGES = 20;

export async function getNewsCategoryOptions(signal?: AbortSignal): Promise<FilterOption[]> {
  const options: FilterOption[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const result = await api.get<Paginated<CategoryRecord>>(`/api/${CATEGORIES.path}`, {
      params: { per_page: PER_PAGE_MAX, sort: 'path', page },
      raw: true,
      signal,
    });
    options.push(...result.data.map((category) => ({ label: category.path, value: category.slug })));
    if (page >= result.meta.last_page) break;
  }
  return options;
}

export function useNewsCategoryOptions(): { allowed: boolean; options: FilterOption[]; loading: boolean } {
  const allowed = useCan()('category.view');
  const query = useQuery({
    // Under the categories' path, so any write to a category refreshes these; a key of its own,
    // since the categories screens cache their options in another shape.
    queryKey: [CATEGORIES.path, 'news-options'],
    queryFn: ({ signal }) => getNewsCategoryOptions(signal),
    enabled: allowed,
  });
  return { allowed, options: query.data ?? [], loading: allowed && query.isPending };
}
