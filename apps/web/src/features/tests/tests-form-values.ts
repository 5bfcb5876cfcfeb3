import type { QuestionType, TestStatus } from '@gestor/shared';

// The values of the test form as react-hook-form holds them: what the declaration's `fromRecord`
// makes of a record and `toBody` sends, and the new question and option the builder adds. In a file
// of their own so that the area's components use them without importing its declaration
// (tests-screens.tsx), which imports those components: a cycle `npm run lint` refuses.

export interface OptionFormValues {
  /** The option's id once saved (kept, so the history says what changed); null for a new one. */
  id: number | null;
  text: string;
  correct: boolean;
}

export interface QuestionFormValues {
  id: number | null;
  prompt: string;
  type: QuestionType;
  points: number | null;
  /** Kept while the question is of type text (switching back brings them back), never sent then. */
  options: OptionFormValues[];
}

export interface TestFormValues {
  title: string;
  /** Empty on creation: the server makes it from the title. */
  slug: string;
  description: string;
  status: TestStatus;
  passing_score: number | null;
  /** Null: no time limit. */
  time_limit_minutes: number | null;
  questions: QuestionFormValues[];
}

export const newOption = (): OptionFormValues => ({ id: null, text: '', correct: false });

/** A new question: single choice, one point, two empty options (the least a single one needs). */
export const newQuestion = (): QuestionFormValues => ({
  id: null,
  prompt: '',
  type: 'single',
  points: 1,
  options: [newOption(), newOption()],
});
