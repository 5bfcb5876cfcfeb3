import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import type { Storage } from '../lib/storage/storage';
import type { AuthService } from './auth/auth-service';
import { categoriesResource } from './categories/categories-resource';
import { entitiesResource } from './entities/entities-resource';
import { mediaLinks } from './multimedia/media-links';
import { mediaUrls } from './multimedia/media-refs';
import { createUsageIndex } from './multimedia/media-usages';
import { multimediaResource } from './multimedia/multimedia-resource';
import { newsResource } from './news/news-resource';
import { pagesResource } from './pages/pages-resource';
import type { MediaLinks } from './resource/media-links';
import type { ResourceDefinition } from './resource/resource-definition';
import { resourceRoutes } from './resource/resource-routes';
import { createResourceService } from './resource/resource-service';
import { rolesResource } from './roles/roles-resource';
import { slidesResource } from './slides/slides-resource';
import { spacesResource } from './spaces/spaces-resource';
import { testsResource } from './tests/tests-resource';
import { usersResource } from './users/users-resource';

// The one list of management areas (decision 008). Each entry keeps its own record and input types
// inside the closure that mounts it, so the list needs no cast; the media usage index learns from the
// same list how each area names its records.

export interface AreaDependencies {
  database: Database;
  auth: AuthService;
  storage: Storage;
  log: FastifyInstance['log'];
  appUrl: string;
  uploads: { maxBytes: number; tmpDir: string };
  /** How long a CSV download may stall before it is cut off (export-spool.ts has the default). */
  exportIdleTimeoutMs?: number;
}

interface MountedArea {
  path: string;
  mount(app: FastifyInstance): void;
}

function area<R extends { id: number; updated_at: string }, C, U>(
  definition: ResourceDefinition<R, C, U>,
  deps: AreaDependencies & { media: MediaLinks },
): MountedArea {
  return {
    path: definition.contract.path,
    mount(app) {
      const service = createResourceService(definition, {
        database: deps.database,
        log: deps.log,
        media: deps.media,
      });
      resourceRoutes(app, service, {
        appUrl: deps.appUrl,
        uploads: deps.uploads,
        exportIdleTimeoutMs: deps.exportIdleTimeoutMs,
      });
    },
  };
}

/** Every area's declaration, by name: the one list that is mounted (and that tests walk). */
export function areaDefinitions(deps: AreaDependencies, usages = createUsageIndex()) {
  const media = mediaUrls(deps.storage, deps.appUrl);
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
    categories: categoriesResource({ media }),
    news: newsResource({ media }),
    pages: pagesResource(),
    entities: entitiesResource({ media }),
    spaces: spacesResource({ media }),
    slides: slidesResource({ media }),
    tests: testsResource(),
  };
}

export function registerAreas(app: FastifyInstance, deps: AreaDependencies) {
  const usages = createUsageIndex();
  const definitions = areaDefinitions(deps, usages);
  const withMedia = { ...deps, media: mediaLinks(mediaUrls(deps.storage, deps.appUrl)) };
  const areas = [
    area(definitions.roles, withMedia),
    area(definitions.users, withMedia),
    area(definitions.multimedia, withMedia),
    area(definitions.categories, withMedia),
    area(definitions.news, withMedia),
    area(definitions.pages, withMedia),
    area(definitions.entities, withMedia),
    area(definitions.spaces, withMedia),
    area(definitions.slides, withMedia),
    area(definitions.tests, withMedia),
  ];
  for (const definition of Object.values(definitions)) {
    usages.register(definition as unknown as Parameters<typeof usages.register>[0]);
  }
  for (const entry of areas) entry.mount(app);
}
