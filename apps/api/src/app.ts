import { rm } from 'node:fs/promises';
import { createServer, type ServerOptions, type ServerResponse } from 'node:http';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import { MESSAGES } from '@gestor/shared';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config/config';
import type { Database } from './db/client';
import { createClientAddress, fastifyTrust } from './lib/client-address';
import { answerAlreadySent, guardConnections, REQUEST_IDLE_TIMEOUT_MS } from './lib/connection-guard';
import { scratchTag, sweepLeftovers } from './lib/leftovers';
import { createMailer, type Mailer } from './lib/mailer';
import { parseQueryString } from './lib/query-string';
import { normaliseTarget } from './lib/request-target';
import { createStorage, type Storage } from './lib/storage/storage';
import { storageRoutes } from './lib/storage/storage-routes';
import { accessibilityRoutes } from './modules/accessibility/accessibility-routes';
import { accountRoutes } from './modules/account/account-routes';
import { activityRoutes } from './modules/activity/activity-routes';
import { requestOriginPlugin } from './modules/activity/request-origin';
import { apiTokensRoutes } from './modules/api-tokens/api-tokens-routes';
import { createApiTokensService } from './modules/api-tokens/api-tokens-service';
import { createTokenStore } from './modules/api-tokens/token-store';
import { publicAreas, registerAreas } from './modules/areas';
import { authRoutes } from './modules/auth/auth-routes';
import { createAuthService } from './modules/auth/auth-service';
import { createKnownDevices } from './modules/auth/known-devices';
import { createSessionStore } from './modules/auth/session-store';
import { dashboardRoutes } from './modules/dashboard/dashboard-routes';
import { createDashboardService } from './modules/dashboard/dashboard-service';
import { healthRoutes } from './modules/health/health-routes';
import { linkedDocuments } from './modules/multimedia/linked-documents';
import { trashedMediaFiles } from './modules/multimedia/trashed-files';
import { passkeyRoutes } from './modules/passkeys/passkey-routes';
import { createRelyingParty } from './modules/passkeys/relying-party';
import { permissionsRoutes } from './modules/permissions/permissions-routes';
import { createPresence } from './modules/presence/presence';
import { publicDocsRoutes } from './modules/public/public-docs';
import { publicRoutes } from './modules/public/public-routes';
import { createPublicTransport } from './modules/public/public-transport';
import { createExportLimiter } from './modules/resource/export-limiter';
import { savedViewsRoutes } from './modules/saved-views/saved-views-routes';
import { createSavedViewsService } from './modules/saved-views/saved-views-service';
import { searchRoutes } from './modules/search/search-routes';
import { createSearchService } from './modules/search/search-service';
import { answerPage } from './modules/tests/answer-page/answer-page';
import { createAnswering } from './modules/tests/answering';
import { answeringRoutes } from './modules/tests/answering-routes';
import { createProofOfWork } from './modules/tests/proof-of-work';
import { createResponses } from './modules/tests/responses';
import { answersSweep } from './modules/tests/retention';
import { twoFactorRoutes } from './modules/two-factor/two-factor-routes';
import { createWebhooks, type WebhookOptions } from './modules/webhooks/webhooks';
import apiTokensPlugin from './plugins/api-tokens';
import authPlugin from './plugins/auth';
import clientAddressPlugin from './plugins/client-address';
import compressionPlugin from './plugins/compression';
import errorsPlugin, { clientErrorHandler, frameworkErrors, serializeRequest } from './plugins/errors';
import noStorePlugin from './plugins/no-store';
import securityPlugin, { securityHeaders } from './plugins/security';
import sessionPlugin from './plugins/session';
import spaPlugin from './plugins/spa';
import textInputPlugin from './plugins/text-input';

