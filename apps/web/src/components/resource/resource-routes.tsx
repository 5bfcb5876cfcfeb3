import type { FieldValues } from 'react-hook-form';
import { ResourceCreateScreen, ResourceEditScreen } from './resource-form-screen';
import { ResourceListScreen } from './resource-list-screen';
import type { ResourceRouteComponents } from './resource-route-objects';
import type { ResourceRecord, ResourceScreens } from './resource-screens';

/**
 * The three route components of an area (list, create, edit), for src/app/router.tsx to lazy-load.
 * The route table checks `<area>.view` / `<area>.create` before any of them mounts.
 */
export function resourceRoutes<R extends ResourceRecord, V extends FieldValues>(
  screens: ResourceScreens<R, V>,
): ResourceRouteComponents {
  return {
    ListRoute: () => <ResourceListScreen screens={screens} />,
    CreateRoute: () => <ResourceCreateScreen screens={screens} />,
    EditRoute: () => <ResourceEditScreen screens={screens} />,
  };
}
