import type { ActivityEntry, Paginated } from '@gestor/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, apiBaseUrl, buildUrl, type QueryParams } from '../../../lib/api-client';

// GET /api/activity (activity.view, decision 031): the activity log, a page at a time, and its CSV.

/** The log's filters, named as the API names them (`filter[user_id]`…) and as the address keeps them. */
export const ACTIVITY_FILTERS = ['user_id', 'area', 'kind', 'from', 'to'] as const;
export type ActivityFilter = (typeof ACTIVITY_FILTERS)[number];

export interface ActivityQuery {
  page: number;
  perPage: number;
  filters: Partial<Record<ActivityFilter, string>>;
}

const filterParams = ({ filters }: ActivityQuery): QueryParams =>
  Object.fromEntries(Object.entries(filters).map(([name, value]) => [`filter[${name}]`, value]));

export const activityKeys = {
  all: ['activity'] as const,
  page: (query: ActivityQuery) => ['activity', 'log', query] as const,
};

export function useActivityLog(query: ActivityQuery) {
  return useQuery({
    queryKey: activityKeys.page(query),
    queryFn: ({ signal }) =>
      api.get<Paginated<ActivityEntry>>('/api/activity', {
        params: { page: query.page, per_page: query.perPage, ...filterParams(query) },
        raw: true,
        signal,
      }),
    // The previous page stays on screen while the next one loads, instead of an empty table.
    placeholderData: keepPreviousData,
  });
}

/** "Exportar CSV": the whole log under the same filters, downloaded by the browser itself. */
export function activityCsvUrl(query: ActivityQuery, baseUrl = apiBaseUrl()): string {
  return buildUrl(baseUrl, '/api/activity', { format: 'csv', ...filterParams(query) });
}
