import { MULTIMEDIA, ROLES, USERS } from '@gestor/shared';
import { describe, expect, it } from 'vitest';
import { defineResourceList, headerOf, screensRoute, screensTitles } from './resource-screens';

describe('screens named after their contract', () => {
  it('lives at the area path with Spanish titles', () => {
    expect(screensRoute(ROLES)).toBe('/role');
    expect(screensRoute(USERS)).toBe('/user');
    expect(screensTitles({ contract: ROLES })).toEqual({
      list: 'Roles',
      create: 'Nuevo rol',
      edit: 'Editar rol',
      view: 'Ver rol',
    });
    expect(
      screensTitles({
        contract: { ...USERS, label: { one: 'noticia', many: 'noticias', gender: 'feminine' } },
      }).create,
    ).toBe('Nueva noticia');
  });
});

describe('declared columns (decision 018)', () => {
  it("take their field's header from the table unless they give one, in a list-only area too", () => {
    const columns = [
      { field: 'original_name' },
      { field: 'size', header: 'Tamaño' },
      { field: 'created_at' },
    ];
    const base = { contract: MULTIMEDIA, searchPlaceholder: '', purpose: '', columns };
    expect(defineResourceList(base).columns.map((column) => column.header)).toEqual([
      'Nombre',
      'Tamaño',
      'Creado',
    ]);
    expect(headerOf(ROLES, 'users_count')).toBe('Usuarios');
  });
});
