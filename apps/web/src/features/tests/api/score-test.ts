import { TESTS, type TestAnswer, type TestScore } from '@gestor/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /api/tests/{id}/score (test.view) → the score the server computes for a set of answers. */
export function scoreTest(testId: number, answers: Record<string, TestAnswer>): Promise<TestScore> {
  return api.post<TestScore>(`/api/${TESTS.path}/${testId}/score`, { answers });
}

export function useScoreTest(testId: number) {
  return useMutation({ mutationFn: (answers: Record<string, TestAnswer>) => scoreTest(testId, answers) });
}
