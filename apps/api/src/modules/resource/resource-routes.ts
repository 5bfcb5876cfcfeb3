import { BulkDeleteInput, type Permission, type ResourceContract, updatedAtField } from '@gestor/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { notFound, ValidationError } from '../../lib/http-errors';
import { validate } from '../../lib/validate';
import { fileRoutes } from '../../plugins/uploads';
import { CSV_BOM, csvHeader, csvRow } from './csv';
import type { ExportLimiter } from './export-limiter';
import { sendExport } from './export-reply';
import { EXPORT_IDLE_TIMEOUT_MS, spoolExport } from './export-spool';
import { parseListQuery } from './list-query';
import type { ResourceService } from './resource-service';
import { forceDeleteBulk, forceOf, trashListContract, trashRoutes, trashScopeOf } from './trash-routes';
import { receiveUpload } from './uploads';

// The standard routes of every area (docs/http-api.md#resources-one-shape-for-every-area), each behind its permission.

/** The text fields beside a replaced file: the version it replaces, when the client knows it. */
const ReplaceFields = z.strictObject({ updated_at: updatedAtField.optional() });

/**
 * A restore names the version the person was looking at (409 when the record changed since), and
 * says whether the version's publication state comes back too (issue 30: by default it stays).
 */
const RestoreVersionInput = z.strictObject({
  updated_at: updatedAtField,
  publication: z.boolean({ error: 'El campo publication debe ser verdadero o falso.' }).optional(),
});

const AUDIT_LIST: ResourceContract = {
  path: 'audits',
  area: 'user',
  label: { one: 'entrada', many: 'entradas', gender: 'feminine' },
  sortable: ['id'],
  defaultSort: '-id',
  filters: {},
  fields: {},
};

