import { resourceRoutes } from '../../../components/routes/resource-routes';
import { newsScreens } from '../news-screens';

/** /news, /news/create and /news/{slug}, lazy-loaded by the registry (app/areas.ts). */
export const newsRoutes = resourceRoutes(newsScreens);
