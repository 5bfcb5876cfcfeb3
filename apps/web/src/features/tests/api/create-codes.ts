import { TESTS, type TestCodesInput, type TestCodesMade } from '@gestor/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { resourceKeys } from '../../../components/resource/resource-api';
import { api } from '../../../lib/api-client';

/**
 * POST /api/tests/{id}/codes (test.update) → the single-use codes, each with its address. The answer
 * is the only time they are seen: the server keeps their hashes alone.
 */
export function createCodes(testId: number, input: TestCodesInput): Promise<TestCodesMade> {
  return api.post<TestCodesMade>(`/api/${TESTS.path}/${testId}/codes`, input);
}

export function useCreateCodes(testId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TestCodesInput) => createCodes(testId, input),
    // The record says how many codes are left unused.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: resourceKeys.record(TESTS, testId) }),
  });
}
