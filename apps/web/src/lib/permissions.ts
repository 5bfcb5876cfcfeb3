import type { Permission } from '@gestor/shared';
// The zod-free subpath: this module loads with the first bundle (apps/web/README.md "Bundle size").
import { mayManage } from '@gestor/shared/permissions';
import { useCallback } from 'react';
import { type CurrentUser, getUser, useUser } from './auth';

// docs/http-api.md#permissions: a named permission is granted if the string is in the user's permissions list.
// docs/http-api.md: the SPA hides what the user may not do and never sends a request that would get a 403.

export function hasPermission(
  user: Pick<CurrentUser, 'permissions'> | null | undefined,
  permission: Permission,
) {
  return Array.isArray(user?.permissions) && user.permissions.includes(permission);
}

/** For code outside React (loaders, event handlers): `can('news.view')`. */
export function can(permission: Permission): boolean {
  return hasPermission(getUser(), permission);
}

/** For components: `const can = useCan(); can('news.create')`, re-rendering when the user changes. */
export function useCan(): (permission: Permission) => boolean {
  const user = useUser();
  return useCallback((permission: Permission) => hasPermission(user, permission), [user]);
}

export { mayManage };

/** `mayManage` (docs/http-api.md, shared with the API) for the signed-in person, outside React (the list's per-row checks). */
export function mayManageNow(targetPermissions: readonly Permission[] | null | undefined): boolean {
  return mayManage(getUser()?.permissions, targetPermissions);
}
