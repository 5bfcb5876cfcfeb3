// Full-text search in Spanish (docs/areas.md; decision 015): the query goes through the very function
// the stored search_vector columns use (migration 0012), so "informacion", "Información" and
// "informaciones" become the same lexeme on both sides. Words are required in any order.
const query = (text: string) => `websearch_to_tsquery('spanish', gestor_search_text(${text}))`;

/** The fullTextSearch of an area whose table has a search_vector built with gestor_search_text. */
export const SPANISH_SEARCH = {
  condition: (text: string) => `t.search_vector @@ ${query(text)}`,
  rank: (text: string) => `ts_rank_cd(t.search_vector, ${query(text)})`,
};
