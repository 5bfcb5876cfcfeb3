import type { Area, AreaEntry, Permission } from '@gestor/shared/permissions';
import { AREA_LABELS, AREA_REGISTRY, newRecordLabel } from '@gestor/shared/permissions';
import { foldText } from '@gestor/shared/search';

// What the palette offers beside the records (issue 20): the screens and actions the person may use.

/** What the palette needs of the SPA's registry of areas (app/areas.ts). */
export interface SearchedAreaEntry {
  area: Area;
  icon: string;
  screens?: { create?: boolean; edit?: boolean };
}

export interface PaletteCommand {
  id: string;
  label: string;
  icon: string;
  to: string;
}

/** Every command the person may use: new records, uploads, each area's list, their account. */
export function paletteCommands(
  areas: readonly SearchedAreaEntry[],
  can: (permission: Permission) => boolean,
): PaletteCommand[] {
  const commands: PaletteCommand[] = [];
  for (const { area, screens } of areas) {
    // The create screen's action, said as the person would ask for it: "Nueva noticia".
    const label = newRecordLabel((AREA_REGISTRY[area] as AreaEntry).noun);
    if (screens?.create !== false && can(`${area}.create` as Permission)) {
      commands.push({ id: `new-${area}`, label, icon: 'pi pi-plus', to: `/${area}/create` });
    }
  }
  if (can('multimedia.create')) {
    // The upload button and the drop zone are on the library's list (docs/areas.md).
    commands.push({ id: 'upload', label: 'Subir archivos', icon: 'pi pi-upload', to: '/multimedia' });
  }
  for (const { area, icon } of areas) {
    if (can(`${area}.view` as Permission)) {
      commands.push({ id: `go-${area}`, label: `Ir a ${AREA_LABELS[area]}`, icon, to: `/${area}` });
    }
  }
  commands.push({ id: 'go-home', label: 'Ir a Inicio', icon: 'pi pi-home', to: '/' });
  commands.push({ id: 'go-account', label: 'Ir a Mi cuenta', icon: 'pi pi-user', to: '/account' });
  return commands;
}

/** The commands whose label holds every typed word at a word's start ("nue not" → "Nueva noticia"). */
export function matchingCommands(commands: readonly PaletteCommand[], query: string): PaletteCommand[] {
  const words = foldText(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...commands];
  return commands.filter((command) => {
    const labelWords = foldText(command.label).split(/\s+/);
    return words.every((word) => labelWords.some((labelWord) => labelWord.startsWith(word)));
  });
}

/** Where a result opens: the record's edit screen, or the library with the item's details open. */
export function recordPath(area: Area, key: string): string {
  return area === 'multimedia'
    ? `/multimedia?item=${encodeURIComponent(key)}`
    : `/${area}/${encodeURIComponent(key)}`;
}

/** The area's list with the search applied (the list reads `search` from the address). */
export function listPath(area: Area, query: string): string {
  return `/${area}?search=${encodeURIComponent(query)}`;
}
