import { resourceRoutes } from '../../../components/routes/resource-routes';
import { testScreens } from '../tests-screens';

/** /test, /test/create and /test/{id}, lazy-loaded by the registry (app/areas.ts). */
export const testRoutes = resourceRoutes(testScreens);
