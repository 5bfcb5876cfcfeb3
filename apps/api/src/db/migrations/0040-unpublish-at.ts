// Issue 34, scheduled withdrawal (docs/areas.md#rules-shared-by-the-content-areas): a news item or
// page may stop being public by itself at `unpublish_at` (a consultation, an announcement, a job
// offer), read by the public API, the feed, the sitemap and the webhooks with no job, as publishing
// at a time already is. The index serves the public count, which leaves out what has been withdrawn.
export const name = '0040-unpublish-at';

const withdrawal = (table: string) => /* sql */ `
ALTER TABLE ${table} ADD COLUMN unpublish_at timestamptz;
ALTER TABLE ${table} ADD CONSTRAINT ${table}_withdrawn_after_publication
  CHECK (unpublish_at IS NULL OR published_at IS NULL OR unpublish_at > published_at);
CREATE INDEX ${table}_unpublish_at ON ${table} (unpublish_at) WHERE unpublish_at IS NOT NULL;
`;

export const up = /* sql */ `
${withdrawal('news')}
${withdrawal('pages')}
`;
