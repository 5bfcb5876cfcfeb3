import { AREA_LABELS, type Area, HIDDEN_USAGE, type MediaKind, type MediaUsage } from '@gestor/shared';
import type { Connection } from '../../db/client';
import { usageFields } from '../resource/declared-fields';
import type { ResourceDefinition } from '../resource/resource-definition';

// "Where is this file used?" (docs/areas.md#rules-shared-by-the-content-areas): media_usages records (area, record) pairs, kept
// by the machinery on every write of an area that references media; the areas' registry tells this
// index how each area names its records and which kinds of file it takes.

export interface UsageArea {
  /** API path, as stored in media_usages.area. */
  path: string;
  area: Area;
  table: string;
  titleColumn: string;
  /** The kinds of file every use in this area takes (null: any). */
  kinds: readonly string[] | null;
}

/** Which areas a person may read records of: the others' records are counted, never named. */
export type VisibleArea = (area: Area) => boolean;

/** The kinds of file that every media reference of an area takes; rich text shows images only. */
function acceptedKinds(definition: ResourceDefinition<{ id: number; updated_at: string }, unknown, unknown>) {
  let kinds: readonly string[] | null = definition.richText ? ['image'] : null;
  for (const spec of usageFields(definition.fields)) {
    const values = spec.target.accept?.values;
    if (values) kinds = kinds ? kinds.filter((kind) => values.includes(kind)) : values;
  }
  return kinds;
}

export function createUsageIndex() {
  const areas = new Map<string, UsageArea>();
  const counted = (titles: Array<string | null>) => {
    const hidden = titles.filter((title) => title === null).length;
    const shown = titles.filter((title): title is string => title !== null);
    const named = shown.slice(0, 3).map((title) => `«${title}»`);
    if (shown.length > 3) named.push(`y ${shown.length - 3} más`);
    if (!hidden) return named.join(', ');
    const unseen = hidden === 1 ? HIDDEN_USAGE : `${hidden} elementos que no puede ver`;
    return named.length ? `${named.join(', ')} (y ${unseen})` : `(${unseen})`;
  };
  return {
    register(definition: ResourceDefinition<{ id: number; updated_at: string }, unknown, unknown>) {
      areas.set(definition.contract.path, {
        path: definition.contract.path,
        area: definition.contract.area,
        table: definition.table,
        titleColumn: definition.titleColumn ?? 'name',
        kinds: acceptedKinds(definition),
      });
    },

    /**
     * Each media item's usages in a stable order, named by the records' titles where `visible` lets
     * the person read that area (docs/areas.md: a draft's title is not for everyone who sees the library).
     */
    async of(conn: Connection, mediaIds: number[], visible: VisibleArea): Promise<Map<number, MediaUsage[]>> {
      const rows = await conn.query<{ media_id: number; area: string; record_id: number }>(
        'SELECT media_id, area, record_id FROM media_usages WHERE media_id = ANY($1::int[]) ORDER BY area, record_id',
        [mediaIds],
      );
      const titles = new Map<string, string>();
      for (const path of new Set(rows.map((row) => row.area))) {
        const area = areas.get(path);
        if (!area || !visible(area.area)) continue;
        const ids = rows.filter((row) => row.area === path).map((row) => row.record_id);
        const found = await conn.query<{ id: number; title: string }>(
          `SELECT id, ${area.titleColumn}::text AS title FROM ${area.table} WHERE id = ANY($1::int[])`,
          [ids],
        );
        for (const record of found) titles.set(`${path}:${record.id}`, record.title);
      }
      const usages = new Map<number, MediaUsage[]>(mediaIds.map((id) => [id, []]));
      for (const row of rows) {
        const area = areas.get(row.area);
        usages.get(row.media_id)?.push({
          area: row.area,
          id: row.record_id,
          title:
            area && visible(area.area)
              ? (titles.get(`${row.area}:${row.record_id}`) ?? `#${row.record_id}`)
              : null,
        });
      }
      return usages;
    },

    /** The usages whose area does not take a file of `kind` (a cover replaced by a PDF). */
    refusing(usages: MediaUsage[], kind: MediaKind): MediaUsage[] {
      return usages.filter((usage) => {
        const kinds = areas.get(usage.area)?.kinds;
        return kinds != null && !kinds.includes(kind);
      });
    },

    /** "Categorías «Deportes», «Fútbol»; Noticias (un elemento que no puede ver)": for refusals. */
    describe(usages: MediaUsage[]): string {
      const byArea = new Map<string, Array<string | null>>();
      for (const usage of usages) byArea.set(usage.area, [...(byArea.get(usage.area) ?? []), usage.title]);
      return [...byArea]
        .map(([path, titles]) => {
          const label = areas.get(path) ? AREA_LABELS[areas.get(path)!.area] : path;
          return `${label} ${counted(titles)}`;
        })
        .join('; ');
    },
  };
}

export type UsageIndex = ReturnType<typeof createUsageIndex>;

/** The areas a signed-in person may view, from their permissions. */
export const visibleTo =
  (actor: { permissions: readonly string[] }): VisibleArea =>
  (area) =>
    actor.permissions.includes(`${area}.view`);
