import type { ResourceRouteComponents } from '../../../components/routes/resource-route-objects';
import { resourceRoutes } from '../../../components/routes/resource-routes';
import { slideScreens } from '../slides-screens';

/** /slide, /slide/create and /slide/{id}, lazy-loaded by the registry (app/areas.ts). */
const formRoutes = resourceRoutes(slideScreens);

export const slideRoutes: ResourceRouteComponents = {
  // The list has its own layout: the slides in their order, reordered in place.
  ListRoute: async () => (await import('../components/slide-list-screen')).SlideListScreen,
  CreateRoute: formRoutes.CreateRoute,
  EditRoute: formRoutes.EditRoute,
};
