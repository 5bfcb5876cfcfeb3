import type { ResponseGradesInput, TestResponseDetail } from '@gestor/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { answerKeys, answersPath, startsWith } from './response-keys';

/**
 * PUT /api/tests/{id}/responses/{rid}/grades (test.grade and test.results): the grades of its text
 * answers, from the version the grader read (409 when another grader saved first) → the response.
 */
export function gradeResponse(testId: number, responseId: number, input: ResponseGradesInput) {
  return api.put<TestResponseDetail>(answersPath(testId, `responses/${responseId}/grades`), input);
}

export function useGradeResponse(testId: number, responseId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ResponseGradesInput) => gradeResponse(testId, responseId, input),
    onSuccess: async (response) => {
      queryClient.setQueryData(answerKeys.response(testId, responseId), response);
      // Its score in the list, the test's statistics and the home page's «Pendiente de corregir».
      await queryClient.invalidateQueries({
        predicate: ({ queryKey }) =>
          queryKey[0] === 'dashboard' ||
          (startsWith(queryKey, answerKeys.all(testId)) &&
            !startsWith(queryKey, answerKeys.response(testId, responseId))),
      });
    },
  });
}
