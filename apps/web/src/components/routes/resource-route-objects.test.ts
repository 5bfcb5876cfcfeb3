import { describe, expect, it } from 'vitest';
import { resourceRouteObjects } from './resource-route-objects';

describe('resourceRouteObjects', () => {
  it('declares the list, create and edit routes with the permission each needs', () => {
    const routes = resourceRouteObjects('role', async () => {
      throw new Error('not loaded in this test');
    });
    expect(routes.map((route) => [route.path, (route.handle as { permission: string }).permission])).toEqual([
      ['role', 'role.view'],
      ['role/create', 'role.create'],
      ['role/:id', 'role.view'],
    ]);
  });
});

describe('resourceRouteObjects for areas without some screens', () => {
  it('leaves out the create and edit routes an area does not have (docs/areas.md)', () => {
    const load = async () => ({ ListRoute: async () => () => null });
    expect(
      resourceRouteObjects('multimedia', load, { create: false, edit: false }).map((r) => r.path),
    ).toEqual(['multimedia']);
    expect(resourceRouteObjects('page', load, { create: false }).map((r) => r.path)).toEqual([
      'page',
      'page/:id',
    ]);
  });
});

describe('resourceRouteObjects for an area with screens of its own', () => {
  it('adds them under the area, each with the permission it declares', () => {
    const load = async () => ({ ListRoute: async () => () => null });
    const routes = resourceRouteObjects('test', load, {
      more: [{ path: ':id/respuestas', permission: 'test.results', load: async () => () => null }],
    });
    expect(routes.map((route) => [route.path, (route.handle as { permission: string }).permission])).toEqual([
      ['test', 'test.view'],
      ['test/create', 'test.create'],
      ['test/:id', 'test.view'],
      ['test/:id/respuestas', 'test.results'],
    ]);
  });
});
