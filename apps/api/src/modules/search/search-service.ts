import {
  contextAround,
  type Permission,
  SEARCH_ITEMS_PER_AREA,
  type SearchGroup,
  type SearchItem,
} from '@gestor/shared';
import type { Database } from '../../db/client';
import { SEARCHED_AREAS } from './search-areas';
import { isSearchable, type SearchableDefinition, searchStatements } from './search-sql';

// Global search (issue 20; decision 029): every area the person may view, each searched by its own
// list search, all at once; areas they may not view are never queried.

interface ResultRow {
  id: number;
  key: string;
  title: string;
  status: string | null;
  context: string | null;
}

export function createSearchService({
  database,
  definitions,
}: {
  database: Database;
  definitions: readonly SearchableDefinition[];
}) {
  const areas = definitions.filter(isSearchable).map((definition) => ({
    definition,
    area: definition.contract.area,
    searched: SEARCHED_AREAS[definition.contract.area],
  }));

  async function searchArea(
    { definition, area, searched }: (typeof areas)[number],
    text: string,
  ): Promise<SearchGroup> {
    const statements = searchStatements(definition, searched, text);
    const rows = await database.query<ResultRow>(statements.rows.text, statements.rows.values);
    // A page that is not full holds every match: counting them again would only repeat the search.
    const total =
      rows.length < SEARCH_ITEMS_PER_AREA
        ? rows.length
        : ((await database.query<{ total: number }>(statements.count.text, statements.count.values))[0]
            ?.total ?? rows.length);
    const items = rows.map(
      (row): SearchItem => ({
        id: row.id,
        key: row.key,
        title: row.title,
        status: row.status === null ? null : (searched.status?.labels[row.status] ?? row.status),
        context: row.context ? contextAround(row.context, text) : null,
      }),
    );
    return { area, total, items };
  }

  return {
    /** The groups of the areas with a match, in the areas' order; `text` already checked and trimmed. */
    async search(text: string, permissions: readonly Permission[]): Promise<SearchGroup[]> {
      const visible = areas.filter(({ area }) => permissions.includes(`${area}.view`));
      const groups = await Promise.all(visible.map((entry) => searchArea(entry, text)));
      return groups.filter((group) => group.total > 0);
    },
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
