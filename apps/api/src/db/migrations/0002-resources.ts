// What the resource machinery needs (docs/http-api.md#resources-one-shape-for-every-area): accent- and case-insensitive
// search, exact totals without counting a million rows, and audits; with indexes for the users list
// (search, sorts, the active filter) and the roles list's sorts as they were first declared. Not for
// every sort and search: 0004 rebuilds the text sorts' indexes in Spanish order (and adds roles by
// name), and the roles search column gets no trigram index here. Only comments change in a migration
// that has run (migrate.ts knows migrations by name; their SQL stays as it ran).
export const name = '0002-resources';

export const up = /* sql */ `
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;

-- Lower case without accents ("José" → "jose"); IMMUTABLE so generated columns and indexes can use it.
CREATE FUNCTION gestor_fold(value text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE RETURNS NULL ON NULL INPUT
AS $$ SELECT translate(lower(value), 'áàâäãåāéèêëēíìîïīóòôöõøōúùûüūñçýÿ', 'aaaaaaaeeeeeiiiiiooooooouuuuuncyy') $$;

-- Exact row totals for unfiltered lists, kept by statement-level triggers.
CREATE TABLE row_counts (table_name text PRIMARY KEY, total bigint NOT NULL);

CREATE FUNCTION gestor_count_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE row_counts SET total = total + (SELECT count(*) FROM new_rows) WHERE table_name = TG_TABLE_NAME;
  ELSE
    UPDATE row_counts SET total = total - (SELECT count(*) FROM old_rows) WHERE table_name = TG_TABLE_NAME;
  END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION gestor_track_count(target regclass) RETURNS void LANGUAGE plpgsql AS $$
DECLARE name text := (SELECT relname FROM pg_class WHERE oid = target);
BEGIN
  EXECUTE format('INSERT INTO row_counts (table_name, total) SELECT %L, count(*) FROM %s', name, target);
  EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %s REFERENCING NEW TABLE AS new_rows
                  FOR EACH STATEMENT EXECUTE FUNCTION gestor_count_rows()', name || '_count_insert', target);
  EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %s REFERENCING OLD TABLE AS old_rows
                  FOR EACH STATEMENT EXECUTE FUNCTION gestor_count_rows()', name || '_count_delete', target);
END $$;

-- Users: search by name or email, sort by each listed column, filter by role and active.
ALTER TABLE users ADD COLUMN search_text text
  GENERATED ALWAYS AS (gestor_fold(name || ' ' || email)) STORED;
-- The operator class named with the extension's own schema: a database may have had pg_trgm
-- installed beforehand in a schema that is not on the search path (an "extensions" schema).
DO $$
DECLARE trgm_schema name := (SELECT n.nspname FROM pg_extension e
                               JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm');
BEGIN
  EXECUTE format('CREATE INDEX users_search_trgm ON users USING gin (search_text %I.gin_trgm_ops)', trgm_schema);
END $$;
CREATE INDEX users_name ON users (name, id);
CREATE INDEX users_email ON users (email, id);
CREATE INDEX users_created_at ON users (created_at, id);
CREATE INDEX users_updated_at ON users (updated_at, id);
CREATE INDEX users_last_login_at ON users (last_login_at, id);
CREATE INDEX users_active ON users (active, name, id);
SELECT gestor_track_count('users');

ALTER TABLE roles ADD COLUMN search_text text
  GENERATED ALWAYS AS (gestor_fold(name || ' ' || label)) STORED;
CREATE INDEX roles_label ON roles (label, id);
CREATE INDEX roles_updated_at ON roles (updated_at, id);
CREATE INDEX roles_created_at ON roles (created_at, id);
SELECT gestor_track_count('roles');

-- Every change: who, when, what, which fields from → to.
CREATE TABLE audits (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  resource text NOT NULL,
  record_id integer NOT NULL,
  action text NOT NULL CHECK (action IN ('created', 'updated', 'deleted')),
  user_id integer REFERENCES users (id) ON DELETE SET NULL,
  user_name text,
  changes jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX audits_record ON audits (resource, record_id, id DESC);
`;
