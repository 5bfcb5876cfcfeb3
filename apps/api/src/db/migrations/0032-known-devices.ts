// Issue 21, "Nuevo inicio de sesión": the browsers each person has signed in from, so a sign-in from
// one never seen before can be told to them by mail. A browser is named by a random value in a
// long-lived cookie of its own; only an HMAC of it is kept, per person.
export const name = '0032-known-devices';

export const up = /* sql */ `
CREATE TABLE known_devices (
  id bigserial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  device_hash text NOT NULL,
  user_agent text,
  ip text,
  first_seen_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, device_hash)
);
CREATE INDEX known_devices_user_seen ON known_devices (user_id, last_seen_at DESC);
`;
