// Issue 16 "Search finds what people type": singular and plural, with or without accents, find each
// other. 0006/0008 folded accents before PostgreSQL's Spanish snowball stemmer, whose suffix rules
// are written with the accents (-ación/-aciones): "informaciones" lost its suffix ('inform') while a
// folded "informacion" kept it ('informacion'). Stemming the accented text instead does not help
// either: a person who types "informacion" without the accent still gets 'informacion', and the
// stemmer keeps pez/peces, joven/jóvenes and examen/exámenes apart. So before stemming, each folded
// word loses its plural (docs/decisions/015-spanish-search.md):
// a final "z" reads "c" (pez/peces → pec) and the trailing run of "e"/"s" after three letters goes
// (informaciones → informacion, autobuses/autobús → autobu, clases/clase → cla). Both sides of a
// search go through the same function, so an odd lexeme is harmless: it is the same for the
// singular and the plural. Generated columns cannot change their expression before PostgreSQL 17,
// so each search_vector is dropped (with its index) and added again, which also rebuilds the rows.
export const name = '0012-spanish-search-plurals';

export const up = /* sql */ `
CREATE FUNCTION gestor_search_text(value text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE RETURNS NULL ON NULL INPUT
AS $$ SELECT regexp_replace(regexp_replace(gestor_fold(value), 'z\\M', 'c', 'g'), '([a-z]{3})[es]+\\M', '\\1', 'g') $$;

ALTER TABLE news DROP COLUMN search_vector;
ALTER TABLE news ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('spanish', gestor_search_text(title)), 'A') ||
  setweight(to_tsvector('spanish', gestor_search_text(coalesce(excerpt, ''))), 'B') ||
  setweight(to_tsvector('spanish', gestor_search_text(gestor_html_text(body))), 'C')
) STORED;
ALTER TABLE news ALTER COLUMN search_vector SET STORAGE MAIN;
CREATE INDEX news_search ON news USING gin (search_vector);

ALTER TABLE pages DROP COLUMN search_vector;
ALTER TABLE pages ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('spanish', gestor_search_text(title)), 'A') ||
  setweight(to_tsvector('spanish', gestor_search_text(gestor_html_text(body))), 'C')
) STORED;
ALTER TABLE pages ALTER COLUMN search_vector SET STORAGE MAIN;
CREATE INDEX pages_search ON pages USING gin (search_vector);

ALTER TABLE tests DROP COLUMN search_vector;
ALTER TABLE tests ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('spanish', gestor_search_text(title)), 'A') ||
  setweight(to_tsvector('spanish', gestor_search_text(coalesce(description, ''))), 'B')
) STORED;
CREATE INDEX tests_search ON tests USING gin (search_vector);
`;
