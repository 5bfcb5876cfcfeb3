import { escapeLike, type ListQuery, Params } from './list-query';
import type { ResourceDefinition } from './resource-definition';

// The SQL of one list page, built from an area's declaration. Pure, so the benchmark can run exactly
// these statements through the raw driver as its baseline.

export interface Statement {
  text: string;
  values: unknown[];
}

type ListedDefinition = Pick<
  ResourceDefinition<{ id: number; updated_at: string }, unknown, unknown>,
  'table' | 'columns' | 'listColumns' | 'searchColumn' | 'fullTextSearch' | 'filterConditions' | 'sortColumns'
>;

export function whereClause(
  definition: ListedDefinition,
  query: Pick<ListQuery, 'search' | 'filters'>,
  params: Params,
) {
  const conditions: string[] = [];
  if (query.search && definition.fullTextSearch) {
    conditions.push(definition.fullTextSearch.condition(params.add(query.search)));
  } else if (query.search && definition.searchColumn) {
    conditions.push(
      `${definition.searchColumn} LIKE '%' || gestor_fold(${params.add(escapeLike(query.search))}) || '%'`,
    );
  }
  for (const [name, value] of Object.entries(query.filters)) {
    conditions.push(definition.filterConditions[name]!(params.add(value)));
  }
  return conditions.length ? `WHERE ${conditions.join(' AND ')}` : '';
}

export function orderClause(
  definition: ListedDefinition,
  query: Pick<ListQuery, 'sort' | 'sortGiven' | 'search'>,
  params: Params,
) {
  // Best matches first when a full-text search comes without an order of its own.
  if (query.search && definition.fullTextSearch && !query.sortGiven) {
    return `ORDER BY ${definition.fullTextSearch.rank(params.add(query.search))} DESC, t.id DESC`;
  }
  const parts = query.sort.map(
    ({ key, descending }) => `${definition.sortColumns[key]} ${descending ? 'DESC' : 'ASC'}`,
  );
  // The id breaks ties, so pages never repeat or skip a row; it follows the first key's direction.
  parts.push(`t.id ${query.sort[0]?.descending ? 'DESC' : 'ASC'}`);
  return `ORDER BY ${parts.join(', ')}`;
}

/** One page of rows, and the total: from row_counts (kept by triggers) when nothing filters the list. */
export function listStatements(
  definition: ListedDefinition,
  query: ListQuery,
  // null: every matching row (the CSV export reads them through a cursor).
  page: { limit: number; offset: number } | null = {
    limit: query.perPage,
    offset: (query.page - 1) * query.perPage,
  },
  // Decision 026: which rows of an area with a trash are seen (`t.deleted_at IS NULL` for its lists).
  scope: string | null = null,
  // Whether row_counts holds the total of the rows `scope` lets through (the live ones).
  countedScope = scope === null,
): { rows: Statement; count: Statement } {
  const params = new Params();
  const filtered = whereClause(definition, query, params);
  const where = scope
    ? `WHERE ${scope}${filtered ? ` AND (${filtered.slice('WHERE '.length)})` : ''}`
    : filtered;
  // The count takes the filters' values only (ordering by rank adds one).
  const whereValues = [...params.values];
  const order = orderClause(definition, query, params);
  const { table } = definition;
  const columns = definition.listColumns ?? definition.columns;
  return {
    rows: {
      text: `SELECT ${columns} FROM ${table} t ${where} ${order}${page ? ` LIMIT ${page.limit} OFFSET ${page.offset}` : ''}`,
      values: params.values,
    },
    count:
      filtered || !countedScope
        ? { text: `SELECT count(*)::int AS total FROM ${table} t ${where}`, values: whereValues }
        : {
            text: `SELECT coalesce((SELECT total FROM row_counts WHERE table_name = $1), (SELECT count(*) FROM ${table}))::int AS total`,
            values: [table],
          },
  };
}
