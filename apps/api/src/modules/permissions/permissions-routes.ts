import { AREA_LABELS, AREAS, permissionLabel, permissionsOf } from '@gestor/shared';
import type { FastifyInstance } from 'fastify';

/** GET /api/permissions: every permission grouped by area, with Spanish labels (read-only). */
export function permissionsRoutes(app: FastifyInstance) {
  const body = {
    data: AREAS.map((area) => ({
      area,
      label: AREA_LABELS[area],
      permissions: permissionsOf(area).map((name) => ({ name, label: permissionLabel(name) })),
    })),
  };
  app.get('/api/permissions', { config: { auth: true } }, async () => body);
}
