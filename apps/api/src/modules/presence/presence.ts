import { type Permission, PresenceInput, TabId } from '@gestor/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { validate } from '../../lib/validate';
import type { SessionStore } from '../auth/session-store';
import type { WriteContext } from '../resource/resource-definition';
import type { ResourceService } from '../resource/resource-service';
import { createLiveHub } from './live-hub';
import { announceLive, createPresenceStore, nonce, presenceState } from './presence-store';

// "Quién está editando" for every area (issue 19, decision 027):
//   GET    /api/live                              the tab's server-sent-events stream (signed in)
//   POST   /api/<area>/{id}/presence {tab}         "this tab edits the record", also the heartbeat (view)
//   POST   /api/<area>/{id}/presence/take-over     this tab takes the edit lock (update)
//   DELETE /api/<area>/{id}/presence?tab=…        this tab left (signed in; its own rows only)
// and, from the machinery, every saved record announced to the tabs that have it open.
// Locks never block a write: the 409 on updated_at stays the final guard.

const LiveQuery = z.looseObject({ tab: TabId });
/** `editing: false`: the tab shows the record read-only anyway (one it may not manage), so it never holds the lock. */
const AnnounceInput = PresenceInput.extend({ editing: z.boolean().optional() });

type AnyService = ResourceService<{ id: number; updated_at: string }, unknown, unknown>;

export function createPresence({
  database,
  sessions,
  cookieName,
  log,
}: {
  database: Database;
  sessions: SessionStore;
  cookieName: string;
  log: { warn(obj: object, msg: string): void };
}) {
  const store = createPresenceStore(database);
  // Area path (`pages`) → permission area (`page`), for every area that has presence routes.
  const permissionAreas = new Map<string, string>();
  const hub = createLiveHub({
    database,
    store,
    sessions,
    log,
    permissionAreaOf: (path) => permissionAreas.get(path),
  });

  return {
    hub,

    /** GET /api/live: one stream per tab, for anyone signed in; ended with the server. */
    liveRoutes(app: FastifyInstance) {
      // A browser tab's channel: its stream is tied to the tab's session, so an API token has none (decision 037).
      app.get('/api/live', { config: { auth: true, sessionOnly: true } }, async (request, reply) => {
        const { tab } = validate(LiveQuery, request.query);
        const body = hub.open({
          user: request.authUser(),
          tab,
          cookieId: request.cookies[cookieName] ?? '',
          sessionKey: request.session?.key ?? '',
        });
        reply.raw.on('close', () => hub.closed(body));
        // A long-lived answer: no proxy may buffer it (nginx), no cache keep it; compression leaves
        // streams alone (plugins/compression.ts), and no server timeout applies to an answer in progress.
        return reply
          .header('content-type', 'text/event-stream; charset=utf-8')
          .header('cache-control', 'no-store')
          .header('x-accel-buffering', 'no')
          .send(body);
      });
      app.addHook('preClose', async () => hub.stop());
    },

    /** The presence routes of one area. */
    routes(app: FastifyInstance, service: AnyService) {
      const { contract } = service.definition;
      const area = contract.path;
      permissionAreas.set(area, contract.area);
      const base = `/api/${area}/:id/presence`;
      const permission = (action: 'view' | 'update') => `${contract.area}.${action}` as Permission;
      /** The record (404 when it does not exist), and this tab of this person on it. */
      const tabOn = async (request: FastifyRequest, tab: string) => {
        const record = await service.show(await service.resolveKey((request.params as { id: string }).id));
        return { record, key: { area, id: record.id, userId: request.authUser().id, tab } };
      };
      const answer = (
        key: { area: string; id: number; userId: number; tab: string },
        rows: Parameters<typeof presenceState>[2],
        updatedAt: string,
      ) => ({ data: { ...presenceState(area, key.id, rows, key), updated_at: updatedAt } });

      app.post(base, { config: { permission: permission('view') } }, async (request) => {
        const { tab, editing } = validate(AnnounceInput, request.body);
        const { record, key } = await tabOn(request, tab);
        // Someone who may only view sees the others but never holds the lock.
        const mayEdit = request.can(permission('update')) && editing !== false;
        return answer(key, await store.announce(key, mayEdit), record.updated_at);
      });

      app.post(`${base}/take-over`, { config: { permission: permission('update') } }, async (request) => {
        const { tab } = validate(PresenceInput, request.body);
        const { record, key } = await tabOn(request, tab);
        return answer(key, await store.takeOver(key), record.updated_at);
      });

      // Anyone signed in may say their own tab left (the permission may have gone meanwhile).
      app.delete(base, { config: { auth: true } }, async (request, reply) => {
        const { tab } = validate(LiveQuery, request.query);
        const raw = (request.params as { id: string }).id;
        const id = /^\d{1,9}$/.test(raw) ? Number(raw) : await service.resolveKey(raw);
        await store.leave({ area, id, userId: request.authUser().id, tab });
        return reply.code(204).send();
      });
    },

    /**
     * The machinery's hook for a saved record: every tab with it open hears who saved it and its new
     * version, when the write commits (the announcement is part of its transaction).
     */
    async saved(ctx: WriteContext, area: string, record: { id: number; updated_at: string }) {
      await announceLive(ctx.tx, {
        t: 'saved',
        n: nonce(),
        area,
        id: record.id,
        user: { id: ctx.actor.id, name: ctx.actor.name },
        updated_at: new Date(record.updated_at).toISOString(),
      });
    },
  };
}

export type Presence = ReturnType<typeof createPresence>;
