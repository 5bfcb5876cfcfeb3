import { PERMISSION_GROUP_LABELS, PERMISSION_GROUPS, permissionLabel, permissionsOf } from '@gestor/shared';
import type { FastifyInstance } from 'fastify';

/** GET /api/permissions: every permission grouped by area (then the extra ones), with Spanish labels. */
export function permissionsRoutes(app: FastifyInstance) {
  const body = {
    data: PERMISSION_GROUPS.map((area) => ({
      area,
      label: PERMISSION_GROUP_LABELS[area],
      permissions: permissionsOf(area).map((name) => ({ name, label: permissionLabel(name) })),
    })),
  };
  app.get('/api/permissions', { config: { auth: true } }, async () => body);
}
