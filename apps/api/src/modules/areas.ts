import { randomBytes } from 'node:crypto';
import { isReviewed } from '@gestor/shared';
import type { FastifyInstance } from 'fastify';
import type { PublicUrlTemplates } from '../config/config';
import type { Database } from '../db/client';
import type { Storage } from '../lib/storage/storage';
import type { AuthService } from './auth/auth-service';
import { categoriesResource } from './categories/categories-resource';
import { entitiesResource } from './entities/entities-resource';
import { eventsResource } from './events/events-resource';
import { mediaLinks } from './multimedia/media-links';
import { mediaUrls } from './multimedia/media-refs';
import { createUsageIndex } from './multimedia/media-usages';
import { multimediaResource } from './multimedia/multimedia-resource';
import { newsResource } from './news/news-resource';
import { pagesResource } from './pages/pages-resource';
import type { Presence } from './presence/presence';
import { type AreaDeclaration, deriveDefinition, targetRegistry } from './resource/area-declaration';
import { createExportLimiter, type ExportLimiter } from './resource/export-limiter';
import type { MediaLinks } from './resource/media-links';
import type { PublicArea } from './resource/public-side';
import type { ResourceDefinition } from './resource/resource-definition';
import { resourceRoutes } from './resource/resource-routes';
import { createResourceService } from './resource/resource-service';
import { type ReviewDependencies, type ReviewNotices, reviewNotices, reviewRoutes } from './resource/review';
import { trashRetention } from './resource/trash-retention';
import { rolesResource } from './roles/roles-resource';
import { slidesResource } from './slides/slides-resource';
import { spacesResource } from './spaces/spaces-resource';
import type { Answering } from './tests/answering';
import { testsResource } from './tests/tests-resource';
import { usersResource } from './users/users-resource';
import { createWebhooks, type Webhooks } from './webhooks/webhooks';
import { webhooksResource } from './webhooks/webhooks-resource';

// The one list of management areas (decision 008). Each area declares what is its own; the field
// tables of the shared contracts give the rest (decision 018), references resolved through the
// registry of these same areas. The media usage index learns from the list how each area names its
// records.

export interface AreaDependencies {
  database: Database;
  auth: AuthService;
  storage: Storage;
  log: FastifyInstance['log'];
  appUrl: string;
  /**
   * The website's address templates (PUBLIC_NEWS_URL…): a published news item or page reads back with
   * its public address, the one the public API gives it. Absent (a test, a benchmark): none.
   */
  publicUrls?: Pick<PublicUrlTemplates, 'news' | 'page'>;
  uploads: { maxBytes: number; tmpDir: string };
  /** How long a CSV download may stall before it is cut off (export-spool.ts has the default). */
  exportIdleTimeoutMs?: number;
  /**
   * This process's export slots, shared by every area and the activity log (decision 041). When absent
   * (a test that only reads the definitions), slots of these areas' own.
   */
  exportLimiter?: ExportLimiter;
  /**
   * The webhooks this process sends: the outbox every announced change is written into. When absent
   * (a test or benchmark that only reads the definitions), one that is never started.
   */
  webhooks?: Webhooks;
  /** TRASH_RETENTION_DAYS: when given, this process purges the trash on a timer (decision 026). */
  trashRetentionDays?: number;
  /** Who is editing what (decision 027): each area's presence routes, and its saves announced. */
  presence?: Presence;
  /**
   * APP_KEY, for what an area keeps as a keyed hash (a test's PIN). Absent (a test or benchmark that
   * only reads the definitions): a random key of this process's own.
   */
  appKey?: Buffer;
  /** How tests are answered by the public (their codes are made there); absent, no codes route works. */
  answering?: Answering;
  /**
   * The review's mails (docs/review.md), sent through the application's mailer. Absent (a test or
   * benchmark that only reads the definitions): reviews send none.
   */
  reviewMail?: Omit<ReviewDependencies, 'database' | 'log'>;
}

type AnyDefinition = ResourceDefinition<{ id: number; updated_at: string }, unknown, unknown>;
type AnyDeclaration = AreaDeclaration<{ id: number; updated_at: string }, unknown, unknown>;

