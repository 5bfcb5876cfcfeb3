import type { Area } from '@gestor/shared/permissions';
import type { AreaScreens, ResourceRouteComponents } from '../components/routes/resource-route-objects';

// The one list of management areas in the SPA (decision 008): the route table, the sidebar menu and
// the home screen's totals all derive from it. Zod-free and code-free (screens load on demand), so
// the first bundle stays small.

export interface AreaEntry {
  area: Area;
  /** A PrimeIcons class for the menu and the home totals. */
  icon: string;
  /** Screens beside the list; both by default. */
  screens?: AreaScreens;
  load: () => Promise<ResourceRouteComponents>;
}

export const areas: readonly AreaEntry[] = [
  {
    area: 'news',
    icon: 'pi pi-megaphone',
    load: async () => (await import('../features/news/routes/news')).newsRoutes,
  },
  {
    area: 'page',
    icon: 'pi pi-file',
    // A page is created from its list: a dialog asks the title (docs/areas.md, no /page/create).
    screens: { create: false },
    load: async () => (await import('../features/pages/routes/pages')).pageRoutes,
  },
  {
    area: 'event',
    icon: 'pi pi-calendar',
    load: async () => (await import('../features/events/routes/events')).eventRoutes,
  },
  {
    area: 'slide',
    icon: 'pi pi-clone',
    load: async () => (await import('../features/slides/routes/slides')).slideRoutes,
  },
  {
    area: 'category',
    icon: 'pi pi-sitemap',
    load: async () => (await import('../features/categories/routes/categories')).categoryRoutes,
  },
  {
    area: 'multimedia',
    icon: 'pi pi-images',
    // Files are uploaded and edited on the list itself (docs/areas.md).
    screens: { create: false, edit: false },
    load: async () => (await import('../features/multimedia/routes/multimedia')).multimediaRoutes,
  },
  {
    area: 'entity',
    icon: 'pi pi-building',
    load: async () => (await import('../features/entities/routes/entities')).entityRoutes,
  },
  {
    area: 'space',
    icon: 'pi pi-map-marker',
    load: async () => (await import('../features/spaces/routes/spaces')).spaceRoutes,
  },
  {
    area: 'test',
    icon: 'pi pi-list-check',
    // What the answers say (issue 33): a test's responses, one response, its results.
    screens: {
      more: [
        {
          path: ':id/respuestas',
          permission: 'test.results',
          load: async () => (await import('../features/tests/routes/test-responses')).TestResponsesRoute,
        },
        {
          path: ':id/respuestas/:rid',
          permission: 'test.results',
          load: async () => (await import('../features/tests/routes/test-response')).TestResponseRoute,
        },
        {
          path: ':id/resultados',
          permission: 'test.results',
          load: async () => (await import('../features/tests/routes/test-results')).TestResultsRoute,
        },
      ],
    },
    load: async () => (await import('../features/tests/routes/tests')).testRoutes,
  },
  {
    area: 'webhook',
    icon: 'pi pi-bolt',
    load: async () => (await import('../features/webhooks/routes/webhooks')).webhookRoutes,
  },
  {
    area: 'role',
    icon: 'pi pi-shield',
    load: async () => (await import('../features/roles/routes/roles')).roleRoutes,
  },
  {
    area: 'user',
    icon: 'pi pi-users',
    load: async () => (await import('../features/users/routes/users')).userRoutes,
  },
];
