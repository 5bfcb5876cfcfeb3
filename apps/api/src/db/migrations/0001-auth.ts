// Users, roles, permissions, sessions, login throttles and password-reset tokens (docs/http-api.md, §4).
export const name = '0001-auth';

export const up = /* sql */ `
CREATE TABLE users (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL,
  email text NOT NULL,
  password text,
  email_verified_at timestamptz,
  active boolean NOT NULL DEFAULT true,
  last_login_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- Email is unique regardless of case (docs/areas.md).
CREATE UNIQUE INDEX users_email_lower_unique ON users (lower(email));

CREATE TABLE roles (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL UNIQUE,
  label text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE role_permissions (
  role_id integer NOT NULL REFERENCES roles (id) ON DELETE CASCADE,
  permission text NOT NULL,
  PRIMARY KEY (role_id, permission)
);

CREATE TABLE role_user (
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  role_id integer NOT NULL REFERENCES roles (id) ON DELETE RESTRICT,
  position integer NOT NULL DEFAULT 0,
  PRIMARY KEY (user_id, role_id)
);
CREATE INDEX role_user_role_id ON role_user (role_id);

CREATE TABLE sessions (
  id text PRIMARY KEY,
  user_id integer REFERENCES users (id) ON DELETE CASCADE,
  csrf_token text NOT NULL,
  lifetime_minutes integer NOT NULL,
  ip_address text,
  user_agent text,
  last_activity timestamptz NOT NULL DEFAULT now(),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sessions_user_id ON sessions (user_id);
CREATE INDEX sessions_last_activity ON sessions (last_activity);

CREATE TABLE login_throttles (
  key text PRIMARY KEY,
  attempts integer NOT NULL,
  expires_at timestamptz NOT NULL
);

CREATE TABLE password_reset_tokens (
  email text PRIMARY KEY,
  token_hash text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
`;
