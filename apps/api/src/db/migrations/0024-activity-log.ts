// The activity log (issue 20, decision 031): `activity.view` reads every area's history and the
// security log, newest first, narrowed by person, area, kind and Madrid days. The administrator role
// gains the new permission (it always holds every one); the log's reads get their indexes, each
// ending in (created_at, id) so a page is read in order from the index.
export const name = '0024-activity-log';

export const up = /* sql */ `
INSERT INTO role_permissions (role_id, permission)
SELECT id, 'activity.view' FROM roles WHERE name = 'admin'
ON CONFLICT DO NOTHING;

-- The whole log, newest first; audit:prune's deletes by age use it too.
DROP INDEX audits_created_at;
CREATE INDEX audits_created_at ON audits (created_at, id);
-- One person's changes (and the foreign key's ON DELETE SET NULL, which audits_user served).
DROP INDEX audits_user;
CREATE INDEX audits_user ON audits (user_id, created_at, id);
-- One area's changes.
CREATE INDEX audits_resource_created_at ON audits (resource, created_at, id);
-- What one person did to others' accounts (the person filter reads actor_id beside user_id), and the
-- foreign key's ON DELETE SET NULL.
CREATE INDEX security_events_actor ON security_events (actor_id, created_at, id);
-- One kind of security event (every refused sign-in).
CREATE INDEX security_events_kind ON security_events (kind, created_at, id);
`;
