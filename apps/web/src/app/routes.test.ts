import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { RouteHandle } from '../lib/route-handle';
import { admitsGuests, routeAccess } from './auth-guard';
import { routes } from './routes';

// docs/http-api.md#permissions: guest-only routes are the login, forgot-password and reset screens; all others need a
// signed-in user. docs/architecture.md#the-spa: /logout-ok is public.
describe('route table access', () => {
  it.each(['/auth/login', '/auth/forgot-password', '/auth/reset/abc123'])('%s is guest-only', (path) => {
    expect(routeAccess(routes, path)).toBe('guest');
  });

  it('/logout-ok is public', () => {
    expect(routeAccess(routes, '/logout-ok')).toBe('public');
  });

  it.each([
    '/',
    '/role',
    '/user/3',
    '/account',
    '/account/confirm-email/abc123',
    '/auth',
    '/auth/reset',
    '/no-existe',
  ])('%s needs a signed-in user', (path) => {
    expect(routeAccess(routes, path)).toBe('user');
  });

  it('a 401 on a guest or public screen does not redirect', () => {
    expect(admitsGuests(routes, '/auth/reset/abc123')).toBe(true);
    expect(admitsGuests(routes, '/logout-ok')).toBe(true);
    expect(admitsGuests(routes, '/')).toBe(false);
  });
});

describe('screens an area declares beyond its list and form', () => {
  const permissionOf = (path: string) =>
    (matchRoutes(routes, path) ?? [])
      .map((match) => (match.route.handle as RouteHandle | undefined)?.permission)
      .filter(Boolean)
      .at(-1);

  it.each([
    ['/test/3/respuestas', 'test.results'],
    ['/test/3/respuestas/12', 'test.results'],
    ['/test/3/resultados', 'test.results'],
    ['/test/3', 'test.view'],
    // And the screens of no area, each behind its own permission.
    ['/activity', 'activity.view'],
    ['/accessibility', 'accessibility.view'],
  ])('%s needs %s', (path, permission) => {
    expect(permissionOf(path)).toBe(permission);
  });
});
