import type { TestStatistics } from '@gestor/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { answerKeys, answersPath } from './response-keys';

/** What the API answers (each question also says how many responses answered it). */
export type ResultsStatistics = TestStatistics;

/** GET /api/tests/{id}/statistics (test.results): the test's figures and each question's. */
export function getStatistics(testId: number, signal?: AbortSignal) {
  return api.get<ResultsStatistics>(answersPath(testId, 'statistics'), { signal });
}

export function useTestStatistics(testId: number) {
  return useQuery({
    queryKey: answerKeys.statistics(testId),
    queryFn: ({ signal }) => getStatistics(testId, signal),
  });
}
