import type { FreeAnswer, Paginated } from '@gestor/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { answerKeys, answersPath } from './response-keys';

/** One page of a text question's free answers, searched. */
export interface TextAnswersQuery {
  question: number;
  search: string;
  page: number;
  perPage: number;
}

/** GET /api/tests/{id}/text-answers (test.results): the free answers to one question, newest first. */
export function useTextAnswers(testId: number, query: TextAnswersQuery) {
  return useQuery({
    queryKey: answerKeys.textAnswers(testId, query),
    queryFn: ({ signal }) =>
      api.get<Paginated<FreeAnswer>>(answersPath(testId, 'text-answers'), {
        params: {
          question: query.question,
          page: query.page,
          per_page: query.perPage,
          ...(query.search ? { search: query.search } : {}),
        },
        raw: true,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}
