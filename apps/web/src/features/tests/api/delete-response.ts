import { TESTS } from '@gestor/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { resourceKeys } from '../../../components/resource/resource-api';
import { api } from '../../../lib/api-client';
import { answerKeys, answersPath, startsWith } from './response-keys';

/**
 * DELETE /api/tests/{id}/responses/{rid} (test.results): a response erased for good, at its
 * person's request (the right to erasure); the test's history records it.
 */
export function deleteResponse(testId: number, responseId: number): Promise<void> {
  return api.delete<void>(answersPath(testId, `responses/${responseId}`));
}

export function useDeleteResponse(testId: number, responseId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteResponse(testId, responseId),
    onSuccess: async () => {
      const erased = answerKeys.response(testId, responseId);
      // Its screen is still open until the person is taken to the list: not asked for again now
      // (a 404 flashing before the move), only whenever it is opened next.
      await queryClient.invalidateQueries({ queryKey: erased, refetchType: 'none' });
      // The test counts one response fewer (its list, statistics and history too), and the home page.
      await queryClient.invalidateQueries({
        predicate: ({ queryKey }) =>
          queryKey[0] === 'dashboard' ||
          (startsWith(queryKey, resourceKeys.record(TESTS, testId)) && !startsWith(queryKey, erased)),
      });
    },
  });
}
