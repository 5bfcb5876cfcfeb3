import { describe, expect, it } from 'vitest';
import { hasPermission, mayManage } from './permissions';

describe('hasPermission (docs/http-api.md#permissions)', () => {
  const editor = { permissions: ['news.view', 'news.create'] as const };

  it('grants a permission in the list', () => {
    expect(hasPermission({ permissions: [...editor.permissions] }, 'news.create')).toBe(true);
  });

  it('refuses one that is not, even of the same area', () => {
    expect(hasPermission({ permissions: [...editor.permissions] }, 'news.delete')).toBe(false);
    expect(hasPermission({ permissions: [...editor.permissions] }, 'role.view')).toBe(false);
  });

  it('refuses everything to a guest', () => {
    expect(hasPermission(null, 'news.view')).toBe(false);
    expect(hasPermission(undefined, 'news.view')).toBe(false);
  });
});

describe('mayManage (docs/http-api.md: no one gains what they do not hold)', () => {
  const actor = ['role.view', 'user.update', 'user.view'] as const;

  it('allows a target whose every permission the actor holds, and one with none', () => {
    expect(mayManage([...actor], ['user.view'])).toBe(true);
    expect(mayManage([...actor], ['user.update', 'user.view'])).toBe(true);
    expect(mayManage([...actor], [...actor])).toBe(true);
    expect(mayManage([...actor], [])).toBe(true);
  });

  it('refuses a target holding one permission the actor lacks', () => {
    expect(mayManage([...actor], ['user.view', 'news.view'])).toBe(false);
    expect(mayManage([...actor], ['user.delete'])).toBe(false);
    expect(mayManage([], ['user.view'])).toBe(false);
  });

  it('refuses when either side is unknown', () => {
    expect(mayManage(undefined, [])).toBe(false);
    expect(mayManage(null, ['user.view'])).toBe(false);
    expect(mayManage([...actor], undefined)).toBe(false);
  });
});
