import type { Area } from '@gestor/shared/permissions';

/** What the home page knows of an area from the app's registry (app/areas.ts). */
export interface HomeArea {
  area: Area;
  icon: string;
  /** Whether the area has an edit screen (the library edits on its list). */
  screens?: { edit?: boolean };
}

/** Where a record opens: its edit screen, or the area's list when it has none. */
export function recordPath(areas: readonly HomeArea[], area: Area, key: string): string {
  const entry = areas.find((candidate) => candidate.area === area);
  return entry?.screens?.edit === false ? `/${area}` : `/${area}/${encodeURIComponent(key)}`;
}

export const areaIcon = (areas: readonly HomeArea[], area: Area) =>
  areas.find((candidate) => candidate.area === area)?.icon ?? 'pi pi-file';
