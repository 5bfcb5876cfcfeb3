// Singular and plural, with or without accents, find each other. 0006/0008 folded accents before PostgreSQL's Spanish snowball stemmer, whose suffix rules
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

/** Drops a table's search_vector and adds it again from weighted parts, with its GIN index. */
const searchVector = (table: string, parts: Record<'A' | 'B' | 'C', string | null>) => /* sql */ `
ALTER TABLE ${table} DROP COLUMN search_vector;
ALTER TABLE ${table} ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (
  ${Object.entries(parts)
    .filter(([, text]) => text !== null)
    .map(([weight, text]) => `setweight(to_tsvector('spanish', gestor_search_text(${text})), '${weight}')`)
    .join(' ||\n  ')}
) STORED;
ALTER TABLE ${table} ALTER COLUMN search_vector SET STORAGE MAIN;
CREATE INDEX ${table}_search ON ${table} USING gin (search_vector);
`;

export const up = /* sql */ `
CREATE FUNCTION gestor_search_text(value text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE RETURNS NULL ON NULL INPUT
AS $$ SELECT regexp_replace(regexp_replace(gestor_fold(value), 'z\\M', 'c', 'g'), '([a-z]{3})[es]+\\M', '\\1', 'g') $$;
${searchVector('news', { A: 'title', B: "coalesce(excerpt, '')", C: 'gestor_html_text(body)' })}
${searchVector('pages', { A: 'title', B: null, C: 'gestor_html_text(body)' })}
${searchVector('tests', { A: 'title', B: "coalesce(description, '')", C: null })}`;
