// The security log (issue 20, decision 031): sign-ins, failed sign-ins, sign-outs, password resets,
// permission changes and the account's security settings, with the address and browser they came
// from, as the Esquema Nacional de Seguridad asks (who did what, from where). The person's name is
// kept beside the id, so the log still reads after the account is deleted. `kind` is checked for
// shape only; the kinds themselves are listed in @gestor/shared (security-events.ts).
export const name = '0023-security-events';

export const up = /* sql */ `
CREATE TABLE security_events (
  id bigserial PRIMARY KEY,
  kind text NOT NULL CHECK (kind ~ '^[a-z][a-z_]{1,59}$'),
  user_id integer REFERENCES users (id) ON DELETE SET NULL,
  user_name text,
  email text,
  actor_id integer REFERENCES users (id) ON DELETE SET NULL,
  actor_name text,
  ip text,
  user_agent text,
  details jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX security_events_created_at ON security_events (created_at DESC, id DESC);
CREATE INDEX security_events_user ON security_events (user_id, created_at DESC);
`;
