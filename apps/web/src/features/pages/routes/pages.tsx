import type { ResourceRouteComponents } from '../../../components/routes/resource-route-objects';
import { resourceRoutes } from '../../../components/routes/resource-routes';
import { NewPageButton } from '../components/new-page-button';
import { pageScreens } from '../pages-screens';

// /page and /page/{id}, lazy-loaded by the registry (app/areas.ts, `screens: { create: false }`).

export const pageRoutes: ResourceRouteComponents = {
  // "Nueva página" opens a dialog instead of a create screen (docs/areas.md).
  ListRoute: async () => {
    const { ResourceListScreen } = await import('../../../components/list/resource-list-screen');
    return () => <ResourceListScreen screens={pageScreens} createAction={<NewPageButton />} />;
  },
  EditRoute: resourceRoutes(pageScreens).EditRoute,
};
