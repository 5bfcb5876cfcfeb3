import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import { MESSAGES } from '@gestor/shared';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config/config';
import type { Database } from './db/client';
import { createMailer, type Mailer } from './lib/mailer';
import { authRoutes } from './modules/auth/auth-routes';
import { createAuthService } from './modules/auth/auth-service';
import { createSessionStore } from './modules/auth/session-store';
import { healthRoutes } from './modules/health/health-routes';
import { permissionsRoutes } from './modules/permissions/permissions-routes';
import type { AnyResourceDefinition } from './modules/resource/resource-definition';
import { resourceRoutes } from './modules/resource/resource-routes';
import { createResourceService } from './modules/resource/resource-service';
import { rolesResource } from './modules/roles/roles-resource';
import { usersResource } from './modules/users/users-resource';
import authPlugin from './plugins/auth';
import errorsPlugin from './plugins/errors';
import securityPlugin from './plugins/security';
import sessionPlugin from './plugins/session';

export interface AppOptions {
  config: Config;
  database: Database;
  /** Overrides MAIL_MAILER (tests hand in their own). */
  mailer?: Mailer;
  /** Where the built SPA is; by default apps/web/dist beside this app. */
  webDist?: string | null;
}

const here = path.dirname(fileURLToPath(import.meta.url));
export const DEFAULT_WEB_DIST = path.resolve(here, '../../web/dist');

/** Builds the whole server: plugins, API routes, and the SPA with its history fallback. */
export async function buildApp({
  config,
  database,
  mailer,
  webDist = DEFAULT_WEB_DIST,
}: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
  });

  await app.register(errorsPlugin);
  await app.register(securityPlugin, { config });
  await app.register(cookie);
  const sessions = createSessionStore(database, config.appKey);
  await app.register(sessionPlugin, { config, store: sessions });
  await app.register(authPlugin);

  const auth = createAuthService({
    database,
    config,
    mailer: mailer ?? createMailer(config, app.log),
    sessions,
    log: app.log,
  });
  authRoutes(app, { auth, registrationEnabled: config.registrationEnabled });
  healthRoutes(app, { database });
  permissionsRoutes(app);

  // The management areas: each one a declaration on the shared resource machinery.
  const resources = [rolesResource, usersResource({ auth })] as unknown as AnyResourceDefinition[];
  for (const definition of resources) {
    resourceRoutes(app, createResourceService(definition, { database, log: app.log }), {
      appUrl: config.appUrl,
    });
  }

  const spa = webDist && existsSync(path.join(webDist, 'index.html')) ? webDist : null;
  if (spa) {
    await app.register(fastifyStatic, {
      root: spa,
      wildcard: true,
      // Our own Cache-Control (setHeaders and the page handlers), not the plugin's max-age=0.
      cacheControl: false,
      index: false,
      setHeaders: (res, file) => {
        // Hashed build assets never change; everything else is checked on every load.
        res.setHeader(
          'Cache-Control',
          file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  if (spa) {
    // The wildcard static route refuses the root directory itself (index: false), so `/` serves
    // the SPA explicitly, never cached, like every other page.
    app.route({
      method: ['GET', 'HEAD'],
      url: '/',
      handler: (_request, reply) => reply.header('Cache-Control', 'no-cache').sendFile('index.html', spa),
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url.startsWith('/api/') || request.url.startsWith('/sanctum/');
    // History fallback: any other GET for a page is the SPA, whose router shows its own 404 page.
    if (spa && !isApi && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html', spa);
    }
    return reply.code(404).send({ message: MESSAGES.routeNotFound });
  });

  return app;
}
