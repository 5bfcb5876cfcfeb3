import { resourceRoutes } from '../../../components/resource/resource-routes';
import { testScreens } from '../tests-screens';

/** /test, /test/create and /test/{id}, lazy-loaded by the registry (app/areas.ts). */
export const testRoutes = resourceRoutes(testScreens);
