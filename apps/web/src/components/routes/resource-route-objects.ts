import type { Area, Permission } from '@gestor/shared';
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import type { RouteHandle } from '../../lib/route-handle';

/** A route's screen, loaded when the route is entered (its own chunk). */
export type LoadScreen = () => Promise<ComponentType>;

/** What an area's lazily loaded route module provides (see resourceRoutes in resource-routes.tsx). */
export interface ResourceRouteComponents {
  ListRoute: LoadScreen;
  CreateRoute?: LoadScreen;
  EditRoute?: LoadScreen;
}

/**
 * A screen of an area beyond its list and form (a test's responses and results): its own address
 * under the area's, the permission it needs and its code, loaded when the route is entered.
 */
export interface AreaScreen {
  /** Below `/<area>/`, in React Router's words: `:id/respuestas`. */
  path: string;
  /** Checked by the shell before the screen's code loads, as the list's and form's are. */
  permission: Permission;
  load: LoadScreen;
}

/** Which screens an area has beside its list (docs/areas.md: no /page/create; multimedia has neither). */
export interface AreaScreens {
  create?: boolean;
  edit?: boolean;
  /** Screens of its own, each a chunk of its own (a test's «Respuestas» and «Resultados»). */
  more?: readonly AreaScreen[];
}

const needs = (area: Area, action: 'view' | 'create'): RouteHandle => ({
  permission: `${area}.${action}` as Permission,
});

/**
 * The route table entries of one area (docs/architecture.md#the-spa: /<area>, /<area>/create, /<area>/:id — the id or,
 * in areas addressed by slug, the slug), each loaded on demand. The handle's permission is checked by
 * the shell before the screen mounts, so a person without it sees "Sin permiso" and no request is
 * made. Editing needs only `<area>.view`: without `<area>.update` the form shows the record read-only.
 * A screen the area does not have has no route, so its address is the 404 page; the screens it has
 * beyond those (`more`) follow, each with the permission it declares.
 */
export function resourceRouteObjects(
  area: Area,
  load: () => Promise<ResourceRouteComponents>,
  { create = true, edit = true, more = [] }: AreaScreens = {},
): RouteObject[] {
  const screen = (name: keyof ResourceRouteComponents) => async () => {
    const loadScreen = (await load())[name];
    if (!loadScreen) throw new Error(`El área ${area} no tiene la pantalla ${name}.`);
    return { Component: await loadScreen() };
  };
  return [
    { path: area, handle: needs(area, 'view'), lazy: screen('ListRoute') },
    ...(create
      ? [{ path: `${area}/create`, handle: needs(area, 'create'), lazy: screen('CreateRoute') }]
      : []),
    ...(edit ? [{ path: `${area}/:id`, handle: needs(area, 'view'), lazy: screen('EditRoute') }] : []),
    ...more.map(
      ({ path, permission, load: loadScreen }): RouteObject => ({
        path: `${area}/${path}`,
        handle: { permission } satisfies RouteHandle,
        lazy: async () => ({ Component: await loadScreen() }),
      }),
    ),
  ];
}
