import { ROLES, USERS } from '@gestor/shared';
import { describe, expect, it } from 'vitest';
import { screensRoute, screensTitles } from './resource-screens';

describe('screens named after their contract', () => {
  it('lives at the area path with Spanish titles', () => {
    expect(screensRoute(ROLES)).toBe('/role');
    expect(screensRoute(USERS)).toBe('/user');
    expect(screensTitles({ contract: ROLES })).toEqual({
      list: 'Roles',
      create: 'Nuevo rol',
      edit: 'Editar rol',
    });
    expect(
      screensTitles({
        contract: { ...USERS, label: { one: 'noticia', many: 'noticias', gender: 'feminine' } },
      }).create,
    ).toBe('Nueva noticia');
  });
});
