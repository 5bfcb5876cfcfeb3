// docs/areas.md news and pages: the editorial areas. Spanish full-text search over title,
// excerpt and body (stemmed by PostgreSQL's `spanish` configuration, accents folded first so
// "eleccion" finds "elecciones"), weighted title > excerpt > body; the four legal pages as drafts.
export const name = '0006-news-and-pages';

export const up = /* sql */ `
-- Text of an HTML body for indexing: tags become spaces, the common entities their characters.
CREATE FUNCTION gestor_html_text(html text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE RETURNS NULL ON NULL INPUT
AS $$ SELECT replace(replace(replace(replace(replace(
  regexp_replace(html, '<[^>]*>', ' ', 'g'), '&nbsp;', ' '), '&amp;', '&'), '&lt;', '<'), '&gt;', '>'), '&quot;', '"') $$;

CREATE TABLE news (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  title text NOT NULL,
  slug text NOT NULL,
  excerpt text,
  body text NOT NULL DEFAULT '',
  cover_id integer REFERENCES multimedia (id),
  status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'published', 'scheduled')),
  published_at timestamptz,
  featured boolean NOT NULL DEFAULT false,
  author_id integer REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  search_vector tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('spanish', gestor_fold(title)), 'A') ||
    setweight(to_tsvector('spanish', gestor_fold(coalesce(excerpt, ''))), 'B') ||
    setweight(to_tsvector('spanish', gestor_fold(gestor_html_text(body))), 'C')
  ) STORED,
  CONSTRAINT news_slug_key UNIQUE (slug),
  CONSTRAINT news_scheduled_has_date CHECK (status <> 'scheduled' OR published_at IS NOT NULL)
);
-- Ranking reads every match's vector: kept in the row (the long body goes out to TOAST instead), a
-- search ranks its matches without a TOAST lookup each.
ALTER TABLE news ALTER COLUMN search_vector SET STORAGE MAIN;
CREATE INDEX news_search ON news USING gin (search_vector);
CREATE INDEX news_title ON news ((gestor_sort_key(title) COLLATE "C"), id);
CREATE INDEX news_published_at ON news (published_at, id);
CREATE INDEX news_updated_at ON news (updated_at, id);
CREATE INDEX news_created_at ON news (created_at, id);
CREATE INDEX news_status ON news (status, published_at, id);
CREATE INDEX news_author ON news (author_id, updated_at, id);
CREATE INDEX news_featured ON news (featured, updated_at, id) WHERE featured;
SELECT gestor_track_count('news');

-- Deleting a category leaves its news in place, without it (docs/areas.md).
CREATE TABLE category_news (
  news_id integer NOT NULL REFERENCES news (id) ON DELETE CASCADE,
  category_id integer NOT NULL REFERENCES categories (id) ON DELETE CASCADE,
  position integer NOT NULL,
  PRIMARY KEY (news_id, category_id)
);
CREATE INDEX category_news_category ON category_news (category_id, news_id);

CREATE TABLE pages (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  title text NOT NULL,
  slug text NOT NULL,
  body text NOT NULL DEFAULT '',
  status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'published')),
  published_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  search_vector tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('spanish', gestor_fold(title)), 'A') ||
    setweight(to_tsvector('spanish', gestor_fold(gestor_html_text(body))), 'C')
  ) STORED,
  CONSTRAINT pages_slug_key UNIQUE (slug)
);
ALTER TABLE pages ALTER COLUMN search_vector SET STORAGE MAIN;
CREATE INDEX pages_search ON pages USING gin (search_vector);
CREATE INDEX pages_title ON pages ((gestor_sort_key(title) COLLATE "C"), id);
CREATE INDEX pages_updated_at ON pages (updated_at, id);
CREATE INDEX pages_created_at ON pages (created_at, id);
CREATE INDEX pages_status ON pages (status, id);

-- docs/areas.md: seeded once, as drafts, when the database is created; deleting one later is final.
INSERT INTO pages (title, slug) VALUES
  ('Aviso legal', 'aviso-legal'),
  ('Política de privacidad', 'politica-de-privacidad'),
  ('Política de cookies', 'politica-de-cookies'),
  ('Declaración de accesibilidad', 'declaracion-de-accesibilidad');
SELECT gestor_track_count('pages');
`;
