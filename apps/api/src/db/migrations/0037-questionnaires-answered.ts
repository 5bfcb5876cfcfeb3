// Issue 32, questionnaires answered by the public (docs/areas.md#opening-a-test-to-the-public): each
// test's publication settings; its single-use codes (hashed); the attempts people make (their token
// hashed, their answers saved as they go); the start links mailed to an address; the proofs of work
// already spent. Nothing here holds an address a request came from.
export const name = '0037-questionnaires-answered';

export const up = /* sql */ `
ALTER TABLE tests
  ADD COLUMN access text NOT NULL DEFAULT 'closed' CHECK (access IN ('closed', 'link', 'pin', 'codes')),
  ADD COLUMN pin_hash text,
  ADD COLUMN opens_at timestamptz,
  ADD COLUMN closes_at timestamptz,
  ADD COLUMN max_responses integer CHECK (max_responses >= 1),
  ADD COLUMN identity text NOT NULL DEFAULT 'none' CHECK (identity IN ('none', 'email', 'code')),
  ADD COLUMN anonymous boolean NOT NULL DEFAULT false,
  ADD COLUMN on_expiry text NOT NULL DEFAULT 'submit' CHECK (on_expiry IN ('submit', 'grace', 'discard')),
  ADD COLUMN grace_minutes integer CHECK (grace_minutes BETWEEN 1 AND 60),
  ADD COLUMN attempts integer NOT NULL DEFAULT 1 CHECK (attempts BETWEEN 1 AND 10),
  ADD COLUMN grading text NOT NULL DEFAULT 'first' CHECK (grading IN ('first', 'highest', 'last')),
  ADD COLUMN feedback text NOT NULL DEFAULT 'score' CHECK (feedback IN ('none', 'score', 'answers')),
  ADD COLUMN show_correct_after_close boolean NOT NULL DEFAULT false,
  ADD COLUMN consent_text text CHECK (char_length(consent_text) <= 5000),
  ADD COLUMN retention_days integer CHECK (retention_days BETWEEN 1 AND 3650),
  -- Submitted responses: what max_responses is checked against, in the submit's own UPDATE.
  ADD COLUMN responses_count integer NOT NULL DEFAULT 0 CHECK (responses_count >= 0),
  ADD CONSTRAINT tests_window CHECK (closes_at IS NULL OR opens_at IS NULL OR closes_at > opens_at),
  ADD CONSTRAINT tests_codes_identity CHECK ((access = 'codes') = (identity = 'code')),
  ADD CONSTRAINT tests_responses_cap CHECK (max_responses IS NULL OR responses_count <= max_responses);

CREATE TABLE test_codes (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  test_id integer NOT NULL REFERENCES tests (id) ON DELETE CASCADE,
  code_hash text NOT NULL UNIQUE,
  extra_minutes integer NOT NULL DEFAULT 0 CHECK (extra_minutes BETWEEN 0 AND 600),
  -- Attempts begun with it; spent once it reaches the test's attempts.
  uses integer NOT NULL DEFAULT 0 CHECK (uses >= 0),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX test_codes_test ON test_codes (test_id);

CREATE TABLE test_attempts (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  test_id integer NOT NULL REFERENCES tests (id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  -- Who answered, where the test keeps it (never in an anonymous test): the address given, or the code.
  email text,
  code_id integer REFERENCES test_codes (id) ON DELETE SET NULL,
  -- The same person's attempts (a keyed hash of the address or the code), for attempts and grading.
  person_key text,
  attempt_number integer NOT NULL DEFAULT 1,
  state text NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'submitted', 'expired', 'discarded')),
  started_at timestamptz,
  deadline timestamptz,
  submit_by timestamptz,
  answers jsonb NOT NULL DEFAULT '{}',
  saved_at timestamptz,
  submitted_at timestamptz,
  score integer,
  max_score integer,
  percent numeric(5, 2),
  passed boolean,
  anonymised_at timestamptz
);
CREATE INDEX test_attempts_test ON test_attempts (test_id, state, submitted_at);
CREATE INDEX test_attempts_person ON test_attempts (test_id, person_key) WHERE person_key IS NOT NULL;
CREATE INDEX test_attempts_open_deadline ON test_attempts (submit_by) WHERE state = 'open';
CREATE INDEX test_attempts_code ON test_attempts (code_id);

-- A start link mailed to an address (identity email): one use, 24 hours. The address itself only
-- where the test keeps who answered; in an anonymous test, only its keyed hash (one response each).
CREATE TABLE test_start_links (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  test_id integer NOT NULL REFERENCES tests (id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  email text,
  person_key text NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX test_start_links_person ON test_start_links (test_id, person_key);
CREATE INDEX test_start_links_expiry ON test_start_links (expires_at);

-- Proofs of work already accepted, until their challenge expires: a proof counts once.
CREATE TABLE spent_proofs (
  signature text PRIMARY KEY,
  expires_at timestamptz NOT NULL
);
`;
