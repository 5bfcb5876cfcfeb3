import { TESTS } from '@gestor/shared';
import { resourceKeys } from '../../../components/resource/resource-api';

// What a test's answers are cached under: below the test's own record key, so what invalidates the
// test (a save that re-scores its responses) invalidates them too.

export const answerKeys = {
  /** Everything a test's answers say: its responses, one response, its statistics, its free answers. */
  all: (testId: number) => [...resourceKeys.record(TESTS, testId), 'answers'] as const,
  responses: (testId: number, query: object) => [...answerKeys.all(testId), 'responses', query] as const,
  response: (testId: number, responseId: number) =>
    [...answerKeys.all(testId), 'response', responseId] as const,
  statistics: (testId: number) => [...answerKeys.all(testId), 'statistics'] as const,
  textAnswers: (testId: number, query: object) => [...answerKeys.all(testId), 'text-answers', query] as const,
};

/** The address of a test's answers under the API (`/api/tests/{id}/…`). */
export const answersPath = (testId: number, rest: string) => `/api/${TESTS.path}/${testId}/${rest}`;

/** Whether a query key falls under another (TanStack Query's own prefix matching, for a predicate). */
export const startsWith = (key: readonly unknown[], prefix: readonly unknown[]) =>
  prefix.every((part, index) => key[index] === part);
