import { BulkDeleteInput, type Permission, type ResourceContract } from '@gestor/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { forbidden, ValidationError } from '../../lib/http-errors';
import { validate } from '../../lib/validate';
import type { ResourceService } from './resource-service';
import { parseForce, parseTrashed, type TrashScope } from './trash';

// Decision 026: the trash's routes, beside the standard ones (resource-routes.ts), in Laravel's
// soft-delete words: `?trashed=only|with`, `POST …/{id}/restore`, `DELETE …?force=1`.

/** Emptying a whole trash: `DELETE /api/<area>?force=1` with `{all: true}`. */
const EmptyTrashInput = z.strictObject({
  all: z.literal(true, { error: 'El campo all debe ser true para vaciar la papelera.' }),
});

type AnyService = ResourceService<{ id: number; updated_at: string }, unknown, unknown>;

/** What the read helpers need of a service, whatever its record type. */
type TrashAware = Pick<AnyService, 'trashable'> & { definition: { contract: ResourceContract } };

const deletePermission = (contract: ResourceContract) => `${contract.area}.delete` as Permission;

/**
 * Which records a read asks for. The trash is for those who may empty it (the area's `delete`
 * permission): what someone deleted is not for every reader of the area to browse.
 */
export function trashScopeOf(request: FastifyRequest, service: TrashAware): TrashScope {
  const scope = parseTrashed((request.query as Record<string, unknown>).trashed);
  if (scope === 'without') return scope;
  const { contract } = service.definition;
  if (!service.trashable) {
    throw ValidationError.field(
      'trashed',
      `${contract.label.many[0]!.toUpperCase()}${contract.label.many.slice(1)} no tienen papelera.`,
    );
  }
  if (!request.can(deletePermission(contract))) throw forbidden();
  return scope;
}

/** A list of the trash sorts by `deleted_at` too, newest first unless asked otherwise. */
export function trashListContract(contract: ResourceContract, scope: TrashScope): ResourceContract {
  if (scope === 'without') return contract;
  return {
    ...contract,
    sortable: [...contract.sortable, 'deleted_at'],
    ...(scope === 'only' ? { defaultSort: '-deleted_at' } : {}),
  };
}

/** `?force=1` on a delete, only in areas with a trash (elsewhere every delete is final already). */
export function forceOf(request: FastifyRequest, service: TrashAware): boolean {
  const force = parseForce((request.query as Record<string, unknown>).force);
  return force && service.trashable;
}

/** Deletes for good: the ids given, or `{all: true}` the whole trash of the area, batch by batch. */
export async function forceDeleteBulk(request: FastifyRequest, service: AnyService): Promise<void> {
  const body = request.body as Record<string, unknown> | undefined;
  if (body && typeof body === 'object' && 'all' in body) {
    validate(EmptyTrashInput, body);
    while ((await service.forceDelete(request.authUser(), 'all')) > 0);
    return;
  }
  const { ids } = validate(BulkDeleteInput, body);
  await service.forceDelete(request.authUser(), ids);
}

export function trashRoutes(app: FastifyInstance, service: AnyService) {
  if (!service.trashable) return;
  const { contract } = service.definition;
  const base = `/api/${contract.path}`;
  const config = { config: { permission: deletePermission(contract) } };

  // Static, so it wins over /:id routes.
  app.post(`${base}/restore`, config, async (request) => {
    const { ids } = validate(BulkDeleteInput, request.body);
    return { data: await service.restore(request.authUser(), ids) };
  });

  app.post(`${base}/:id/restore`, config, async (request) => {
    const raw = (request.params as { id: string }).id;
    const [record] = await service.restore(request.authUser(), [await service.resolveKey(raw)], {
      single: true,
    });
    return { data: record };
  });
}
