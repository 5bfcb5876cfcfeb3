import type {
  ResourceContract,
  Reviewer,
  ReviewReturnInput,
  ReviewStep,
  ReviewSubmitInput,
} from '@gestor/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { recordWritten } from '../resource/resource-api';
import type { ResourceRecord } from '../resource/resource-screens';

// docs/review.md#endpoints: the people a draft may be sent to, the item's review thread, and the two
// transitions that are not a save. Keys under the record's, so every write refreshes the thread.

const base = (contract: ResourceContract) => `/api/${contract.path}`;

export const reviewKeys = {
  reviewers: (contract: ResourceContract) => [contract.path, 'reviewers'] as const,
  thread: (contract: ResourceContract, id: number) => [contract.path, 'record', id, 'review'] as const,
};

/** `GET /api/<path>/reviewers` (`<area>.submit`): loaded when the dialog that offers them opens. */
export function useReviewers(contract: ResourceContract, enabled: boolean) {
  return useQuery({
    queryKey: reviewKeys.reviewers(contract),
    queryFn: ({ signal }) => api.get<Reviewer[]>(`${base(contract)}/reviewers`, { signal }),
    enabled,
  });
}

/** `GET /api/<path>/{id}/review`: the review's steps, oldest first (`<area>.view`). */
export function useReviewThread(contract: ResourceContract, id: number) {
  return useQuery({
    queryKey: reviewKeys.thread(contract, id),
    queryFn: ({ signal }) => api.get<ReviewStep[]>(`${base(contract)}/${id}/review`, { signal }),
  });
}

export type ReviewTransition =
  | { step: 'submit'; body: ReviewSubmitInput }
  | { step: 'return'; body: ReviewReturnInput };

/**
 * `POST …/{id}/submit` or `…/{id}/return`: the record in its new state replaces the cached one and
 * everything refreshes (lists, the dashboard's «Pendiente de revisar», the history, the thread).
 */
export function useReviewTransition(contract: ResourceContract, id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ step, body }: ReviewTransition) =>
      api.post<ResourceRecord>(`${base(contract)}/${id}/${step}`, body),
    onSuccess: (record) => recordWritten(queryClient, contract, record),
  });
}
