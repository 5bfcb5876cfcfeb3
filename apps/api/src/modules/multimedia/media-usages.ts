import { AREA_LABELS, type Area, type MediaUsage } from '@gestor/shared';
import type { Connection } from '../../db/client';

// "Where is this file used?" (AREAS.md "Media in use"): media_usages records (area, record) pairs, kept
// by the machinery on every write of an area that references media; the areas' registry tells this
// index how each area names its records.

export interface UsageArea {
  /** API path, as stored in media_usages.area. */
  path: string;
  area: Area;
  table: string;
  titleColumn: string;
}

export function createUsageIndex() {
  const areas = new Map<string, UsageArea>();
  return {
    register(area: UsageArea) {
      areas.set(area.path, area);
    },

    /** Each media item's usages, named by the records' titles, in a stable order. */
    async of(conn: Connection, mediaIds: number[]): Promise<Map<number, MediaUsage[]>> {
      const rows = await conn.query<{ media_id: number; area: string; record_id: number }>(
        'SELECT media_id, area, record_id FROM media_usages WHERE media_id = ANY($1::int[]) ORDER BY area, record_id',
        [mediaIds],
      );
      const titles = new Map<string, string>();
      for (const path of new Set(rows.map((row) => row.area))) {
        const area = areas.get(path);
        if (!area) continue;
        const ids = rows.filter((row) => row.area === path).map((row) => row.record_id);
        const found = await conn.query<{ id: number; title: string }>(
          `SELECT id, ${area.titleColumn}::text AS title FROM ${area.table} WHERE id = ANY($1::int[])`,
          [ids],
        );
        for (const record of found) titles.set(`${path}:${record.id}`, record.title);
      }
      const usages = new Map<number, MediaUsage[]>(mediaIds.map((id) => [id, []]));
      for (const row of rows) {
        usages.get(row.media_id)?.push({
          area: row.area,
          id: row.record_id,
          title: titles.get(`${row.area}:${row.record_id}`) ?? `#${row.record_id}`,
        });
      }
      return usages;
    },

    /** "Categorías «Deportes», «Fútbol»": for the refusal to delete an item in use. */
    describe(usages: MediaUsage[]): string {
      const byArea = new Map<string, string[]>();
      for (const usage of usages) byArea.set(usage.area, [...(byArea.get(usage.area) ?? []), usage.title]);
      return [...byArea]
        .map(([path, titles]) => {
          const label = areas.get(path) ? AREA_LABELS[areas.get(path)!.area] : path;
          const shown = titles.slice(0, 3).map((title) => `«${title}»`);
          if (titles.length > 3) shown.push(`y ${titles.length - 3} más`);
          return `${label} ${shown.join(', ')}`;
        })
        .join('; ');
    },
  };
}

export type UsageIndex = ReturnType<typeof createUsageIndex>;
