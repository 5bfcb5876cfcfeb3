import type { FastifyInstance } from 'fastify';
import type { DashboardService } from './dashboard-service';

/** GET /api/dashboard: the home page's widgets for the signed-in person (decision 030). */
export function dashboardRoutes(app: FastifyInstance, { dashboard }: { dashboard: DashboardService }) {
  app.get('/api/dashboard', { config: { auth: true } }, async (request) => ({
    data: await dashboard.forUser(request.authUser()),
  }));
}
