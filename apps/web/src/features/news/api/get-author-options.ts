import { type Paginated, PER_PAGE_MAX, USERS, type UserRecord } from '@gestor/shared';
import { useQuery } from '@tanstack/react-query';
import type { FilterOption } from '../../../components/resource/resource-screens';
import { api } from '../../../lib/api-client';
import { useUser } from '../../../lib/auth';
import { useCan } from '../../../lib/permissions';

// The list's "Autor" filter (`filter[author]=<user id>`): "Mis noticias" for everyone, and every
// other user for people with user.view (GET /api/users would otherwise be a 403, which signs out).

const MAX_PAGES = 20;

export async function getAuthorOptions(signal?: AbortSignal): Promise<FilterOption[]> {
  const options: FilterOption[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const result = await api.get<Paginated<UserRecord>>(`/api/${USERS.path}`, {
      params: { per_page: PER_PAGE_MAX, sort: 'name', page },
      raw: true,
      signal,
    });
    options.push(...result.data.map((user) => ({ label: user.name, value: String(user.id) })));
    if (page >= result.meta.last_page) break;
  }
  return options;
}

export function useAuthorOptions(): FilterOption[] {
  const user = useUser();
  const allowed = useCan()('user.view');
  const query = useQuery({
    // Under the users' path: a renamed or new user refreshes the filter.
    queryKey: [USERS.path, 'author-options'],
    queryFn: ({ signal }) => getAuthorOptions(signal),
    enabled: allowed,
  });
  if (!user) return [];
  const mine = String(user.id);
  return [
    { label: 'Mis noticias', value: mine },
    ...(query.data ?? []).filter((option) => option.value !== mine),
  ];
}
