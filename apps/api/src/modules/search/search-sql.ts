import { SEARCH_ITEMS_PER_AREA } from '@gestor/shared';
import { Params } from '../resource/list-query';
import { type Statement, whereClause } from '../resource/list-sql';
import type { ResourceDefinition } from '../resource/resource-definition';
import { scopeSql } from '../resource/trash';
import type { SearchedArea } from './search-areas';

// The SQL of one area's part of the global search. Pure, so the benchmark can run exactly these
// statements through the raw driver as its baseline.

export type SearchableDefinition = Pick<
  ResourceDefinition<{ id: number; updated_at: string }, unknown, unknown>,
  | 'contract'
  | 'table'
  | 'columns'
  | 'listColumns'
  | 'searchColumn'
  | 'fullTextSearch'
  | 'filterConditions'
  | 'sortColumns'
>;

/** Whether the area's list can be searched at all (every area's can today). */
export const isSearchable = (definition: SearchableDefinition) =>
  Boolean(definition.fullTextSearch || definition.searchColumn);

/**
 * The best matches of one area (at most SEARCH_ITEMS_PER_AREA), each row carrying the area's count.
 * The match is the area's own list search (whereClause), so "Ver todos" opens a list holding exactly
 * `total` records; live records only where the area has a trash (decision 026). One statement, one
 * round trip.
 *
 * The matches are found once (`matches`: id and rank only, a narrow materialized set) and both
 * counted and ranked from there, so the table and its index are read once. What a result shows —
 * its title, status and context, the body's text among them — is read for the five kept rows only:
 * the planner inlines SQL functions such as gestor_html_text, thinks them cheap, and would otherwise
 * compute them for every match before the sort (decision 029, "Performance").
 */
export function searchStatement(
  definition: SearchableDefinition,
  searched: SearchedArea,
  text: string,
): Statement {
  const params = new Params();
  const matched = whereClause(definition, { search: text, filters: {} }, params).slice('WHERE '.length);
  const live = definition.contract.trash === false ? null : scopeSql('without');
  const where = live ? `${live} AND ${matched}` : matched;
  const { fullTextSearch } = definition;
  // Full text ranks as the area's list does (title A over excerpt B over body C); elsewhere a
  // title that starts with the text, then one that holds it, then the rest, newest first.
  const [rank, direction] = fullTextSearch
    ? [fullTextSearch.rank(params.add(text)), 'DESC']
    : [
        `CASE strpos(${searched.foldedTitle ?? `gestor_fold(${searched.title})`}, gestor_fold(${params.add(text)})) WHEN 0 THEN 2 WHEN 1 THEN 0 ELSE 1 END`,
        'ASC',
      ];
  const key = definition.contract.lookup === 'slug' ? 't.slug' : 't.id::text';
  const { table } = definition;
  return {
    text: `WITH matches AS MATERIALIZED (SELECT t.id, ${rank} AS search_rank FROM ${table} t WHERE ${where})
      SELECT t.id, ${key} AS key, ${searched.title} AS title,
        ${searched.status?.value ?? 'NULL'} AS status, ${searched.context ?? 'NULL'} AS context,
        (SELECT count(*)::int FROM matches) AS total
      FROM (SELECT id, search_rank FROM matches
        ORDER BY search_rank ${direction}, id DESC LIMIT ${SEARCH_ITEMS_PER_AREA}) best
      JOIN ${table} t ON t.id = best.id
      ORDER BY best.search_rank ${direction}, t.id DESC`,
    values: params.values,
  };
}
