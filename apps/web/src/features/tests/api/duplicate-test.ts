import { TESTS, type TestRecord } from '@gestor/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { resourceKeys } from '../../../components/resource/resource-api';
import { api } from '../../../lib/api-client';

/** POST /api/tests/{id}/duplicate (test.create and test.view) → the draft copy, "<title> (copia)". */
export function duplicateTest(testId: number): Promise<TestRecord> {
  return api.post<TestRecord>(`/api/${TESTS.path}/${testId}/duplicate`);
}

export function useDuplicateTest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: duplicateTest,
    onSuccess: async (copy) => {
      queryClient.setQueryData(resourceKeys.record(TESTS, copy.id), copy);
      // The lists (and the home screen's totals) now count one more.
      await queryClient.invalidateQueries({
        predicate: (query) => query.queryKey[0] !== TESTS.path || query.queryKey[1] === 'list',
      });
    },
  });
}
