import { resourceRoutes } from '../../../components/routes/resource-routes';
import { entityScreens } from '../entities-screens';

/** /entity, /entity/create and /entity/{id}, lazy-loaded by the registry (app/areas.ts). */
export const entityRoutes = resourceRoutes(entityScreens);
