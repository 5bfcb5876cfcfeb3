// "Quién está editando" (issue 19, decision 027): one row per browser tab that has a record's edit
// screen open, refreshed by the tab's heartbeat. The row that holds the record's edit lock is marked;
// the partial unique index keeps it to one per record. Nothing expires by a job: a row whose `seen_at`
// is older than two minutes counts as gone wherever it is read, and is deleted by the next write on
// its record. Rows belong to a user (the key includes user_id), so a tab id sent by someone else
// cannot touch them.
export const name = '0022-edit-presence';

export const up = /* sql */ `
CREATE TABLE edit_presence (
  area text NOT NULL,
  record_id integer NOT NULL,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  tab_id text NOT NULL CHECK (tab_id ~ '^[A-Za-z0-9_-]{8,64}$'),
  started_at timestamptz NOT NULL DEFAULT now(),
  seen_at timestamptz NOT NULL DEFAULT now(),
  holds_lock boolean NOT NULL DEFAULT false,
  locked_at timestamptz,
  PRIMARY KEY (area, record_id, user_id, tab_id)
);
CREATE UNIQUE INDEX edit_presence_one_lock ON edit_presence (area, record_id) WHERE holds_lock;
CREATE INDEX edit_presence_tab ON edit_presence (user_id, tab_id);
CREATE INDEX edit_presence_seen_at ON edit_presence (seen_at);
`;
