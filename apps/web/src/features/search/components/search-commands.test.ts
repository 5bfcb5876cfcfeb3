import type { Permission } from '@gestor/shared/permissions';
import { describe, expect, test } from 'vitest';
import { areas } from '../../../app/areas';
import { listPath, matchingCommands, paletteCommands, recordPath } from './search-commands';

const AREAS = [
  { area: 'news', icon: 'pi pi-megaphone' },
  { area: 'page', icon: 'pi pi-file', screens: { create: false } },
  { area: 'multimedia', icon: 'pi pi-images', screens: { create: false, edit: false } },
  { area: 'user', icon: 'pi pi-users' },
] as const;

const holding =
  (...permissions: Permission[]) =>
  (permission: Permission) =>
    permissions.includes(permission);

describe('the palette’s commands', () => {
  test('only what the person may use', () => {
    const labels = paletteCommands(
      AREAS,
      holding('news.view', 'news.create', 'multimedia.create', 'page.create', 'page.view'),
    ).map((command) => command.label);
    expect(labels).toEqual([
      'Nueva noticia',
      'Subir archivos',
      'Ir a Noticias',
      'Ir a Páginas',
      'Ir a Inicio',
      'Ir a Mi cuenta',
    ]);
    const reader = paletteCommands(AREAS, holding('user.view')).map((command) => command.label);
    expect(reader).not.toContain('Nuevo usuario');
    expect(reader).toContain('Ir a Usuarios');
  });

  test('every area of the SPA’s registry with a create screen has its command, named by the shared registry', () => {
    const everything = (_permission: Permission) => true;
    const commands = paletteCommands(areas, everything);
    for (const { area, screens } of areas) {
      const command = commands.find((one) => one.id === `new-${area}`);
      if (screens?.create === false) expect(command, area).toBeUndefined();
      else expect(command?.label, area).toMatch(/^Nuev[oa] /);
    }
    expect(commands.map((command) => command.label)).toContain('Nuevo evento');
  });

  test('filtered by the words typed, at a word’s start, without accents', () => {
    const commands = paletteCommands(AREAS, holding('news.view', 'news.create', 'user.view'));
    expect(matchingCommands(commands, 'nue not').map((c) => c.label)).toEqual(['Nueva noticia']);
    expect(matchingCommands(commands, 'PAGINAS')).toEqual([]);
    expect(matchingCommands(commands, 'usu').map((c) => c.to)).toEqual(['/user']);
  });

  test('where results open', () => {
    expect(recordPath('news', 'día-del-libro')).toBe('/news/d%C3%ADa-del-libro');
    expect(recordPath('multimedia', '12')).toBe('/multimedia?item=12');
    expect(listPath('user', 'garcía lópez')).toBe('/user?search=garc%C3%ADa%20l%C3%B3pez');
  });
});
