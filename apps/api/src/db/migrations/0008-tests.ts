// docs/areas.md#tests-questionnaires: questionnaires, their questions and each question's options, written
// as one ordered whole (decision 008's child lists keep the ids, so the history shows what changed).
export const name = '0008-tests';

export const up = /* sql */ `
CREATE TABLE tests (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  title text NOT NULL,
  slug text NOT NULL,
  description text,
  status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'published')),
  passing_score integer NOT NULL DEFAULT 50 CHECK (passing_score BETWEEN 0 AND 100),
  time_limit_minutes integer CHECK (time_limit_minutes BETWEEN 1 AND 600),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  search_vector tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('spanish', gestor_fold(title)), 'A') ||
    setweight(to_tsvector('spanish', gestor_fold(coalesce(description, ''))), 'B')
  ) STORED,
  CONSTRAINT tests_slug_key UNIQUE (slug)
);
CREATE INDEX tests_search ON tests USING gin (search_vector);
CREATE INDEX tests_title ON tests ((gestor_sort_key(title) COLLATE "C"), id);
CREATE INDEX tests_status ON tests (status, id);
CREATE INDEX tests_created_at ON tests (created_at, id);
CREATE INDEX tests_updated_at ON tests (updated_at, id);
SELECT gestor_track_count('tests');

CREATE TABLE test_questions (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  test_id integer NOT NULL REFERENCES tests (id) ON DELETE CASCADE,
  position integer NOT NULL,
  prompt text NOT NULL,
  type text NOT NULL CHECK (type IN ('single', 'multiple', 'text')),
  points integer NOT NULL DEFAULT 1 CHECK (points >= 1),
  UNIQUE (test_id, position)
);

CREATE TABLE test_options (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  question_id integer NOT NULL REFERENCES test_questions (id) ON DELETE CASCADE,
  position integer NOT NULL,
  text text NOT NULL,
  correct boolean NOT NULL DEFAULT false,
  UNIQUE (question_id, position)
);
`;
