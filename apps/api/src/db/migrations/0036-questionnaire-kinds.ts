// Issue 32, questionnaires for the public (§1): a test is a quiz (correct options, a score) or a
// survey (neither); a question may be optional, carry a help text under its prompt, and (a text
// question) be marked as one whose answers may hold personal data. Existing tests are quizzes and
// their questions required.
export const name = '0036-questionnaire-kinds';

export const up = /* sql */ `
ALTER TABLE tests ADD COLUMN kind text NOT NULL DEFAULT 'quiz' CHECK (kind IN ('quiz', 'survey'));

ALTER TABLE test_questions
  ADD COLUMN required boolean NOT NULL DEFAULT true,
  ADD COLUMN help text CHECK (char_length(help) <= 500),
  ADD COLUMN personal boolean NOT NULL DEFAULT false,
  ADD CONSTRAINT test_questions_personal_text CHECK (NOT personal OR type = 'text');
`;
