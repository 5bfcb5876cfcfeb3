// Issue 16: an invitation is not a password reset. The token row says which it is, so the server
// applies its own lifetime (INVITATION_LIFETIME_DAYS, not 60 minutes) and the reset screen greets a
// new person instead of speaking of a forgotten password. Rows issued before this are resets.
export const name = '0014-invitation-tokens';

export const up = /* sql */ `
ALTER TABLE password_reset_tokens
  ADD COLUMN kind text NOT NULL DEFAULT 'reset' CHECK (kind IN ('reset', 'invitation'));
`;
