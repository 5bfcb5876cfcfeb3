// Global search (issue 20, decision 029 "Performance"): in areas without full text, a title that
// starts with the searched text ranks first, then one that holds it. Folding every matching title
// on each search (gestor_fold: lower() and a 33-letter translate()) cost more than finding the
// matches; the folded title is now kept beside the row, as search_text is, and the search only
// compares it. Each expression is the area's title in modules/search/search-areas.ts.
export const name = '0031-search-titles';

export const up = /* sql */ `
ALTER TABLE users ADD COLUMN search_title text GENERATED ALWAYS AS (gestor_fold(name)) STORED;
ALTER TABLE roles ADD COLUMN search_title text GENERATED ALWAYS AS (gestor_fold(label)) STORED;
ALTER TABLE multimedia ADD COLUMN search_title text
  GENERATED ALWAYS AS (gestor_fold(coalesce(nullif(title, ''), original_name))) STORED;
ALTER TABLE categories ADD COLUMN search_title text GENERATED ALWAYS AS (gestor_fold(name)) STORED;
ALTER TABLE entities ADD COLUMN search_title text GENERATED ALWAYS AS (gestor_fold(name)) STORED;
ALTER TABLE spaces ADD COLUMN search_title text GENERATED ALWAYS AS (gestor_fold(name)) STORED;
ALTER TABLE slides ADD COLUMN search_title text GENERATED ALWAYS AS (gestor_fold(title)) STORED;
ALTER TABLE webhooks ADD COLUMN search_title text GENERATED ALWAYS AS (gestor_fold(name)) STORED;
`;
