import { type EditedQuestion, rescoreQuestion, responseImpact, type TestRecord } from '@gestor/shared';

// Saving a test that already has responses (docs/areas.md#what-the-answers-say): a change to what
// they are scored against is said before it is sent — why, and how many responses it scores again —
// and goes only with the person's yes (`rescore: true`). A change the API refuses (the kind, a
// question's type) is sent as it is, so its 422 says why beside the questions.

export interface RescoreConfirmation {
  /** What changes the scores, one sentence each. */
  reasons: string[];
  /** «Este cambio vuelve a puntuar las 12 respuestas ya enviadas. ¿Continuar?» */
  question: string;
}

/** What to ask before saving `body` over `record`, or null to save at once. */
export function rescoreConfirmation(
  record: Pick<TestRecord, 'kind' | 'questions' | 'responses_count'> | undefined,
  body: { kind?: TestRecord['kind']; questions?: readonly EditedQuestion[]; rescore?: boolean },
): RescoreConfirmation | null {
  if (!record || record.responses_count === 0 || body.rescore) return null;
  const { refused, rescore } = responseImpact({ kind: record.kind, questions: record.questions ?? [] }, body);
  if (refused.length || !rescore.length) return null;
  return { reasons: rescore, question: rescoreQuestion(record.responses_count) };
}
