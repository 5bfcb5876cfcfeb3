import type { TestResponseDetail } from '@gestor/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { answerKeys, answersPath } from './response-keys';

/** GET /api/tests/{id}/responses/{rid} (test.results): one response, every answer as it was given. */
export function getResponse(testId: number, responseId: number, signal?: AbortSignal) {
  return api.get<TestResponseDetail>(answersPath(testId, `responses/${responseId}`), { signal });
}

export function useTestResponse(testId: number, responseId: number) {
  return useQuery({
    queryKey: answerKeys.response(testId, responseId),
    queryFn: ({ signal }) => getResponse(testId, responseId, signal),
  });
}
