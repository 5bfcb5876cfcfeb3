import { Readable } from 'node:stream';
import { BulkDeleteInput, type Permission, type ResourceContract } from '@gestor/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { validate } from '../../lib/validate';
import { CSV_BOM, csvHeader, csvRow } from './csv';
import { parseListQuery } from './list-query';
import type { ResourceService } from './resource-service';

// The standard routes of every area (DESIGN.md §3 "Resource endpoints"), each behind its permission.

const AUDIT_LIST: ResourceContract = {
  path: 'audits',
  area: 'user',
  label: { one: 'entrada', many: 'entradas' },
  sortable: ['id'],
  defaultSort: '-id',
  filters: {},
};

export function resourceRoutes<R extends { id: number; updated_at: string }, C, U>(
  app: FastifyInstance,
  service: ResourceService<R, C, U>,
  { appUrl }: { appUrl: string },
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
  const idOf = (request: FastifyRequest) => service.parseId((request.params as { id: string }).id);

  app.get(base, can('view'), async (request, reply) => {
    const list = parseListQuery(contract, query(request));
    if (query(request).format === 'csv') {
      const date = new Date().toISOString().slice(0, 10);
      const records = service.each(list);
      // The first batch is read before anything is sent: a failure then is still a JSON error,
      // not a download cut short.
      const first = await records.next();
      async function* lines() {
        yield CSV_BOM + csvHeader(definition.csv);
        if (first.done) return;
        yield csvRow(definition.csv, first.value);
        for await (const record of records) yield csvRow(definition.csv, record);
      }
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${contract.path}-${date}.csv"`)
        .send(Readable.from(lines()));
    }
    return service.list(list, pageOf(request, base));
  });

  app.get(`${base}/:id`, can('view'), async (request) => ({ data: await service.show(idOf(request)) }));

  app.get(`${base}/:id/audit`, can('view'), async (request) => {
    const id = idOf(request);
    await service.show(id);
    return service.history(
      id,
      parseListQuery(AUDIT_LIST, query(request)),
      pageOf(request, `${base}/${id}/audit`),
    );
  });

  app.post(base, can('create'), async (request, reply) => {
    const record = await service.create(request.authUser(), validate(definition.createInput, request.body));
    return reply.code(201).send({ data: record });
  });

  const update = async (request: FastifyRequest) => ({
    data: await service.update(
      request.authUser(),
      idOf(request),
      validate(definition.updateInput, request.body),
    ),
  });
  app.put(`${base}/:id`, can('update'), update);
  app.patch(`${base}/:id`, can('update'), update);

  app.delete(`${base}/:id`, can('delete'), async (request, reply) => {
    await service.delete(request.authUser(), [idOf(request)], { single: true });
    return reply.code(204).send();
  });

  app.delete(base, can('delete'), async (request, reply) => {
    const { ids } = validate(BulkDeleteInput, request.body);
    await service.delete(request.authUser(), ids);
    return reply.code(204).send();
  });

  definition.routes?.(app, service);
}
