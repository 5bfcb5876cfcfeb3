import { resourceRoutes } from '../../../components/routes/resource-routes';
import { categoryScreens } from '../categories-screens';

/** /category, /category/create and /category/{slug}, lazy-loaded by the registry (app/areas.ts). */
export const categoryRoutes = resourceRoutes(categoryScreens);
