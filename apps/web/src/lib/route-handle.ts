import type { Permission } from '@gestor/shared';
import type { UIMatch } from 'react-router';

/**
 * What a route declares about itself in the route table (src/app/router.tsx):
 * - access: 'guest' (sign-in screens, only for visitors), 'public' (anyone), or 'user' (the default).
 * - permission: the permission its screen needs; without it the shell shows "Sin permiso".
 */
export interface RouteHandle {
  access?: RouteAccess;
  permission?: Permission;
}

export type RouteAccess = 'guest' | 'public' | 'user';

/** The innermost route's permission, if any route in the match declares one. */
export function requiredPermission(matches: readonly UIMatch[]): Permission | undefined {
  for (let index = matches.length - 1; index >= 0; index--) {
    const permission = (matches[index]?.handle as RouteHandle | undefined)?.permission;
    if (permission) return permission;
  }
  return undefined;
}
