// Issue 34 (docs/areas.md#rules-shared-by-the-content-areas): scheduled withdrawal — a news item or
// page may stop being public by itself at `unpublish_at` (a consultation, an announcement, a job
// offer), read by the public API, the feed, the sitemap and the webhooks with no job, as publishing
// at a time already is; its index serves the public count, which leaves out what has been withdrawn.
// And `revise_by`, the day by which someone should read it again; its index serves the dashboard.
export const name = '0040-withdrawal-and-revision';

const withdrawal = (table: string) => /* sql */ `
ALTER TABLE ${table} ADD COLUMN unpublish_at timestamptz;
ALTER TABLE ${table} ADD CONSTRAINT ${table}_withdrawn_after_publication
  CHECK (unpublish_at IS NULL OR published_at IS NULL OR unpublish_at > published_at);
CREATE INDEX ${table}_unpublish_at ON ${table} (unpublish_at) WHERE unpublish_at IS NOT NULL;
ALTER TABLE ${table} ADD COLUMN revise_by date;
CREATE INDEX ${table}_revise_by ON ${table} (revise_by, id) WHERE revise_by IS NOT NULL AND deleted_at IS NULL;
`;

export const up = /* sql */ `
${withdrawal('news')}
${withdrawal('pages')}
`;
