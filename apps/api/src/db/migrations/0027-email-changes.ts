// "Mi cuenta" (issue 21, decision 034): a change of email waits here until the link mailed to the new
// address is followed; until then the account keeps its old address. One pending change per person;
// only an HMAC of the link's token is stored.
export const name = '0027-email-changes';

export const up = /* sql */ `
CREATE TABLE email_changes (
  user_id integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  new_email text NOT NULL,
  token_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now()
);
`;
