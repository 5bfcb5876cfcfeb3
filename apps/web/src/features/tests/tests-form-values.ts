import type { QuestionType, TESTS, TestRecord } from '@gestor/shared';
import type { FormValuesOf } from '../../components/resource/form-values';

// The values of the test form as react-hook-form holds them, and the new question and option the
// builder adds. The details are derived from the field table (decision 018); the questions are the
// builder's own: ids null until saved, points empty while typed, no positions (the order says it).
// In a file of their own so that the area's components use them without importing its declaration
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
  required: boolean;
  /** Empty: none (stored as null). */
  help: string;
  /** Only a text question's; cleared when its type changes. */
  personal: boolean;
}

export type TestFormValues = Omit<FormValuesOf<typeof TESTS.fields>, 'questions'> & {
  questions: QuestionFormValues[];
};

export const newOption = (): OptionFormValues => ({ id: null, text: '', correct: false });

/** A new question: single choice, one point, two empty options (the least a single one needs). */
export const newQuestion = (): QuestionFormValues => ({
  id: null,
  prompt: '',
  type: 'single',
  points: 1,
  options: [newOption(), newOption()],
  required: true,
  help: '',
  personal: false,
});

/**
 * The PIN in the body (docs/areas.md#opening-a-test-to-the-public): the one typed, with access «Enlace
 * y PIN»; nothing when one is stored and none typed (it stays). null with that access and none stored,
 * so the shared rules say, beside the field and before sending, that it needs one; and null with any
 * other access, so a PIN left from before does not come back when the access is chosen again.
 */
export function withPin(
  values: Pick<TestFormValues, 'access' | 'pin'>,
  record: Pick<TestRecord, 'has_pin'> | undefined,
  body: Record<string, unknown>,
): Record<string, unknown> {
  const { pin: _typed, ...rest } = body;
  const stored = record?.has_pin ?? false;
  if (values.access === 'pin') {
    if (values.pin) return { ...rest, pin: values.pin };
    return stored ? rest : { ...rest, pin: null };
  }
  return stored ? { ...rest, pin: null } : rest;
}

/**
 * The questions whose results are public: the ones chosen that still have options (a question
 * removed or made a text one goes); none chosen, null — every question with options.
 */
export function resultsFieldsOf(
  values: Pick<TestFormValues, 'results_fields' | 'questions'>,
): number[] | null {
  const withOptions = new Set(
    values.questions.flatMap((question) => (question.id && question.type !== 'text' ? [question.id] : [])),
  );
  const chosen = (values.results_fields ?? []).filter((id) => withOptions.has(id));
  return chosen.length ? chosen : null;
}
