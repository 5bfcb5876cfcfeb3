// Saved views (issue 20, decision 032): a list's search, filters, sort and page size kept under a
// name by one person, optionally shared with everyone who may view the list, and each person's
// default view per list. `area` is the permission area (`news`, `page`…), as `<area>.view` checks it.
// Names are unique per owner and list whatever their case; a default pointing at a view goes with it.
export const name = '0025-saved-views';

export const up = /* sql */ `
CREATE TABLE saved_views (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  area text NOT NULL,
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 60),
  shared boolean NOT NULL DEFAULT false,
  state jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX saved_views_owner_name ON saved_views (user_id, area, lower(name));
CREATE INDEX saved_views_shared ON saved_views (area) WHERE shared;

CREATE TABLE saved_view_defaults (
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  area text NOT NULL,
  view_id integer NOT NULL REFERENCES saved_views (id) ON DELETE CASCADE,
  PRIMARY KEY (user_id, area)
);
CREATE INDEX saved_view_defaults_view ON saved_view_defaults (view_id);
`;
