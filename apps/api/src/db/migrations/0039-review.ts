// Issue 34, review (docs/review.md, decision 054): news and pages gain the state `review` between
// draft and published, and the columns that say who sent an item, when, to whom and with what note
// (read only while it is in review; the next submission overwrites them). The name is kept beside the
// id, as the history keeps it, so the dashboard still says who sent an item once that user is gone.
// Two more kinds of history entry: `submitted` and `returned`. Roles that existed before review get
// the permissions that keep their people working: whoever edited may send to review, whoever
// published (and edits) reviews.
export const name = '0039-review';

const reviewColumns = (table: string) => /* sql */ `
ALTER TABLE ${table} DROP CONSTRAINT ${table}_status_check;
ALTER TABLE ${table}
  ADD COLUMN review_submitted_by integer REFERENCES users (id) ON DELETE SET NULL,
  ADD COLUMN review_submitted_by_name text,
  ADD COLUMN review_submitted_at timestamptz,
  ADD COLUMN review_reviewer_id integer REFERENCES users (id) ON DELETE SET NULL,
  ADD COLUMN review_note text CHECK (char_length(review_note) <= 2000);
CREATE INDEX ${table}_in_review ON ${table} (review_submitted_at, id) WHERE status = 'review';
-- A user deleted for good clears these (ON DELETE SET NULL): each found through an index.
CREATE INDEX ${table}_review_submitted_by ON ${table} (review_submitted_by);
CREATE INDEX ${table}_review_reviewer ON ${table} (review_reviewer_id);
`;

export const up = /* sql */ `
${reviewColumns('news')}
ALTER TABLE news ADD CONSTRAINT news_status_check
  CHECK (status IN ('draft', 'review', 'published', 'scheduled'));
${reviewColumns('pages')}
ALTER TABLE pages ADD CONSTRAINT pages_status_check CHECK (status IN ('draft', 'review', 'published'));

ALTER TABLE audits DROP CONSTRAINT audits_action_check;
ALTER TABLE audits ADD CONSTRAINT audits_action_check
  CHECK (action IN ('created', 'updated', 'deleted', 'restored', 'force_deleted', 'reverted', 'submitted', 'returned'));

INSERT INTO role_permissions (role_id, permission)
SELECT role_id, split_part(permission, '.', 1) || '.submit' FROM role_permissions
WHERE permission IN ('news.update', 'page.update')
ON CONFLICT DO NOTHING;
INSERT INTO role_permissions (role_id, permission)
SELECT p.role_id, split_part(p.permission, '.', 1) || '.review' FROM role_permissions p
WHERE p.permission IN ('news.publish', 'page.publish')
  AND EXISTS (SELECT 1 FROM role_permissions u
              WHERE u.role_id = p.role_id AND u.permission = split_part(p.permission, '.', 1) || '.update')
ON CONFLICT DO NOTHING;
`;
