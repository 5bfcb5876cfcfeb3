import { resourceRoutes } from '../../../components/resource/resource-routes';
import { newsScreens } from '../news-screens';

/** /news, /news/create and /news/{slug}, lazy-loaded by the registry (app/areas.ts). */
export const newsRoutes = resourceRoutes(newsScreens);
