// docs/webhooks.md (decision 023): the webhooks people manage, the outbox of their deliveries
// (written in the transaction of the change that causes them, sent at least once by whichever server
// process claims them), and the scheduled items already announced, so each is announced once.
export const name = '0017-webhooks';

export const up = /* sql */ `
CREATE TABLE webhooks (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL CHECK (char_length(name) <= 100),
  url text NOT NULL CHECK (char_length(url) <= 2048),
  -- Event names (shared/webhooks.ts), in the contract's order.
  events text[] NOT NULL CHECK (cardinality(events) >= 1),
  active boolean NOT NULL DEFAULT true,
  -- whsec_ + base64 of 24 random bytes: shown once, when created; kept as is to sign (decision 023).
  secret text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  search_text text GENERATED ALWAYS AS (gestor_fold(name || ' ' || url)) STORED
);
DO $$
DECLARE trgm_schema name := (SELECT n.nspname FROM pg_extension e
                               JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm');
BEGIN
  EXECUTE format('CREATE INDEX webhooks_search_trgm ON webhooks USING gin (search_text %I.gin_trgm_ops)', trgm_schema);
END $$;
CREATE INDEX webhooks_events ON webhooks USING gin (events);
CREATE INDEX webhooks_active ON webhooks (active, id);
CREATE INDEX webhooks_name ON webhooks ((gestor_sort_key(name) COLLATE "C"), id);
CREATE INDEX webhooks_created_at ON webhooks (created_at, id);
CREATE INDEX webhooks_updated_at ON webhooks (updated_at, id);
SELECT gestor_track_count('webhooks');

-- One row per message and webhook. A worker claims a due row by moving its next_attempt_at ahead by
-- a lease (longer than an attempt may take) and raising its attempt; the outcome is then written
-- for that attempt only. A process that dies mid-send leaves a row that falls due again when the
-- lease ends: sent once more (at least once), never lost. Delivered and failed rows have no
-- next_attempt_at.
CREATE TABLE webhook_deliveries (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  webhook_id integer NOT NULL REFERENCES webhooks (id) ON DELETE CASCADE,
  message_id text NOT NULL,
  type text NOT NULL,
  -- The JSON body, byte for byte as signed and sent on every attempt.
  payload text NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'retrying', 'delivered', 'failed')),
  attempt integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz DEFAULT now(),
  http_status integer,
  duration_ms integer,
  response_excerpt text,
  error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  attempted_at timestamptz,
  delivered_at timestamptz
);
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at, id) WHERE next_attempt_at IS NOT NULL;
CREATE INDEX webhook_deliveries_log ON webhook_deliveries (webhook_id, id);

-- A moment a record changes by time alone, announced (a scheduled item's <area>.published, a slide's
-- window opening or closing): the key is its time, so one scheduled again later is announced again. Inserted with ON CONFLICT DO NOTHING RETURNING in the
-- transaction that writes the outbox rows: of several processes, exactly one announces it.
CREATE TABLE webhook_announcements (
  area text NOT NULL,
  record_id integer NOT NULL,
  at timestamptz NOT NULL,
  PRIMARY KEY (area, record_id, at)
);
CREATE INDEX news_scheduled ON news (published_at) WHERE status = 'scheduled';
-- What came before webhooks existed is not news to anyone: scheduled news already public, slides'
-- windows already open or closed (the moments modules/*-resource.ts declare as timed).
INSERT INTO webhook_announcements (area, record_id, at)
  SELECT 'news', id, published_at FROM news WHERE status = 'scheduled' AND published_at <= now();
INSERT INTO webhook_announcements (area, record_id, at)
  SELECT 'slide', id, starts_at FROM slides WHERE active AND starts_at > updated_at AND starts_at <= now()
  UNION
  SELECT 'slide', id, ends_at FROM slides WHERE active AND ends_at > updated_at AND ends_at <= now();

-- An administrator holds every permission (docs/http-api.md): existing installations' admin role gets
-- the new area's (seedRoles does the same at each start; this holds for a database migrated alone).
INSERT INTO role_permissions (role_id, permission)
  SELECT r.id, p.permission FROM roles r
   CROSS JOIN (VALUES ('webhook.view'), ('webhook.create'), ('webhook.update'), ('webhook.delete')) AS p (permission)
   WHERE r.name = 'admin'
  ON CONFLICT DO NOTHING;
`;
