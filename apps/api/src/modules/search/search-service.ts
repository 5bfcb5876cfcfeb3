import { contextAround, type Permission, type SearchGroup, type SearchItem } from '@gestor/shared';
import type { Database } from '../../db/client';
import { SEARCHED_AREAS } from './search-areas';
import { isSearchable, type SearchableDefinition, searchStatement } from './search-sql';

// Global search (issue 20; decision 029): every area the person may view, each searched by its own
// list search, all at once; areas they may not view are never queried.

interface ResultRow {
  id: number;
  key: string;
  title: string;
  status: string | null;
  context: string | null;
  total: number;
}

export function createSearchService({
  database,
  definitions,
}: {
  database: Database;
  definitions: readonly SearchableDefinition[];
}) {
  const order = Object.keys(SEARCHED_AREAS);
  const areas = definitions
    .filter(isSearchable)
    .map((definition) => ({
      definition,
      area: definition.contract.area,
      searched: SEARCHED_AREAS[definition.contract.area],
    }))
    .sort((a, b) => order.indexOf(a.area) - order.indexOf(b.area));

  async function searchArea(
    { definition, area, searched }: (typeof areas)[number],
    text: string,
  ): Promise<SearchGroup> {
    const statement = searchStatement(definition, searched, text);
    const rows = await database.query<ResultRow>(statement.text, statement.values);
    const items = rows.map(
      (row): SearchItem => ({
        id: row.id,
        key: row.key,
        title: row.title,
        status: row.status === null ? null : (searched.status?.labels[row.status] ?? row.status),
        context: row.context ? contextAround(row.context, text) : null,
      }),
    );
    return { area, total: rows[0]?.total ?? 0, items };
  }

  return {
    /** The groups of the areas with a match, in SEARCHED_AREAS' order (content first); `text` already checked and trimmed. */
    async search(text: string, permissions: readonly Permission[]): Promise<SearchGroup[]> {
      const visible = areas.filter(({ area }) => permissions.includes(`${area}.view`));
      const groups = await Promise.all(visible.map((entry) => searchArea(entry, text)));
      return groups.filter((group) => group.total > 0);
    },
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