export interface AppOptions {
  config: Config;
  database: Database;
  /** Overrides MAIL_MAILER (tests hand in their own). */
  mailer?: Mailer;
  /** Where the built SPA is; by default apps/web/dist beside this app. */
  webDist?: string | null;
  /** Where the log goes instead of stdout (tests read it). */
  logStream?: Writable;
  /** Overrides STORAGE_DRIVER (tests hand in their own). */
  storage?: Storage;
  /** How long a CSV download may stall before it is cut off (tests use a short one). */
  exportIdleTimeoutMs?: number;
  /** How long a client that owes a request's headers or body may send nothing (30 s; tests use less). */
  requestIdleTimeoutMs?: number;
  /** Webhooks' timings and name resolution (tests use short ones); docs/webhooks.md's rules by default. */
  webhooks?: WebhookOptions;
  /** The proof of work's highest number (proof-of-work.ts's by default; tests make it cheap to solve). */
  proofMaxNumber?: number;
}

const here = path.dirname(fileURLToPath(import.meta.url));
export const DEFAULT_WEB_DIST = path.resolve(here, '../../web/dist');

/** Builds the whole server: plugins, API routes, and the SPA with its history fallback. */
export async function buildApp({
  config,
  database,
  mailer,
  webDist = DEFAULT_WEB_DIST,
  logStream,
  storage = createStorage(config),
  exportIdleTimeoutMs,
  requestIdleTimeoutMs = REQUEST_IDLE_TIMEOUT_MS,
  webhooks: webhookOptions,
  proofMaxNumber,
}: AppOptions): Promise<FastifyInstance> {
  // The public API's answers that need no route (a cache hit, a refused method, a preflight, a 429)
  // are sent before Fastify sees the request (decision 022); its hooks below fill the cache.
  // One reading of the client address for every limiter and log, before Fastify and in it (decision 039).
  const clientAddress = createClientAddress(config.trustProxy);
  const publicTransport = createPublicTransport({
    database,
    rateLimit: config.publicApiRateLimit,
    clientAddress,
    securityHeaders: securityHeaders(config),
  });
  // A target the entrance refuses (a fragment, a foreign absolute form) reaches no code that could
  // read it another way: Spanish JSON, as the errors plugin answers a bad URL.
  const refusedTarget = Buffer.from(JSON.stringify({ message: MESSAGES.badUrl }));
  const refusedHeaders = {
    ...securityHeaders(config),
    'cache-control': 'no-store',
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(refusedTarget.length),
  };
  const refuseTarget = (response: ServerResponse) => {
    response.writeHead(400, refusedHeaders);
    response.end(refusedTarget);
  };
  const app = Fastify({
    // Reset tokens in paths and query strings never reach the log (docs/http-api.md#errors).
    logger: {
      level: config.logLevel,
      serializers: { req: serializeRequest },
      ...(logStream ? { stream: logStream } : {}),
    },
    // What Fastify and Node answer before our code runs: Spanish JSON that never echoes the URL.
    frameworkErrors,
    clientErrorHandler(error, socket) {
      // A request whose answer already went out (a cache hit before its body was read) gets no
      // second one from the parser's error in that body: the connection just ends (decision 038).
      if (answerAlreadySent(socket)) return void socket.end();
      clientErrorHandler.call(this, error, socket);
    },
    // A request without Host is answered by the errors plugin (Spanish JSON), not by Node (empty body).
    http: { requireHostHeader: false },
    serverFactory: (handler, options) => {
      // Fastify's options with its defaults filled in.
      const settings = options as {
        http?: ServerOptions;
        keepAliveTimeout: number;
        requestTimeout: number;
        connectionTimeout: number;
        maxRequestsPerSocket: number;
      };
      const server = createServer(settings.http ?? {}, (request, response) => {
        guard.track(request, response);
        // The target is read once, here, as the router reads it (lib/request-target.ts, decision 038).
        if (!normaliseTarget(request)) return refuseTarget(response);
        if (!publicTransport.front(request, response)) handler(request, response);
      });
      // What Fastify sets on a server it makes itself (fastify/lib/server.js).
      server.keepAliveTimeout = settings.keepAliveTimeout;
      server.requestTimeout = settings.requestTimeout;
      server.setTimeout(settings.connectionTimeout);
      if (settings.maxRequestsPerSocket > 0) server.maxRequestsPerSocket = settings.maxRequestsPerSocket;
      // Stalled requests closed, open connections per address bounded (lib/connection-guard.ts).
      const guard = guardConnections(server, {
        idleMs: requestIdleTimeoutMs,
        maxPerAddress: config.maxConnectionsPerIp,
      });
      return server;
    },
    // The same hops as clientAddress, so request.ip (Fastify's own log lines) names the same client.
    trustProxy: fastifyTrust(config.trustProxy),
    bodyLimit: 1024 * 1024,
    // The query parser the public API's cache keys with too (lib/query-string.ts, decision 038).
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200, querystringParser: parseQueryString },
  });

  await app.register(clientAddressPlugin, { clientAddress });
  await app.register(errorsPlugin);
  // U+0000 in any query string or path parameter: a 422 before anything reads it.
  await app.register(textInputPlugin);
  await app.register(securityPlugin, { config });
  // Before compression: the public API compresses and keeps its own answers.
  await app.register(publicTransport.plugin);
  // JSON answers of 1 kB or more, compressed as the client accepts; streams and the SPA's files untouched.
  await app.register(compressionPlugin);
  await app.register(cookie);
  const sessions = createSessionStore(database, config.appKey);
  await app.register(sessionPlugin, { config, store: sessions });
  // Sanctum's personal access tokens: `Authorization: Bearer` instead of a session (decision 037).
  await app.register(apiTokensPlugin, { tokens: createTokenStore(database) });
  await app.register(authPlugin);
  // Where each request came from, for the security events its writes record (decision 031).
  await app.register(requestOriginPlugin);
  // Every /api/ and /sanctum/ answer uncacheable. The last hook: routes come after it, and the file
  // areas' upload routes live in contexts of their own that copy the hooks there are when they are
  // made (plugins/uploads.ts). Multipart bodies are parsed only there (decision 008).
  await app.register(noStorePlugin);

  const mail = mailer ?? createMailer(config, app.log);
  const auth = createAuthService({ database, config, mailer: mail, sessions, log: app.log });
  const devices = createKnownDevices({ database, config, mailer: mail, log: app.log });
  const relyingParty = createRelyingParty({ database, config });
  const twoFactor = twoFactorRoutes(app, { database, config, mailer: mail, auth, devices, relyingParty });
  authRoutes(app, { auth, database, devices, registrationEnabled: config.registrationEnabled, twoFactor });
  accountRoutes(app, { database, config, mailer: mail });
  passkeyRoutes(app, { database, appName: config.appName, relyingParty, devices });
  apiTokensRoutes(app, { database, tokens: createApiTokensService(database) });
  healthRoutes(app, { database });
  permissionsRoutes(app);
  publicDocsRoutes(app, { appUrl: config.appUrl });

  // The management areas: each one a declaration on the shared resource machinery (modules/areas.ts).
  // Uploads on their way wait in a folder of this server's own under STORAGE_PATH/tmp, named after it
  // (lib/leftovers.ts): at start, what a crashed server left there and half-written files on the local
  // disk are removed; on a clean stop, the folder goes.
  const temporaryRoot = path.resolve(config.storagePath, 'tmp');
  const uploadsDir = path.join(temporaryRoot, scratchTag());
  app.addHook('onReady', async () => {
    const removed = (await sweepLeftovers(temporaryRoot)) + (await storage.removeUnfinished());
    if (removed) app.log.info({ removed }, 'Archivos temporales de un proceso anterior retirados');
  });
  app.addHook('onClose', async () => {
    await rm(uploadsDir, { recursive: true, force: true });
  });
  // Webhooks (decision 023): changes go to the outbox in their own transaction; this process's worker
  // sends what is due from the moment the app is ready, and stops with it.
  const webhooks = createWebhooks({
    database,
    log: app.log,
    allowPrivate: config.webhooks.allowPrivate,
    options: webhookOptions,
  });
  app.addHook('onReady', async () => webhooks.start());
  app.addHook('onClose', async () => webhooks.stop());
  // Who is editing what, and the live channel that tells each tab (decision 027).
  const presence = createPresence({
    database,
    sessions,
    cookieName: config.session.cookieName,
    log: app.log,
  });
  presence.liveRoutes(app);
  // Decision 041: every export of this process, in any area or the activity log, shares these slots.
  const exportLimiter = createExportLimiter(config.exportConcurrency);
  // Tests answered by the public (docs/public-api.md#questionnaires): one service for the public API
  // and the answering page; a timer settles attempts whose time ran out and anonymises old responses.
  const answering = createAnswering({
    database,
    appKey: config.appKey,
    appName: config.appName,
    appUrl: config.appUrl,
    mailer: mail,
    log: app.log,
    webhooks,
  });
  const sweep = answersSweep({ database, answering, log: app.log });
  app.addHook('onReady', async () => sweep.start());
  app.addHook('onClose', async () => sweep.stop());
  const areas = registerAreas(app, {
    appKey: config.appKey,
    answering,
    database,
    auth,
    storage,
    log: app.log,
    appUrl: config.appUrl,
    publicUrls: config.publicUrls,
    uploads: { maxBytes: config.uploadMaxMb * 1024 * 1024, tmpDir: uploadsDir },
    exportIdleTimeoutMs,
    exportLimiter,
    webhooks,
    trashRetentionDays: config.trashRetentionDays,
    presence,
    reviewMail: { mailer: mail, appName: config.appName, frontendUrl: config.frontendUrl },
  });
  // The home page's widgets, over the same areas (issue 20, decision 030).
  dashboardRoutes(app, { dashboard: createDashboardService({ database, areas }) });
  // Every area's changes and the security log in one list (decision 031).
  activityRoutes(app, {
    database,
    areas,
    appUrl: config.appUrl,
    tmpDir: uploadsDir,
    exportIdleTimeoutMs,
    exportLimiter,
  });
  // The open accessibility findings of everything published, and the overrides (docs/accessibility.md).
  accessibilityRoutes(app, {
    database,
    areas,
    publicUrls: config.publicUrls,
    documents: linkedDocuments({ storage, appUrl: config.appUrl }),
  });
  // Each person's saved views of every list (decision 032), checked against the lists' contracts.
  savedViewsRoutes(app, {
    service: createSavedViewsService({ database, contracts: areas.map((area) => area.contract) }),
  });
  // Global search over the areas just registered, each as its own list searches (decision 029).
  searchRoutes(app, createSearchService({ database, definitions: areas }));
  // Uploaded files are public, like Laravel's public disk (docs/areas.md): /storage/media/<name>.
  storageRoutes(app, { storage, withheld: trashedMediaFiles(database) });
  // What the organisation's website reads (docs/public-api.md): /api/public/v1, no session; and the admin
  // API's preview links.
  const publicSides = publicAreas(areas);
  publicRoutes(app, { database, storage, config, areas: publicSides });
  const proof = createProofOfWork({ database, appKey: config.appKey, maxNumber: proofMaxNumber });
  const responses = createResponses({ database });
  answeringRoutes(app, { answering, proof, responses });
  // The answering page for people without a website of their own (/t/{slug}), embeddable.
  await app.register(answerPage, { answering, proof, responses, config });
  // The moments public answers change with no write, as the public areas declare them.
  publicTransport.watch(
    publicSides.flatMap(({ table, changesAt = [] }) => changesAt.map((moment) => ({ table, ...moment }))),
  );

  // The built SPA, robots.txt and the 404s (plugins/spa.ts).
  await app.register(spaPlugin, { webDist });

  return app;
}
