// Issue 31, "Agenda": what happens where and when. Published as news is (draft, scheduled,
// published), public while published and not yet over; in a space (or none), with categories in
// order, a cover and a body whose library images count as usages. Spanish full text as news.
export const name = '0035-events';

export const up = /* sql */ `
CREATE TABLE events (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  title text NOT NULL,
  subtitle text CHECK (char_length(subtitle) <= 200),
  slug text NOT NULL,
  starts_at timestamptz NOT NULL,
  ends_at timestamptz NOT NULL,
  space_id integer REFERENCES spaces (id) ON DELETE SET NULL,
  body text NOT NULL DEFAULT '',
  cover_id integer REFERENCES multimedia (id) ON DELETE SET NULL,
  status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'published', 'scheduled')),
  published_at timestamptz,
  author_id integer REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz,
  search_vector tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('spanish', gestor_search_text(title || ' ' || coalesce(subtitle, ''))), 'A') ||
    setweight(to_tsvector('spanish', gestor_search_text(gestor_html_text(body))), 'C')
  ) STORED,
  CONSTRAINT events_slug_key UNIQUE (slug),
  CONSTRAINT events_scheduled_has_date CHECK (status <> 'scheduled' OR published_at IS NOT NULL),
  CONSTRAINT events_ends_after_start CHECK (ends_at >= starts_at)
);
ALTER TABLE events ALTER COLUMN search_vector SET STORAGE MAIN;
CREATE INDEX events_search ON events USING gin (search_vector);
CREATE INDEX events_title ON events ((gestor_sort_key(title) COLLATE "C"), id);
CREATE INDEX events_starts_at ON events (starts_at, id);
CREATE INDEX events_updated_at ON events (updated_at, id);
CREATE INDEX events_created_at ON events (created_at, id);
CREATE INDEX events_status ON events (status, published_at, id);
CREATE INDEX events_space ON events (space_id, starts_at, id);
CREATE INDEX events_cover ON events (cover_id);
CREATE INDEX events_author ON events (author_id, updated_at, id);
CREATE INDEX events_trashed ON events (deleted_at, id) WHERE deleted_at IS NOT NULL;
-- The website's agenda: what is still to come or under way, soonest first.
CREATE INDEX events_upcoming ON events (ends_at, starts_at, id) WHERE deleted_at IS NULL AND status <> 'draft';

CREATE TABLE category_events (
  event_id integer NOT NULL REFERENCES events (id) ON DELETE CASCADE,
  category_id integer NOT NULL REFERENCES categories (id) ON DELETE CASCADE,
  position integer NOT NULL,
  PRIMARY KEY (event_id, category_id)
);
CREATE INDEX category_events_category ON category_events (category_id, event_id);
CREATE TRIGGER category_events_content_changed
  AFTER INSERT OR UPDATE OR DELETE ON category_events
  FOR EACH STATEMENT EXECUTE FUNCTION gestor_notify_content_change();

SELECT gestor_manage_table('events', public => true);
`;
