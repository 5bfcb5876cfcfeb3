import { resourceRoutes } from '../../../components/routes/resource-routes';
import { roleScreens } from '../roles-screens';

/** /role, /role/create and /role/:id, lazy-loaded by src/app/router.tsx. */
export const roleRoutes = resourceRoutes(roleScreens);
