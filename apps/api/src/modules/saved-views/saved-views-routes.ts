import { DefaultViewInput, SavedViewInput, SavedViewPatch, SavedViewsQuery } from '@gestor/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { notFound } from '../../lib/http-errors';
import { validate } from '../../lib/validate';
import type { SavedViewsService } from './saved-views-service';

// Issue 20 "Saved views" (decision 032), for anyone signed in; each route checks `<area>.view` of
// the list concerned and the owner where it changes a view (saved-views-service.ts):
//   GET    /api/saved-views?area=news        mine and the shared ones, and my default
//   POST   /api/saved-views                  {area, name, shared?, state}
//   PATCH  /api/saved-views/{id}             {name?, shared?, state?} (owner)
//   DELETE /api/saved-views/{id}             (owner)
//   PUT    /api/saved-views/default          {area, view_id | null}

/** The view's id from the path; anything that cannot be one is a view that does not exist. */
function viewId(request: FastifyRequest): number {
  const raw = (request.params as { id: string }).id;
  if (!/^\d{1,9}$/.test(raw)) throw notFound();
  return Number(raw);
}

export function savedViewsRoutes(app: FastifyInstance, { service }: { service: SavedViewsService }) {
  const signedIn = { config: { auth: true } };

  app.get('/api/saved-views', signedIn, async (request) => {
    const { area } = validate(SavedViewsQuery, request.query);
    return service.list(request.authUser(), area);
  });

  app.post('/api/saved-views', signedIn, async (request, reply) => {
    const input = validate(SavedViewInput, request.body);
    return reply.code(201).send({ data: await service.create(request.authUser(), input) });
  });

  app.put('/api/saved-views/default', signedIn, async (request) => {
    const input = validate(DefaultViewInput, request.body);
    return { data: await service.setDefault(request.authUser(), input) };
  });

  app.patch('/api/saved-views/:id', signedIn, async (request) => {
    const id = viewId(request);
    const patch = validate(SavedViewPatch, request.body);
    return { data: await service.update(request.authUser(), id, patch) };
  });

  app.delete('/api/saved-views/:id', signedIn, async (request, reply) => {
    await service.remove(request.authUser(), viewId(request));
    return reply.code(204).send();
  });
}
