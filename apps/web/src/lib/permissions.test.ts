import { describe, expect, it } from 'vitest';
import { hasPermission } from './permissions';

describe('hasPermission (SPEC.md §6)', () => {
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
