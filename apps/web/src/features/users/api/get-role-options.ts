import { type Paginated, PER_PAGE_MAX, type Permission, ROLES, type RoleRecord } from '@gestor/shared';
import { useQuery } from '@tanstack/react-query';
import type { FilterOption } from '../../../components/resource/resource-screens';
import { api } from '../../../lib/api-client';
import { useCan } from '../../../lib/permissions';

// The roles a user may be given, for the user form and the list's role filter:
// GET /api/roles?per_page=100. Only with role.view — a 403 would sign the person out (SPEC.md §4),
// so without it the query never runs.

/** Starts with the roles' path, so any write to a role refreshes these options too. */
const roleOptionsKey = [ROLES.path, 'options'] as const;

/** A role as an option; its permissions decide whether the person may give it (DESIGN.md §3). */
export interface RoleOption extends FilterOption {
  permissions: Permission[];
}

export function getRoleOptions(signal?: AbortSignal): Promise<RoleOption[]> {
  return api
    .get<Paginated<RoleRecord>>(`/api/${ROLES.path}`, {
      params: { per_page: PER_PAGE_MAX, sort: 'label' },
      raw: true,
      signal,
    })
    .then((page) =>
      page.data.map((role) => ({ label: role.label, value: role.name, permissions: role.permissions })),
    );
}

export function useRoleOptions(): { allowed: boolean; options: RoleOption[]; loading: boolean } {
  const allowed = useCan()('role.view');
  const query = useQuery({
    queryKey: roleOptionsKey,
    queryFn: ({ signal }) => getRoleOptions(signal),
    enabled: allowed,
  });
  return { allowed, options: query.data ?? [], loading: allowed && query.isPending };
}
