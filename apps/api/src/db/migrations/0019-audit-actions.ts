// Issue 19 (the editor's safety net) writes three more kinds of history entry, in Laravel's
// soft-delete words: `restored` (taken back out of the trash), `force_deleted` (deleted for good,
// from the trash or by its retention) and `reverted` (an earlier version restored). `deleted` now
// means "moved to the trash"; entries written before this migration were permanent deletions.
export const name = '0019-audit-actions';

export const up = /* sql */ `
ALTER TABLE audits DROP CONSTRAINT audits_action_check;
ALTER TABLE audits ADD CONSTRAINT audits_action_check
  CHECK (action IN ('created', 'updated', 'deleted', 'restored', 'force_deleted', 'reverted'));
`;
