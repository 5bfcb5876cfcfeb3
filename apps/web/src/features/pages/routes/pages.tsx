import { ResourceListScreen } from '../../../components/resource/resource-list-screen';
import type { ResourceRouteComponents } from '../../../components/resource/resource-route-objects';
import { resourceRoutes } from '../../../components/resource/resource-routes';
import { useCan } from '../../../lib/permissions';
import { NewPageButton } from '../components/new-page-button';
import { pageScreens } from '../pages-screens';

// /page and /page/{id}, lazy-loaded by the registry (app/areas.ts, `screens: { create: false }`).

function PagesListRoute() {
  const mayCreate = useCan()('page.create');
  return <ResourceListScreen screens={pageScreens} createAction={mayCreate ? <NewPageButton /> : null} />;
}

export const pageRoutes: ResourceRouteComponents = {
  ListRoute: PagesListRoute,
  EditRoute: resourceRoutes(pageScreens).EditRoute,
};
