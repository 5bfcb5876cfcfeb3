// Issue 21, passkeys (decision 036): a person's WebAuthn credentials, and the challenges already
// answered. A challenge is issued signed (nothing stored until it is answered), and is written here
// once spent, so an answer cannot be replayed while the challenge would still be valid.
export const name = '0029-passkeys';

export const up = /* sql */ `
CREATE TABLE passkeys (
  id bigserial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name text NOT NULL,
  credential_id text NOT NULL UNIQUE,
  public_key text NOT NULL,
  counter bigint NOT NULL DEFAULT 0,
  transports text NOT NULL DEFAULT '[]',
  backed_up boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz
);
CREATE INDEX passkeys_user ON passkeys (user_id, created_at);
CREATE TABLE webauthn_spent_challenges (
  challenge text PRIMARY KEY,
  expires_at timestamptz NOT NULL
);
CREATE INDEX webauthn_spent_challenges_expiry ON webauthn_spent_challenges (expires_at);
`;
