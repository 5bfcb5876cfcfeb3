// Two things every list and every signed-in request rely on (decision 007, docs/http-api.md):
//
// 1. The session cache forgets only what changed. Migration 0003 announced "something changed" once
//    per statement, so each process flushed every cached session on any write. These triggers say
//    what: `s:<key>` for one session, `u:<id>` for one user's sessions, `*` for everything (a role's
//    permissions). New sessions and last-activity touches are announced by nobody: no cached session
//    can depend on them. Deleting a session that has already expired is not announced either (the
//    sweep): a cache never serves an expired session.
// 2. Text sorts in Spanish order on both engines, whatever the database's collation (PGlite has
//    only C): gestor_sort_key() folds case and accents like gestor_fold() but keeps ñ as its own
//    letter after n, and lists sort by it under the C collation, through indexes.
export const name = '0004-targeted-changes-and-spanish-order';

export const up = /* sql */ `
DROP TRIGGER sessions_auth_changed ON sessions;
DROP TRIGGER users_auth_changed ON users;
DROP TRIGGER roles_auth_changed ON roles;
DROP TRIGGER role_user_auth_changed ON role_user;
DROP TRIGGER role_permissions_auth_changed ON role_permissions;

CREATE FUNCTION gestor_notify_session_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('gestor_auth_changed', 's:' || OLD.id);
  RETURN NULL;
END $$;
CREATE TRIGGER sessions_auth_changed
  AFTER DELETE OR UPDATE OF user_id, csrf_token, lifetime_minutes ON sessions
  FOR EACH ROW WHEN (OLD.last_activity > now() - make_interval(mins => OLD.lifetime_minutes))
  EXECUTE FUNCTION gestor_notify_session_change();

CREATE FUNCTION gestor_notify_user_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('gestor_auth_changed', 'u:' || OLD.id);
  RETURN NULL;
END $$;
CREATE FUNCTION gestor_notify_role_user_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('gestor_auth_changed', 'u:' || OLD.user_id);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM pg_notify('gestor_auth_changed', 'u:' || NEW.user_id);
  END IF;
  RETURN NULL;
END $$;
-- Signing in writes last_login_at (and a re-hashed password): no cached session shows either.
CREATE TRIGGER users_auth_changed
  AFTER UPDATE OF name, email, email_verified_at, active, created_at, updated_at OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION gestor_notify_user_change();
CREATE TRIGGER role_user_auth_changed
  AFTER INSERT OR UPDATE OR DELETE ON role_user
  FOR EACH ROW EXECUTE FUNCTION gestor_notify_role_user_change();

CREATE FUNCTION gestor_notify_all_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('gestor_auth_changed', '*');
  RETURN NULL;
END $$;
CREATE TRIGGER roles_auth_changed
  AFTER UPDATE OR DELETE ON roles
  FOR EACH STATEMENT EXECUTE FUNCTION gestor_notify_all_changed();
CREATE TRIGGER role_permissions_auth_changed
  AFTER INSERT OR UPDATE OR DELETE ON role_permissions
  FOR EACH STATEMENT EXECUTE FUNCTION gestor_notify_all_changed();
DROP TRIGGER auth_tables_truncated ON sessions;
CREATE TRIGGER auth_tables_truncated
  AFTER TRUNCATE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION gestor_notify_all_changed();

-- Spanish order: "Álvaro" with the A's, "Ñandú" after "Nube" and before "Oso". chr(127) sorts after
-- every letter under C, so "n" followed by it comes after any other "n…" and before "o".
CREATE FUNCTION gestor_sort_key(value text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE RETURNS NULL ON NULL INPUT
AS $$ SELECT replace(translate(lower(value), 'áàâäãåāéèêëēíìîïīóòôöõøōúùûüūçýÿ', 'aaaaaaaeeeeeiiiiiooooooouuuuucyy'), 'ñ', 'n' || chr(127)) COLLATE "C" $$;

DROP INDEX users_name;
DROP INDEX users_email;
DROP INDEX users_active;
DROP INDEX roles_label;
CREATE INDEX users_name ON users ((gestor_sort_key(name) COLLATE "C"), id);
CREATE INDEX users_email ON users ((gestor_sort_key(email) COLLATE "C"), id);
CREATE INDEX users_active ON users (active, (gestor_sort_key(name) COLLATE "C"), id);
CREATE INDEX roles_name ON roles ((gestor_sort_key(name) COLLATE "C"), id);
CREATE INDEX roles_label ON roles ((gestor_sort_key(label) COLLATE "C"), id);
`;
