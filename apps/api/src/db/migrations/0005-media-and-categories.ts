// The content machinery's first two areas (docs/areas.md, decision 008): the multimedia library, the
// table that records every use of a media item, and the category tree.
export const name = '0005-media-and-categories';

export const up = /* sql */ `
CREATE TABLE multimedia (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- The server-made name the file is stored under (media/<file>), and its variants' names.
  file text NOT NULL UNIQUE,
  original_name text NOT NULL,
  mime_type text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('image', 'document', 'video', 'audio')),
  size bigint NOT NULL CHECK (size >= 0),
  width integer,
  height integer,
  alt text,
  title text,
  checksum text NOT NULL,
  -- {"thumbnail": {"file", "width", "height"}, "medium": {…}} or {} for anything but images.
  variants jsonb NOT NULL DEFAULT '{}',
  uploaded_by integer REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  search_text text GENERATED ALWAYS AS
    (gestor_fold(original_name || ' ' || coalesce(alt, '') || ' ' || coalesce(title, ''))) STORED
);
DO $$
DECLARE trgm_schema name := (SELECT n.nspname FROM pg_extension e
                               JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm');
BEGIN
  EXECUTE format('CREATE INDEX multimedia_search_trgm ON multimedia USING gin (search_text %I.gin_trgm_ops)', trgm_schema);
END $$;
CREATE INDEX multimedia_created_at ON multimedia (created_at, id);
CREATE INDEX multimedia_updated_at ON multimedia (updated_at, id);
CREATE INDEX multimedia_original_name ON multimedia ((gestor_sort_key(original_name) COLLATE "C"), id);
CREATE INDEX multimedia_title ON multimedia ((gestor_sort_key(title) COLLATE "C"), id);
CREATE INDEX multimedia_size ON multimedia (size, id);
CREATE INDEX multimedia_mime_type ON multimedia (mime_type, id);
CREATE INDEX multimedia_kind ON multimedia (kind, created_at, id);
CREATE INDEX multimedia_uploaded_by ON multimedia (uploaded_by, created_at, id);
SELECT gestor_track_count('multimedia');

-- Every use of a media item by a record of an area (a cover, a logo, an image in a body). The
-- foreign key makes a write that references a file being deleted wait for that delete, then fail:
-- an item is never deleted while something starts using it.
CREATE TABLE media_usages (
  media_id integer NOT NULL REFERENCES multimedia (id),
  area text NOT NULL,
  record_id integer NOT NULL,
  PRIMARY KEY (media_id, area, record_id)
);
CREATE INDEX media_usages_record ON media_usages (area, record_id);

CREATE TABLE categories (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL,
  slug text NOT NULL,
  description text,
  parent_id integer REFERENCES categories (id),
  color text NOT NULL DEFAULT '#3b82f6' CHECK (color ~ '^#[0-9a-f]{6}$'),
  image_id integer REFERENCES multimedia (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  search_text text GENERATED ALWAYS AS (gestor_fold(name || ' ' || slug || ' ' || coalesce(description, ''))) STORED,
  CONSTRAINT categories_slug_key UNIQUE (slug),
  CONSTRAINT categories_not_own_parent CHECK (parent_id <> id)
);
CREATE INDEX categories_parent ON categories (parent_id, id);
CREATE INDEX categories_name ON categories ((gestor_sort_key(name) COLLATE "C"), id);
CREATE INDEX categories_created_at ON categories (created_at, id);
CREATE INDEX categories_updated_at ON categories (updated_at, id);
SELECT gestor_track_count('categories');

-- "Deportes › Fútbol": the names from the top of the tree down. Category writes are serialized and
-- refuse cycles (decision 008); the depth bound only keeps a damaged table from looping forever.
CREATE FUNCTION gestor_category_path(category_id integer) RETURNS text
LANGUAGE sql STABLE PARALLEL SAFE
AS $$
  WITH RECURSIVE up (id, name, parent_id, depth) AS (
    SELECT id, name, parent_id, 1 FROM categories WHERE id = category_id
    UNION ALL
    SELECT c.id, c.name, c.parent_id, up.depth + 1 FROM categories c JOIN up ON c.id = up.parent_id
     WHERE up.depth < 64
  )
  SELECT string_agg(name, ' › ' ORDER BY depth DESC) FROM up
$$;
`;
