import { resourceRoutes } from '../../../components/routes/resource-routes';
import { eventsScreens } from '../events-screens';

/** /event, /event/create and /event/{slug}, lazy-loaded by the registry (app/areas.ts). */
export const eventRoutes = resourceRoutes(eventsScreens);
