// A news item's optional second headline (`subtitle`, up to 200 characters), found by the list's
// search with the title's weight. The generated search_vector cannot change its expression before
// PostgreSQL 17, so it is dropped (with its index) and added again, as 0012 did.
export const name = '0015-news-subtitle';

export const up = /* sql */ `
ALTER TABLE news ADD COLUMN subtitle text CHECK (char_length(subtitle) <= 200);
ALTER TABLE news DROP COLUMN search_vector;
ALTER TABLE news ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('spanish', gestor_search_text(title || ' ' || coalesce(subtitle, ''))), 'A') ||
  setweight(to_tsvector('spanish', gestor_search_text(coalesce(excerpt, ''))), 'B') ||
  setweight(to_tsvector('spanish', gestor_search_text(gestor_html_text(body))), 'C')
) STORED;
ALTER TABLE news ALTER COLUMN search_vector SET STORAGE MAIN;
CREATE INDEX news_search ON news USING gin (search_vector);
`;
