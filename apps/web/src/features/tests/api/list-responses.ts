import type { Paginated, TestResponseListItem } from '@gestor/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  type ListShape,
  type ListState,
  listFilterParams,
  listQueryParams,
} from '../../../components/resource/list-state';
import { api, apiBaseUrl, buildUrl } from '../../../lib/api-client';
import { answerKeys, answersPath } from './response-keys';

// GET /api/tests/{id}/responses (test.results): a test's responses a page at a time, newest first,
// and the same list as a file (`format=csv|xlsx`) under the same filters.

/** The list's filters, named as the API names them and as the address keeps them (`filter[state]=…`). */
export const RESPONSE_FILTERS = ['state', 'from', 'to', 'passed', 'pending'] as const;
export type ResponseFilter = (typeof RESPONSE_FILTERS)[number];

/** What the list's address may hold (components/resource/list-state.ts reads and writes it). */
export const RESPONSE_LIST: ListShape = {
  sortable: ['submitted_at', 'score'],
  defaultSort: '-submitted_at',
  filters: Object.fromEntries(RESPONSE_FILTERS.map((name) => [name, name])),
};

export function useTestResponses(testId: number, state: ListState) {
  return useQuery({
    queryKey: answerKeys.responses(testId, state),
    queryFn: ({ signal }) =>
      api.get<Paginated<TestResponseListItem>>(answersPath(testId, 'responses'), {
        params: listQueryParams(state),
        raw: true,
        signal,
      }),
    // The previous page stays on screen while the next one loads, instead of an empty table.
    placeholderData: keepPreviousData,
  });
}

export type ResponsesFileFormat = 'csv' | 'xlsx';

/** «Exportar CSV» and «Exportar Excel»: every response under the list's filters, downloaded by the browser. */
export function responsesFileUrl(
  testId: number,
  state: ListState,
  format: ResponsesFileFormat,
  baseUrl = apiBaseUrl(),
): string {
  return buildUrl(baseUrl, answersPath(testId, 'responses'), { ...listFilterParams(state), format });
}
