import type { FieldValues } from 'react-hook-form';
import type { ResourceRecord, ResourceScreens } from '../resource/resource-screens';
import type { ResourceRouteComponents } from './resource-route-objects';

/**
 * The three route components of an area (list, create, edit), each loaded when its route is entered:
 * the list's table and the form's controls are separate chunks, so a list does not download the
 * form machinery nor a form the table. The route table checks `<area>.view` / `<area>.create` before
 * any of them loads.
 */
export function resourceRoutes<R extends ResourceRecord, V extends FieldValues>(
  screens: ResourceScreens<R, V>,
): Required<ResourceRouteComponents> {
  return {
    ListRoute: async () => {
      const { ResourceListScreen } = await import('../list/resource-list-screen');
      return () => <ResourceListScreen screens={screens} />;
    },
    CreateRoute: async () => {
      const { ResourceCreateScreen } = await import('../form/resource-form-screen');
      return () => <ResourceCreateScreen screens={screens} />;
    },
    EditRoute: async () => {
      const { ResourceEditScreen } = await import('../form/resource-form-screen');
      return () => <ResourceEditScreen screens={screens} />;
    },
  };
}
