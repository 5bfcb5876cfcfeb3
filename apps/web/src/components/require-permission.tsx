import type { Permission } from '@gestor/shared';
import type { ReactNode } from 'react';
import { useCan } from '../lib/permissions';
import { NoPermission } from './errors/no-permission';

interface RequirePermissionProps {
  /** Nothing to check when absent. */
  permission?: Permission;
  children: ReactNode;
}

/**
 * Renders its children only when the user holds the permission; otherwise the "Sin permiso" page.
 * The children never mount, so their queries never reach the API (a 403 would sign the user out).
 */
export function RequirePermission({ permission, children }: RequirePermissionProps) {
  const can = useCan();
  if (permission && !can(permission)) return <NoPermission />;
  return children;
}
