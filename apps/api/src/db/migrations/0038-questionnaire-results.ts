// Issue 33, what the answers say (docs/areas.md#what-the-answers-say): who may read and grade
// responses (the administrator role gains both permissions, as it holds every one); each text
// answer's grade; a response's grading state; the results a test may publish once closed.
// A quiz's `max_score` now counts its text questions too (a person grades them), so existing
// responses are brought to that reckoning: their text answers wait for a grader.
export const name = '0038-questionnaire-results';

export const up = /* sql */ `
INSERT INTO role_permissions (role_id, permission)
SELECT id, permission FROM roles, unnest(ARRAY['test.results', 'test.grade']) AS permission
WHERE name = 'admin'
ON CONFLICT DO NOTHING;

ALTER TABLE tests
  ADD COLUMN results_public boolean NOT NULL DEFAULT false,
  ADD COLUMN results_fields integer[];

ALTER TABLE test_attempts
  -- Answered text questions of a quiz that no person has graded yet.
  ADD COLUMN pending_grades integer NOT NULL DEFAULT 0 CHECK (pending_grades >= 0),
  -- When it was last graded or re-scored: the version a grader's write starts from.
  ADD COLUMN graded_at timestamptz;
CREATE INDEX test_attempts_pending ON test_attempts (test_id) WHERE pending_grades > 0;

CREATE TABLE test_grades (
  attempt_id integer NOT NULL REFERENCES test_attempts (id) ON DELETE CASCADE,
  question_id integer NOT NULL REFERENCES test_questions (id) ON DELETE CASCADE,
  points integer NOT NULL CHECK (points >= 0),
  comment text CHECK (char_length(comment) <= 2000),
  graded_by integer REFERENCES users (id) ON DELETE SET NULL,
  graded_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (attempt_id, question_id)
);
CREATE INDEX test_grades_question ON test_grades (question_id);
CREATE INDEX test_grades_grader ON test_grades (graded_by);

WITH reckoned AS (
  SELECT a.id,
         count(*) FILTER (WHERE coalesce(btrim(a.answers ->> q.id::text), '') <> '') AS pending,
         sum(q.points) AS text_points,
         t.passing_score
    FROM test_attempts a
    JOIN tests t ON t.id = a.test_id AND t.kind = 'quiz'
    JOIN test_questions q ON q.test_id = a.test_id AND q.type = 'text'
   WHERE a.state = 'submitted'
   GROUP BY a.id, t.passing_score
)
UPDATE test_attempts a
   SET pending_grades = r.pending,
       score = coalesce(a.score, 0),
       max_score = coalesce(a.max_score, 0) + r.text_points,
       percent = CASE WHEN r.pending > 0 THEN NULL
                      ELSE round(coalesce(a.score, 0) * 100.0 / (coalesce(a.max_score, 0) + r.text_points), 2) END,
       passed = CASE WHEN r.pending > 0 THEN NULL
                     ELSE coalesce(a.score, 0) * 100 >= r.passing_score * (coalesce(a.max_score, 0) + r.text_points) END
  FROM reckoned r
 WHERE r.id = a.id;
`;
