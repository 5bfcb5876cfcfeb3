import type { Area, Permission } from '@gestor/shared';
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import type { RouteHandle } from '../../lib/route-handle';

/** What an area's lazily loaded route module provides (see resourceRoutes in resource-routes.tsx). */
export interface ResourceRouteComponents {
  ListRoute: ComponentType;
  CreateRoute: ComponentType;
  EditRoute: ComponentType;
}

const needs = (area: Area, action: 'view' | 'create'): RouteHandle => ({
  permission: `${area}.${action}` as Permission,
});

/**
 * The route table entries of one area (SPEC.md §2: /<area>, /<area>/create, /<area>/:id), each
 * loaded on demand. The handle's permission is checked by the shell before the screen mounts, so a
 * person without it sees "Sin permiso" and no request is made. Editing needs only `<area>.view`:
 * without `<area>.update` the form shows the record read-only.
 */
export function resourceRouteObjects(
  area: Area,
  load: () => Promise<ResourceRouteComponents>,
): RouteObject[] {
  return [
    { path: area, handle: needs(area, 'view'), lazy: async () => ({ Component: (await load()).ListRoute }) },
    {
      path: `${area}/create`,
      handle: needs(area, 'create'),
      lazy: async () => ({ Component: (await load()).CreateRoute }),
    },
    {
      path: `${area}/:id`,
      handle: needs(area, 'view'),
      lazy: async () => ({ Component: (await load()).EditRoute }),
    },
  ];
}
