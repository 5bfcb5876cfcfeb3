import type { RouteObject } from 'react-router';
import { NotFoundPage, RouteErrorPage } from '../components/errors/error-page';
import { resourceRouteObjects } from '../components/routes/resource-route-objects';
import type { RouteHandle } from '../lib/route-handle';
import { areas } from './areas';
import { authGuard } from './auth-guard';
import { LoadingScreen, RootLayout } from './root-layout';

const guest: RouteHandle = { access: 'guest' };
const publicPage: RouteHandle = { access: 'public' };

// docs/architecture.md#the-spa: every screen is loaded on demand. `handle` declares who may enter (lib/route-handle.ts)
// and is read before the screen's code is downloaded, by the guard in the root loader.
// A management area adds one entry to app/areas.ts; its routes, menu entry and home total follow.
export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    HydrateFallback: LoadingScreen,
    errorElement: <RouteErrorPage />,
    loader: ({ request }) => authGuard(request, routes),
    // docs/http-api.md#sign-in-lifecycle: the user is fetched again on every route change.
    shouldRevalidate: () => true,
    children: [
      {
        errorElement: <RouteErrorPage />,
        children: [
          {
            lazy: async () => ({
              Component: (await import('../components/layout/auth-layout')).AuthLayout,
            }),
            children: [
              {
                path: 'auth/login',
                handle: guest,
                lazy: async () => ({ Component: (await import('../features/auth/routes/login')).LoginRoute }),
              },
              {
                path: 'auth/forgot-password',
                handle: guest,
                lazy: async () => ({
                  Component: (await import('../features/auth/routes/forgot-password')).ForgotPasswordRoute,
                }),
              },
              {
                path: 'auth/reset/:token',
                handle: guest,
                lazy: async () => ({
                  Component: (await import('../features/auth/routes/reset-password')).ResetPasswordRoute,
                }),
              },
              {
                // Decision 035: where a role that requires two-factor sign-in keeps its holders until
                // they set it up (the guard sends them), outside the shell whose calls would be refused.
                path: 'account/two-factor-setup',
                lazy: async () => ({
                  Component: (await import('../features/account/routes/two-factor-setup'))
                    .TwoFactorSetupRoute,
                }),
              },
              {
                path: 'logout-ok',
                handle: publicPage,
                lazy: async () => ({
                  Component: (await import('../features/auth/routes/logout-ok')).LogoutOkRoute,
                }),
              },
            ],
          },
          {
            lazy: async () => ({
              Component: (await import('./routes/default-layout-route')).DefaultLayoutRoute,
            }),
            children: [
              {
                index: true,
                lazy: async () => {
                  const { HomeRoute } = await import('../features/home/routes/home');
                  // The home totals follow the registry of areas.
                  return { Component: () => <HomeRoute areas={areas} /> };
                },
              },
              {
                // Every signed-in person's own account (issue 21): no permission needed.
                path: 'account',
                lazy: async () => ({
                  Component: (await import('../features/account/routes/account')).AccountRoute,
                }),
              },
              {
                // The link mailed to a new address: followed signed in (the guard returns here after sign-in).
                path: 'account/confirm-email/:token',
                lazy: async () => ({
                  Component: (await import('../features/account/routes/confirm-email')).ConfirmEmailRoute,
                }),
              },
              {
                // Every change and the security log (decision 031); its records link to the areas
                // with an edit screen, where their history is.
                path: 'activity',
                handle: { permission: 'activity.view' } satisfies RouteHandle,
                lazy: async () => {
                  const { ActivityRoute } = await import('../features/activity/routes/activity');
                  const editable = (area: string) =>
                    areas.some((entry) => entry.area === area && entry.screens?.edit !== false);
                  return { Component: () => <ActivityRoute editable={editable} /> };
                },
              },
              {
                // The open accessibility findings of everything published, the overrides and the
                // drafts of the statement and the yearly report (docs/accessibility.md).
                path: 'accessibility',
                handle: { permission: 'accessibility.view' } satisfies RouteHandle,
                lazy: async () => ({
                  Component: (await import('../features/accessibility/routes/accessibility'))
                    .AccessibilityRoute,
                }),
              },
              // Every management area, from the registry (app/areas.ts).
              ...areas.flatMap((entry) => resourceRouteObjects(entry.area, entry.load, entry.screens)),
            ],
          },
          // docs/architecture.md#the-spa: an unmatched path shows the error page for a 404 'Page not found: <path>'.
          { path: '*', Component: NotFoundPage },
        ],
      },
    ],
  },
];
