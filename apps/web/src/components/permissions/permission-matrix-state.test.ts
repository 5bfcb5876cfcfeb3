import { AREAS, PERMISSIONS, type Permission } from '@gestor/shared';
import { describe, expect, it } from 'vitest';
import {
  cellPermission,
  columnPermissions,
  grantableOf,
  hasAll,
  hasSome,
  normalizePermissions,
  rowPermissions,
  setPermission,
  toggleGroup,
  withPickerNeeds,
} from './permission-matrix-state';

describe('permission matrix cells', () => {
  it('has Publicar only for the areas that publish (news, pages, the agenda)', () => {
    expect(cellPermission('news', 'publish')).toBe('news.publish');
    expect(cellPermission('page', 'publish')).toBe('page.publish');
    expect(cellPermission('user', 'publish')).toBeNull();
    expect(columnPermissions('publish')).toEqual(['news.publish', 'page.publish', 'event.publish']);
    // Every area of the registry, the activity log and the accessibility screen.
    expect(columnPermissions('view')).toHaveLength(AREAS.length + 2);
  });

  it('has Enviar a revisión and Revisar only for the areas that are reviewed (docs/review.md)', () => {
    expect(columnPermissions('submit')).toEqual(['news.submit', 'page.submit']);
    expect(columnPermissions('review')).toEqual(['news.review', 'page.review']);
    expect(cellPermission('event', 'review')).toBeNull();
  });

  it('has rows "Actividad" and "Accesibilidad" with Ver alone', () => {
    expect(rowPermissions('activity')).toEqual(['activity.view']);
    expect(cellPermission('activity', 'create')).toBeNull();
    expect(rowPermissions('accessibility')).toEqual(['accessibility.view']);
    expect(cellPermission('accessibility', 'update')).toBeNull();
  });

  it('covers every permission exactly once', () => {
    const rows = [...AREAS, 'activity', 'accessibility'] as const;
    expect(normalizePermissions(rows.flatMap(rowPermissions))).toEqual(normalizePermissions(PERMISSIONS));
  });
});

describe('permission matrix toggles', () => {
  it('turns one permission on and off, keeping one order', () => {
    const on = setPermission(['user.view'], 'news.create', true);
    expect(on).toEqual(['news.create', 'user.view']);
    expect(setPermission(on, 'news.create', false)).toEqual(['user.view']);
    expect(setPermission(on, 'news.create', true)).toEqual(on);
  });

  it('fills a row when part of it is on, and empties it when all is on', () => {
    const partial: Permission[] = ['news.view', 'user.view'];
    const filled = toggleGroup(partial, rowPermissions('news'));
    expect(filled).toEqual(
      normalizePermissions([
        'news.view',
        'news.create',
        'news.update',
        'news.delete',
        'news.submit',
        'news.review',
        'news.publish',
        'user.view',
      ]),
    );
    expect(hasAll(filled, rowPermissions('news'))).toBe(true);
    expect(toggleGroup(filled, rowPermissions('news'))).toEqual(['user.view']);
  });

  it('toggles a column across every area that has the action', () => {
    const all = toggleGroup([], columnPermissions('delete'));
    expect(all).toHaveLength(AREAS.length);
    expect(all.every((name) => name.endsWith('.delete'))).toBe(true);
    expect(toggleGroup(all, columnPermissions('delete'))).toEqual([]);
    expect(hasSome(['role.delete'], columnPermissions('delete'))).toBe(true);
    expect(hasSome(['role.view'], columnPermissions('delete'))).toBe(false);
  });

  it('gives the same list whatever order the server sent', () => {
    expect(normalizePermissions(['user.view', 'news.view', 'user.view'])).toEqual(['news.view', 'user.view']);
  });
});

describe('permission matrix for a person who holds only some permissions', () => {
  const held: Permission[] = ['role.view', 'user.update', 'user.view'];

  it('toggles only the grantable part of a row, keeping what the person may not give', () => {
    const row = grantableOf(rowPermissions('user'), held);
    expect(row).toEqual(['user.view', 'user.update']);
    const on = toggleGroup(['news.view'], row);
    expect(on).toEqual(['news.view', 'user.update', 'user.view']);
    expect(toggleGroup(on, row)).toEqual(['news.view']);
  });

  it('has nothing to toggle in a row or column the person holds nothing of', () => {
    expect(grantableOf(rowPermissions('news'), held)).toEqual([]);
    expect(grantableOf(columnPermissions('delete'), held)).toEqual([]);
  });
});

describe('picker needs (decision 014)', () => {
  const all = PERMISSIONS;

  it('turning on news create or update turns on multimedia view and create (to upload) and category view', () => {
    expect(withPickerNeeds(['news.view'], ['news.create', 'news.view'], all)).toEqual([
      'category.view',
      'multimedia.create',
      'multimedia.view',
      'news.create',
      'news.view',
    ]);
    expect(withPickerNeeds([], ['space.update'], all)).toEqual([
      'entity.view',
      'multimedia.create',
      'multimedia.view',
      'space.update',
    ]);
    expect(withPickerNeeds([], ['user.create'], all)).toEqual(['role.view', 'user.create']);
  });

  it('only what the person may give', () => {
    expect(withPickerNeeds([], ['news.update'], ['news.update', 'category.view'])).toEqual([
      'category.view',
      'news.update',
    ]);
  });

  it('leaves alone a need turned off on purpose, and other actions', () => {
    const before: Permission[] = ['multimedia.view', 'news.create', 'news.view'];
    expect(withPickerNeeds(before, ['news.create', 'news.view'], all)).toEqual(['news.create', 'news.view']);
    expect(withPickerNeeds([], ['news.delete', 'news.publish', 'test.create'], all)).toEqual([
      'news.delete',
      'news.publish',
      'test.create',
    ]);
  });
});
