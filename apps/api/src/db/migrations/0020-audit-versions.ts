// Issue 19, "Restaurar una versión anterior" (decision 025): each history entry may carry what is
// needed to rebuild the whole record as it was after that change — a full state every so often and a
// delta from the previous entry between them — and a restore says which version it brought back.
// Entries written before this migration carry none: their versions cannot be shown or restored.
export const name = '0020-audit-versions';

export const up = /* sql */ `
-- {"state": {...}} (the whole version) or {"base": <previous entry id>, "depth": n, "set": {...},
-- "patch": {...}} (what changed since the previous entry; long texts as text patches).
ALTER TABLE audits ADD COLUMN version jsonb;
-- On a 'reverted' entry: the entry whose version was restored, {"id", "created_at"}, kept even
-- after that entry is pruned.
ALTER TABLE audits ADD COLUMN reverted_from jsonb;
-- audit:prune deletes by age (AUDIT_RETENTION_DAYS).
CREATE INDEX audits_created_at ON audits (created_at);
`;
