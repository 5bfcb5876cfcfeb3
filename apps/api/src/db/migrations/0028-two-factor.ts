// Two-factor sign-in (issue 21, decision 035): Fortify's three columns on users, the secret and the
// recovery codes encrypted under a key derived from APP_KEY (lib/secret-box.ts), never in clear.
// `two_factor_last_step` is the RFC 6238 time step of the last code accepted, so a code is taken at
// most once (a conditional UPDATE decides between two requests carrying the same code). A role may
// require the second factor of its holders. A session remembers when its password was last
// confirmed (Laravel's auth.password_confirmed_at).
export const name = '0028-two-factor';

export const up = /* sql */ `
ALTER TABLE users
  ADD COLUMN two_factor_secret text,
  ADD COLUMN two_factor_recovery_codes text,
  ADD COLUMN two_factor_confirmed_at timestamptz,
  ADD COLUMN two_factor_last_step bigint;

ALTER TABLE roles ADD COLUMN requires_two_factor boolean NOT NULL DEFAULT false;

ALTER TABLE sessions ADD COLUMN password_confirmed_at timestamptz;

-- A cached session shows whether its user has the second factor (GET /api/user, the set-up gate):
-- confirming or removing it is announced like a change of name.
DROP TRIGGER users_auth_changed ON users;
CREATE TRIGGER users_auth_changed
  AFTER UPDATE OF name, email, email_verified_at, active, created_at, updated_at, two_factor_confirmed_at
     OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION gestor_notify_user_change();
`;
