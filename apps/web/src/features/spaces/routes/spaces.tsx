import { resourceRoutes } from '../../../components/routes/resource-routes';
import { spaceScreens } from '../spaces-screens';

/** /space, /space/create and /space/{id}, lazy-loaded by the registry (app/areas.ts). */
export const spaceRoutes = resourceRoutes(spaceScreens);
