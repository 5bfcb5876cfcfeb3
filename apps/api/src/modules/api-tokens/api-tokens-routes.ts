import { API_TOKEN_MESSAGES, mayManage, type Permission } from '@gestor/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../../db/client';
import { forbidden, notFound } from '../../lib/http-errors';
import { ACCOUNT_ROUTE } from '../../plugins/auth';
import { requestOrigin } from '../activity/security-events';
import { type ApiTokensService, tokenIdOf } from './api-tokens-service';

// API tokens (issue 21, decision 037). Sanctum's personal access tokens managed from "Mi cuenta"
// (GET|POST /api/user/tokens, DELETE /api/user/tokens/{id}) and, for an administrator, from the user
// form (GET /api/users/{id}/tokens, DELETE /api/users/{id}/tokens/{tokenId}). All of them are for a
// browser session: a token never makes, lists or revokes tokens.

export function apiTokensRoutes(
  app: FastifyInstance,
  { database, tokens }: { database: Database; tokens: ApiTokensService },
) {
  app.get('/api/user/tokens', { config: ACCOUNT_ROUTE }, async (request) => ({
    data: await tokens.list(request.authUser().id),
  }));

  app.post('/api/user/tokens', { config: ACCOUNT_ROUTE }, async (request, reply) => {
    const data = await tokens.create(request.authUser(), request.body, requestOrigin(request));
    return reply.code(201).send({ data });
  });

  app.delete('/api/user/tokens/:id', { config: ACCOUNT_ROUTE }, async (request, reply) => {
    const user = request.authUser();
    const { id } = request.params as { id: string };
    await tokens.revoke(user, tokenIdOf(id), requestOrigin(request));
    return reply.code(204).send();
  });

  /** The user a path names (in the trash too: their tokens are still theirs), or 404. */
  async function targetOf(request: FastifyRequest) {
    const { id } = request.params as { id: string };
    if (!/^\d{1,9}$/.test(id)) throw notFound();
    const [target] = await database.query<{
      id: number;
      name: string;
      email: string;
      permissions: Permission[];
    }>(
      `SELECT u.id, u.name, u.email,
              (SELECT coalesce(array_agg(DISTINCT rp.permission), '{}')
                 FROM role_user ru JOIN role_permissions rp ON rp.role_id = ru.role_id
                WHERE ru.user_id = u.id) AS permissions
         FROM users u WHERE u.id = $1`,
      [Number(id)],
    );
    if (!target) throw notFound();
    return target;
  }

  app.get(
    '/api/users/:id/tokens',
    { config: { permission: 'user.view', sessionOnly: true } },
    async (request) => ({ data: await tokens.list((await targetOf(request)).id) }),
  );

  // As with roles (docs/http-api.md), an administrator acts only on people whose permissions they all hold.
  app.delete(
    '/api/users/:id/tokens/:tokenId',
    { config: { permission: 'user.update', sessionOnly: true } },
    async (request, reply) => {
      const actor = request.authUser();
      const target = await targetOf(request);
      if (target.id !== actor.id && !mayManage(actor.permissions, target.permissions)) {
        throw forbidden(API_TOKEN_MESSAGES.mayNotManage);
      }
      const { tokenId } = request.params as { tokenId: string };
      await tokens.revoke(
        { id: target.id, name: target.name, email: target.email },
        tokenIdOf(tokenId),
        requestOrigin(request),
        target.id === actor.id ? null : { id: actor.id, name: actor.name },
      );
      return reply.code(204).send();
    },
  );
}
