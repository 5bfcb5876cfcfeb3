// docs/areas.md slides, entities, spaces: the home page's slides in their own order, the
// organisations Gestor records, and the spaces they own with an ordered gallery.
export const name = '0007-slides-entities-spaces';

export const up = /* sql */ `
CREATE TABLE slides (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  title text NOT NULL,
  subtitle text,
  image_id integer NOT NULL REFERENCES multimedia (id),
  link_url text,
  link_label text,
  -- 1…n, set by PUT /api/slides/order; a new slide goes last. Checked at the end of each statement,
  -- so one UPDATE can renumber every slide.
  position integer NOT NULL CHECK (position >= 1),
  active boolean NOT NULL DEFAULT true,
  starts_at timestamptz,
  ends_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  search_text text GENERATED ALWAYS AS
    (gestor_fold(title || ' ' || coalesce(subtitle, '') || ' ' || coalesce(link_label, ''))) STORED,
  CONSTRAINT slides_position_key UNIQUE (position) DEFERRABLE INITIALLY IMMEDIATE,
  CONSTRAINT slides_window CHECK (starts_at IS NULL OR ends_at IS NULL OR starts_at < ends_at)
);
CREATE INDEX slides_title ON slides ((gestor_sort_key(title) COLLATE "C"), id);
CREATE INDEX slides_created_at ON slides (created_at, id);
CREATE INDEX slides_updated_at ON slides (updated_at, id);
SELECT gestor_track_count('slides');

CREATE TABLE entities (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL,
  slug text NOT NULL,
  type text NOT NULL CHECK (type IN ('ayuntamiento', 'administracion', 'asociacion', 'fundacion', 'empresa', 'otra')),
  -- A NIF, NIE or CIF, upper case without spaces or dashes (checked with its control character by the
  -- shared schema before it gets here).
  tax_id text CHECK (tax_id ~ '^[0-9A-Z]{9}$'),
  email text,
  phone text,
  website text,
  address text,
  logo_id integer REFERENCES multimedia (id),
  description text,
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  search_text text GENERATED ALWAYS AS
    (gestor_fold(name || ' ' || slug || ' ' || coalesce(tax_id, '') || ' ' || coalesce(email, ''))) STORED,
  CONSTRAINT entities_slug_key UNIQUE (slug),
  CONSTRAINT entities_tax_id_key UNIQUE (tax_id)
);
CREATE INDEX entities_name ON entities ((gestor_sort_key(name) COLLATE "C"), id);
CREATE INDEX entities_type ON entities (type, id);
CREATE INDEX entities_active ON entities (active, id);
CREATE INDEX entities_created_at ON entities (created_at, id);
CREATE INDEX entities_updated_at ON entities (updated_at, id);
SELECT gestor_track_count('entities');

CREATE TABLE spaces (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL,
  slug text NOT NULL,
  description text,
  address text,
  capacity integer CHECK (capacity >= 0),
  -- No ON DELETE: an entity with spaces is not deleted (docs/areas.md), and the key makes a delete that
  -- races a new space fail rather than orphan it.
  entity_id integer REFERENCES entities (id),
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  search_text text GENERATED ALWAYS AS
    (gestor_fold(name || ' ' || slug || ' ' || coalesce(address, ''))) STORED,
  CONSTRAINT spaces_slug_key UNIQUE (slug)
);
CREATE INDEX spaces_name ON spaces ((gestor_sort_key(name) COLLATE "C"), id);
CREATE INDEX spaces_entity ON spaces (entity_id, id);
CREATE INDEX spaces_active ON spaces (active, id);
CREATE INDEX spaces_capacity ON spaces (capacity, id);
CREATE INDEX spaces_created_at ON spaces (created_at, id);
CREATE INDEX spaces_updated_at ON spaces (updated_at, id);
SELECT gestor_track_count('spaces');

-- A space's gallery, in order.
CREATE TABLE space_images (
  space_id integer NOT NULL REFERENCES spaces (id) ON DELETE CASCADE,
  media_id integer NOT NULL REFERENCES multimedia (id),
  position integer NOT NULL,
  PRIMARY KEY (space_id, media_id)
);
CREATE INDEX space_images_media ON space_images (media_id);
`;
