import { resourceRoutes } from '../../../components/routes/resource-routes';
import { webhookScreens } from '../webhooks-screens';

/** /webhook, /webhook/create and /webhook/{id}, lazy-loaded by the registry (app/areas.ts). */
export const webhookRoutes = resourceRoutes(webhookScreens);
