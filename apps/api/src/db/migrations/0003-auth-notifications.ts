// Every API process keeps the sessions it has loaded in memory (decision 006). On PostgreSQL other
// processes write too, so whatever can change a loaded session (its row, its user, the user's roles
// and their permissions) tells every process to forget its cache: one NOTIFY per statement.
// A session's last-activity time alone (written once a minute) does not: each process re-reads a
// session before treating it as expired.
export const name = '0003-auth-notifications';

export const up = /* sql */ `
CREATE FUNCTION gestor_notify_auth_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('gestor_auth_changed', '');
  RETURN NULL;
END $$;

CREATE TRIGGER sessions_auth_changed
  AFTER DELETE OR UPDATE OF user_id, csrf_token, lifetime_minutes ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION gestor_notify_auth_change();
CREATE TRIGGER users_auth_changed
  AFTER UPDATE OR DELETE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION gestor_notify_auth_change();
CREATE TRIGGER roles_auth_changed
  AFTER UPDATE OR DELETE ON roles
  FOR EACH STATEMENT EXECUTE FUNCTION gestor_notify_auth_change();
CREATE TRIGGER role_user_auth_changed
  AFTER INSERT OR UPDATE OR DELETE ON role_user
  FOR EACH STATEMENT EXECUTE FUNCTION gestor_notify_auth_change();
CREATE TRIGGER role_permissions_auth_changed
  AFTER INSERT OR UPDATE OR DELETE ON role_permissions
  FOR EACH STATEMENT EXECUTE FUNCTION gestor_notify_auth_change();
CREATE TRIGGER auth_tables_truncated
  AFTER TRUNCATE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION gestor_notify_auth_change();
`;