/** Every area's declaration, by name, as the areas state them. */
function areaDeclarations(deps: AreaDependencies, usages: ReturnType<typeof createUsageIndex>) {
  const webhooks =
    deps.webhooks ?? createWebhooks({ database: deps.database, log: deps.log, allowPrivate: false });
  const review = reviewNoticesOf(deps);
  return {
    roles: rolesResource,
    users: usersResource({ auth: deps.auth }),
    multimedia: multimediaResource({
      storage: deps.storage,
      usages,
      tmpDir: deps.uploads.tmpDir,
      maxBytes: deps.uploads.maxBytes,
      appUrl: deps.appUrl,
    }),
    categories: categoriesResource(),
    news: newsResource({ website: deps.publicUrls?.news ?? null, review }),
    events: eventsResource(),
    pages: pagesResource({ website: deps.publicUrls?.page ?? null, review }),
    entities: entitiesResource(),
    spaces: spacesResource(),
    slides: slidesResource(),
    tests: testsResource({
      appKey: deps.appKey ?? randomBytes(32),
      answering: deps.answering,
      results: {
        database: deps.database,
        appUrl: deps.appUrl,
        tmpDir: deps.uploads.tmpDir,
        exportLimiter: deps.exportLimiter ?? createExportLimiter(2),
        ...(deps.exportIdleTimeoutMs === undefined ? {} : { exportIdleTimeoutMs: deps.exportIdleTimeoutMs }),
      },
    }),
    webhooks: webhooksResource(webhooks),
  };
}

type Declared = ReturnType<typeof areaDeclarations>;

/** The review's mails (stateless: the publishing rules and the review routes may each have theirs). */
const reviewNoticesOf = (deps: AreaDependencies): ReviewNotices | null =>
  deps.reviewMail ? reviewNotices({ ...deps.reviewMail, database: deps.database, log: deps.log }) : null;

/** Every area's whole definition, by name: the one list that is mounted (and that tests walk). */
export function areaDefinitions(
  deps: AreaDependencies,
  usages = createUsageIndex(),
): { [K in keyof Declared]: AnyDefinition } {
  const declared = areaDeclarations(deps, usages);
  const list = Object.values(declared) as unknown as AnyDeclaration[];
  const targets = targetRegistry(list);
  return Object.fromEntries(
    Object.entries(declared).map(([name, declaration]) => [
      name,
      deriveDefinition(declaration as unknown as AnyDeclaration, targets),
    ]),
  ) as { [K in keyof Declared]: AnyDefinition };
}

/** What each public area shows the website (decision 047): its declaration, with its name, table and fields. */
export function publicAreas(definitions: readonly AnyDefinition[]): PublicArea[] {
  return definitions.flatMap((definition) =>
    definition.publicSide
      ? [
          {
            ...definition.publicSide,
            area: definition.contract.area,
            table: definition.table,
            fields: definition.contract.fields,
          },
        ]
      : [],
  );
}

/** Mounts every area; returns their definitions, in the registry's order (the dashboard, the activity log and saved views read them). */
export function registerAreas(app: FastifyInstance, given: AreaDependencies): AnyDefinition[] {
  // EXPORT_CONCURRENCY's default, for callers that bring no slots of their own: one set for every export.
  const deps = { ...given, exportLimiter: given.exportLimiter ?? createExportLimiter(2) };
  const usages = createUsageIndex();
  const definitions = areaDefinitions(deps, usages);
  const media: MediaLinks = mediaLinks(mediaUrls(deps.storage, deps.appUrl));
  for (const definition of Object.values(definitions)) {
    usages.register(definition);
  }
  deps.webhooks?.watch(Object.values(definitions));
  const services: Array<ReturnType<typeof createResourceService>> = [];
  const { exportLimiter } = deps;
  for (const definition of Object.values(definitions)) {
    const service = createResourceService(definition, {
      database: deps.database,
      log: deps.log,
      media,
      changeFeed: deps.webhooks?.feed,
      onSaved: deps.presence?.saved,
    });
    deps.presence?.routes(app, service);
    if (isReviewed(definition.contract.area)) {
      reviewRoutes(app, service, { notices: reviewNoticesOf(deps), webhooks: deps.webhooks });
    }
    resourceRoutes(app, service, {
      appUrl: deps.appUrl,
      uploads: deps.uploads,
      exportIdleTimeoutMs: deps.exportIdleTimeoutMs,
      exportLimiter,
    });
    services.push(service);
  }
  if (deps.trashRetentionDays !== undefined) {
    const retention = trashRetention({ services, days: deps.trashRetentionDays, log: deps.log });
    app.addHook('onReady', async () => retention.start());
    app.addHook('onClose', async () => retention.stop());
  }
  return Object.values(definitions);
}
