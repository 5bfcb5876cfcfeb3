// API tokens (issue 21, decision 037): Laravel Sanctum's personal_access_tokens, column for column, so
// a Laravel back end reads the same rows. `token` is the SHA-256 (hex) of the random part of
// `<id>|<random>`; `abilities` a JSON array of permission names, as Sanctum stores it (text).
//
// A cached token is forgotten like a cached session (decision 007): a token revoked, or its abilities
// or expiry changed, announces its owner (`u:<id>`, migration 0004's payload) so every process drops
// what it holds for that person. `last_used_at` is written at most once a minute and announces nothing.
export const name = '0030-personal-access-tokens';

export const up = /* sql */ `
CREATE TABLE personal_access_tokens (
  id bigserial PRIMARY KEY,
  tokenable_type text NOT NULL,
  tokenable_id bigint NOT NULL,
  name text NOT NULL,
  token char(64) NOT NULL UNIQUE,
  abilities text,
  last_used_at timestamptz,
  expires_at timestamptz,
  created_at timestamptz DEFAULT now(),
  updated_at timestamptz DEFAULT now()
);
CREATE INDEX personal_access_tokens_tokenable ON personal_access_tokens (tokenable_type, tokenable_id);
CREATE INDEX personal_access_tokens_expires_at ON personal_access_tokens (expires_at);

CREATE FUNCTION gestor_notify_token_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('gestor_auth_changed', 'u:' || OLD.tokenable_id);
  RETURN NULL;
END $$;
CREATE TRIGGER personal_access_tokens_auth_changed
  AFTER DELETE OR UPDATE OF token, abilities, expires_at, tokenable_type, tokenable_id ON personal_access_tokens
  FOR EACH ROW EXECUTE FUNCTION gestor_notify_token_change();

-- A user sent to the trash is signed out by deleting their sessions (announced); their tokens have no
-- such row to delete, so the trashing itself is announced (restoring one too).
CREATE TRIGGER users_trashed_auth_changed
  AFTER UPDATE OF deleted_at ON users
  FOR EACH ROW WHEN (OLD.deleted_at IS DISTINCT FROM NEW.deleted_at)
  EXECUTE FUNCTION gestor_notify_user_change();

-- Users are soft-deleted and never removed by the app; should one be removed by hand, its tokens go too
-- (Sanctum has no foreign key: tokenable is polymorphic).
CREATE FUNCTION gestor_delete_user_tokens() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM personal_access_tokens WHERE tokenable_type = 'App\\Models\\User' AND tokenable_id = OLD.id;
  RETURN NULL;
END $$;
CREATE TRIGGER users_tokens_deleted
  AFTER DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION gestor_delete_user_tokens();
`;