export function resourceRoutes<R extends { id: number; updated_at: string }, C, U>(
  app: FastifyInstance,
  service: ResourceService<R, C, U>,
  {
    appUrl,
    uploads,
    exportIdleTimeoutMs = EXPORT_IDLE_TIMEOUT_MS,
    exportLimiter,
  }: {
    appUrl: string;
    uploads: { maxBytes: number; tmpDir: string };
    exportIdleTimeoutMs?: number;
    exportLimiter: ExportLimiter;
  },
) {
  const { definition } = service;
  const { contract } = definition;
  const base = `/api/${contract.path}`;
  const can = (action: 'view' | 'create' | 'update' | 'delete') => ({
    config: { permission: `${contract.area}.${action}` as Permission },
  });
  const pageOf = (request: FastifyRequest, path: string) => ({
    path: `${appUrl}${path}`,
    query: new URLSearchParams(request.url.split('?')[1] ?? ''),
  });
  const query = (request: FastifyRequest) => request.query as Record<string, unknown>;
  // By id, or by slug in areas addressed by slug (docs/areas.md).
  const idOf = (request: FastifyRequest) => service.resolveKey((request.params as { id: string }).id);

  app.get(base, can('view'), async (request, reply) => {
    const scope = trashScopeOf(request, service);
    const list = parseListQuery(trashListContract(contract, scope), query(request));
    if (query(request).format === 'csv') {
      const date = new Date().toISOString().slice(0, 10);
      return sendExport(request, reply, {
        limiter: exportLimiter,
        idleTimeoutMs: exportIdleTimeoutMs,
        type: 'text/csv; charset=utf-8',
        filename: `${contract.path}-${date}.csv`,
        spool: (stillWanted) =>
          spoolExport(uploads.tmpDir, async (write) => {
            const send = async (text: string) => {
              stillWanted();
              await write(text);
            };
            await send(CSV_BOM + csvHeader(definition.csv));
            await service.each(
              list,
              (records) => send(records.map((record) => csvRow(definition.csv, record)).join('')),
              scope,
            );
          }),
      });
    }
    return service.list(list, pageOf(request, base), scope);
  });

  app.get(`${base}/:id`, can('view'), async (request) => ({
    data: await service.show(await idOf(request), trashScopeOf(request, service)),
  }));

  app.get(`${base}/:id/audit`, can('view'), async (request) => {
    const id = await idOf(request);
    await service.show(id);
    return service.history(
      id,
      parseListQuery(AUDIT_LIST, query(request)),
      pageOf(request, `${base}/${id}/audit`),
    );
  });

  const upload = definition.upload;

  // Decision 025: an earlier version, seen and restored (the restore is an update).
  const versionOf = async (request: FastifyRequest) => {
    const id = await idOf(request);
    const raw = (request.params as { auditId: string }).auditId;
    if (!/^\d{1,15}$/.test(raw)) throw notFound();
    return { id, auditId: Number(raw) };
  };
  app.get(`${base}/:id/versions/:auditId`, can('view'), async (request) => {
    const { id, auditId } = await versionOf(request);
    // What a version does not keep, for the screen to say so (a media item's file: only its texts).
    return { data: await service.version(id, auditId), not_restored: upload ? [upload.field] : [] };
  });
  app.post(`${base}/:id/versions/:auditId/restore`, can('update'), async (request) => {
    const { id, auditId } = await versionOf(request);
    const { updated_at, publication } = validate(RestoreVersionInput, request.body);
    return {
      data: await service.restoreVersion(request.authUser(), id, auditId, updated_at, {
        withPublication: publication ?? false,
      }),
    };
  });

  /**
   * Areas of files: the multipart body is received to a temporary file, its text fields validated,
   * the file accepted (and stored) outside the transaction, then the write runs; if the write fails,
   * what was stored is removed again.
   */
  async function withUpload<T>(
    request: FastifyRequest,
    write: (fields: Record<string, string>, value: unknown) => Promise<T>,
  ): Promise<T> {
    const { field, accept } = upload!;
    const received = await receiveUpload(request, { field, ...uploads });
    try {
      if (!received.file) throw ValidationError.field(field, 'Adjunte un archivo.');
      const accepted = await accept(received.file);
      try {
        return await write(received.fields, accepted.value);
      } catch (error) {
        await accepted
          .remove()
          .catch((failure: unknown) =>
            request.log.error({ err: failure }, 'No se pudo retirar un archivo de un cambio fallido'),
          );
        throw error;
      }
    } finally {
      await received.discard();
    }
  }

  if (upload) {
    // The two routes that take a file: multipart is parsed in their context alone (plugins/uploads.ts).
    fileRoutes(app, (files) => {
      files.post(base, can('create'), async (request, reply) => {
        const record = await withUpload(request, (fields, value) =>
          service.create(request.authUser(), {
            ...(validate(definition.createInput, fields) as object),
            [upload.field]: value,
          } as C),
        );
        return reply.code(201).send({ data: record });
      });

      files.put(`${base}/:id/${upload.field}`, can('update'), async (request) => {
        const id = await idOf(request);
        await service.show(id);
        return {
          data: await withUpload(request, (fields, value) => {
            const { updated_at } = validate(ReplaceFields, fields);
            return service.update(request.authUser(), id, { [upload.field]: value, updated_at } as U & {
              updated_at?: string;
            });
          }),
        };
      });
    });
  } else {
    app.post(base, can('create'), async (request, reply) => {
      const record = await service.create(request.authUser(), validate(definition.createInput, request.body));
      return reply.code(201).send({ data: record });
    });
  }

  const update = async (request: FastifyRequest) => ({
    data: await service.update(
      request.authUser(),
      await idOf(request),
      validate(definition.updateInput, request.body),
    ),
  });
  app.put(`${base}/:id`, can('update'), update);
  app.patch(`${base}/:id`, can('update'), update);

  app.delete(`${base}/:id`, can('delete'), async (request, reply) => {
    if (forceOf(request, service))
      await service.forceDelete(request.authUser(), [await idOf(request)], { single: true });
    else await service.delete(request.authUser(), [await idOf(request)], { single: true });
    return reply.code(204).send();
  });

  app.delete(base, can('delete'), async (request, reply) => {
    if (forceOf(request, service)) {
      await forceDeleteBulk(request, service as never);
      return reply.code(204).send();
    }
    const { ids } = validate(BulkDeleteInput, request.body);
    await service.delete(request.authUser(), ids);
    return reply.code(204).send();
  });

  trashRoutes(app, service as never);

  definition.routes?.(app, service);
}
