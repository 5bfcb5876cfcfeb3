import { resourceRoutes } from '../../../components/routes/resource-routes';
import { userScreens } from '../users-screens';

/** /user, /user/create and /user/:id, lazy-loaded by src/app/router.tsx. */
export const userRoutes = resourceRoutes(userScreens);
